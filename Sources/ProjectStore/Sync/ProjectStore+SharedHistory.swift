import Foundation

extension ProjectStore {
    /// The other machines' changes, as their logs in the shared root hold them, and what merging
    /// every log decided (which change gave way to which): what `history` adds to this machine's own
    /// changes. `nil` when the root is not shared.
    public func otherMachinesChanges(in catalog: ProjectCatalog) throws(ProjectStoreError) -> (changes: [Change], merge: MergeOutcome)? {
        guard let root = sharedRoot(of: catalog) else { return nil }
        let me = machine().id
        var everything: [SharedChange] = []
        for machine in try shared.logEnds(in: root).keys {
            everything += try shared.log(of: machine, in: root).map(\.change)
        }
        let merge: MergeOutcome
        do throws(DocumentProblem) {
            merge = try ProjectCatalog.merged(everything, numbered: numbered)
        } catch {
            throw .sharedFile(.invalid(path: root, error))
        }
        // A machine's joining brings what it had, already in its own history.
        let theirs = everything.filter { $0.change.machine.id != me && $0.change.command != "sync" }
        return (theirs.sorted { $0.stamp < $1.stamp }.map(\.change), merge)
    }

    /// What stops an undo or redo of `change` in a shared list when another machine is the cause:
    /// the latest change another machine made since to a project `change` touched. `nil` when no
    /// other machine did, or the list is not shared.
    func changedElsewhere(since change: Change, in catalog: ProjectCatalog) -> HistoryObstacle? {
        guard let mark = catalog.sharing else { return nil }
        let touched = Set(change.projectIDs)
        var latest: Change?
        for machine in mark.logs.keys where machine != change.machine.id {
            for entry in (try? shared.log(of: machine, in: mark.root)) ?? [] {
                let other = entry.change.change
                guard other.clock > change.clock, !touched.isDisjoint(with: other.projectIDs) else { continue }
                if latest.map({ $0.clock < other.clock }) ?? true { latest = other }
            }
        }
        guard let latest, let id = latest.projectIDs.first(where: touched.contains) else { return nil }
        var name = catalog.projects.first { $0.id == id }?.name
        for case .remove(let project) in latest.operations where project.id == id { name = project.name }
        return .changedElsewhere(name ?? String(id.lowercasedString.prefix(8)), machine: latest.machine.name)
    }
}

/// A field an undo gave back another machine's value: the undone change had replaced it, made
/// without knowing of it.
public struct RestoredValue: Sendable, Equatable {
    public let project: UUID
    /// The field, as the history names it: `details`, `target`, `due`.
    public let field: String
    /// The machine whose value came back.
    public let machine: String
}

extension ProjectStore {
    /// The reversals an undo of `change` applies, in a shared list: each of the fields below takes
    /// the value it would hold had `change` never been made, not the value this machine had before
    /// it. When `change` overrode another machine's change made at the same time, that machine's
    /// value comes back; taking back this machine's change never erases another's.
    /// A name or a folder goes back as this machine had it: its folder moves with it on disk.
    func reversals(
        of change: Change, _ reversals: [ChangeOperation], in catalog: ProjectCatalog
    ) throws(ProjectStoreError) -> (operations: [ChangeOperation], restored: [RestoredValue]) {
        guard let mark = catalog.sharing else { return (reversals, []) }
        var others: [SharedChange] = []
        for machine in try shared.logEnds(in: mark.root).keys {
            others += try shared.log(of: machine, in: mark.root).map(\.change).filter {
                $0.change.id != change.id && $0.change.kind != .redo(of: change.id)
            }
        }
        let without: MergeOutcome
        do throws(DocumentProblem) {
            without = try ProjectCatalog.merged(others, numbered: numbered)
        } catch {
            throw .sharedFile(.invalid(path: mark.root, error))
        }
        var restored: [RestoredValue] = []
        let operations = reversals.map { operation -> ChangeOperation in
            guard case .set(let id, let field) = operation, let project = without.catalog.projects.first(where: { $0.id == id }) else {
                return operation
            }
            let instead: FieldChange
            switch field {
            case .details(let from, let to) where project.details != to: instead = .details(from: from, to: project.details)
            case .target(let from, let to) where project.target != to: instead = .target(from: from, to: project.target)
            case .due(let from, let to) where project.due != to: instead = .due(from: from, to: project.due)
            default: return operation
            }
            if let writer = without.writer(of: field.field, of: id), writer.machine.id != change.machine.id {
                restored.append(RestoredValue(project: id, field: field.field, machine: writer.machine.name))
            }
            return .set(id, instead)
        }
        return (operations, restored)
    }
}

extension ProjectStore {
    /// What a redo of `change` applies: its operations, each field starting from the value its undo
    /// left, which in a shared list may be another machine's rather than the value `change` found.
    func redoing(_ change: Change, undoneBy undo: Change?) -> [ChangeOperation] {
        var left: [String: FieldChange] = [:]
        for case .set(let id, let field) in undo?.operations ?? [] { left["\(id)/\(field.field)"] = field }
        return change.catalogOperations.map { operation in
            guard case .set(let id, let field) = operation, let undone = left["\(id)/\(field.field)"] else { return operation }
            return .set(id, field.after(undone))
        }
    }
}

extension FieldChange {
    /// This change, from the value `earlier` left the field at; a name or folder is left as it is,
    /// since an undo gives those back as this machine had them.
    func after(_ earlier: FieldChange) -> FieldChange {
        switch (self, earlier) {
        case (.details(_, let to), .details(_, let left)): .details(from: left, to: to)
        case (.target(_, let to), .target(_, let left)): .target(from: left, to: to)
        case (.due(_, let to), .due(_, let left)): .due(from: left, to: to)
        default: self
        }
    }
}
