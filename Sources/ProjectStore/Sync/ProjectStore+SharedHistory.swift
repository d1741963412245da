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

    /// This machine's changes and, in a shared root, every other machine's, in the one order all
    /// machines agree on, with the catalog they lead to and what the merge decided (`nil` when the
    /// root is not shared): what `history` says, and what tells every answer a piece was given.
    public func everyMachinesHistory() throws(ProjectStoreError) -> (changes: [Change], catalog: ProjectCatalog, merge: MergeOutcome?) {
        var (changes, catalog) = try historyChanges()
        let shared = try otherMachinesChanges(in: catalog)
        if let shared {
            // A machine that took a new id (its home was copied) finds its earlier changes in the log
            // it shared with the copy: shown once.
            let own = Set(changes.map(\.id))
            changes = (changes + shared.changes.filter { !own.contains($0.id) })
                .sorted { ($0.clock, $0.machine.id.uuidString) < ($1.clock, $1.machine.id.uuidString) }
        }
        return (changes, catalog, shared?.merge)
    }

    /// What stops an undo or redo of `change` in a shared list when another machine is the cause:
    /// the latest change another machine made after seeing `change` to what it would restore (a
    /// field it set, a project it made or deleted, a market it added, edited or deleted, a
    /// submission it sent or answered for). A change made at the same time stands in no one's way:
    /// it gave way to `change`, or `change` to it, or it was dropped with the project. `nil` when no
    /// other machine did, or the list is not shared.
    func changedElsewhere(since change: Change, in catalog: ProjectCatalog) -> HistoryObstacle? {
        guard let mark = catalog.sharing else { return nil }
        let undone = MergeStamp(clock: change.clock, machine: change.machine.id)
        let projects = ProjectFootprint(change)
        let submissions = SubmissionFootprint(change, in: catalog)
        var latest: (change: SharedChange, name: String, what: ChangeElsewhere)?
        for machine in mark.logs.keys where machine != change.machine.id {
            for entry in (try? shared.log(of: machine, in: mark.root)) ?? [] {
                let other = entry.change
                guard other.knew(of: undone), latest.map({ $0.change.stamp < other.stamp }) ?? true else { continue }
                if let found = projects.obstacle(in: other.change.operations) {
                    latest = (other, Self.name(of: found.project, in: catalog, or: [other.change, change]), found.what)
                } else if !submissions.isEmpty, let market = submissions.obstacle(in: other.change.operations) {
                    latest = (other, market.market, market.what)
                }
            }
        }
        guard let latest else { return nil }
        return .changedElsewhere(latest.name, machine: latest.change.change.machine.name, what: latest.what)
    }

    /// A project's name as the writer knows it: in the list, or, gone from it, as `changes` last named it.
    private static func name(of id: UUID, in catalog: ProjectCatalog, or changes: [Change]) -> String {
        if let project = catalog.projects.first(where: { $0.id == id }) { return project.name }
        for change in changes {
            for operation in change.operations.reversed() {
                switch operation {
                case .create(let project) where project.id == id, .remove(let project) where project.id == id: return project.name
                case .set(id, .name(_, let to)): return to
                default: continue
                }
            }
        }
        return String(id.lowercasedString.prefix(8))
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
        var everything: [SharedChange] = []
        for machine in try shared.logEnds(in: mark.root).keys {
            everything += try shared.log(of: machine, in: mark.root).map(\.change)
        }
        let others = everything.filter { $0.change.id != change.id && $0.change.kind != .redo(of: change.id) }
        let (now, without): (MergeOutcome, MergeOutcome)
        do throws(DocumentProblem) {
            now = try ProjectCatalog.merged(everything, numbered: numbered)
            without = try ProjectCatalog.merged(others, numbered: numbered)
        } catch {
            throw .sharedFile(.invalid(path: mark.root, error))
        }
        let undone = MergeStamp(clock: change.clock, machine: change.machine.id)
        var restored: [RestoredValue] = []
        let operations = reversals.compactMap { operation -> ChangeOperation? in
            if case .create(var back) = operation, let kept = without.catalog.projects.first(where: { $0.id == back.id }) {
                // A deleted project brought back with the edits the deletion dropped: without the
                // deletion, they would hold.
                for field in ["details", "target", "due"] {
                    guard let writer = without.writer(of: field, of: back.id), writer.machine.id != change.machine.id else { continue }
                    let before = back
                    switch field {
                    case "details": back.details = kept.details
                    case "target": back.target = kept.target
                    default: back.due = kept.due
                    }
                    if back != before { restored.append(RestoredValue(project: back.id, field: field, machine: writer.machine.name)) }
                }
                return .create(back)
            }
            guard case .set(let id, let field) = operation, let project = without.catalog.projects.first(where: { $0.id == id }) else {
                return operation
            }
            // A field another machine set at the same time, later: its value holds, and there is
            // nothing of this change's to take back.
            if ["details", "target", "due"].contains(field.field), let holder = now.writer(of: field.field, of: id),
               holder.machine.id != change.machine.id, !(everything.first { $0.change.id == holder.id }?.knew(of: undone) ?? true) {
                return nil
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
    /// left, which in a shared list may be another machine's rather than the value `change` found,
    /// and each project it deleted as its undo brought it back.
    func redoing(_ change: Change, undoneBy undo: Change?) -> [ChangeOperation] {
        var left: [String: FieldChange] = [:]
        var broughtBack: [UUID: Project] = [:]
        for operation in undo?.operations ?? [] {
            switch operation {
            case .set(let id, let field): left["\(id)/\(field.field)"] = field
            case .create(let project): broughtBack[project.id] = project
            default: break
            }
        }
        return change.catalogOperations.map { operation in
            switch operation {
            case .set(let id, let field): left["\(id)/\(field.field)"].map { .set(id, field.after($0)) } ?? operation
            // Deleted again as the undo brought it back, with the edits another machine had made.
            case .remove(let project): broughtBack[project.id].map(ChangeOperation.remove) ?? operation
            default: operation
            }
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
