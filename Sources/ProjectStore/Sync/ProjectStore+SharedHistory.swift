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
