import Foundation

extension ProjectStore {
    /// Brings back a project this machine deleted, by the name it had then: takes back that
    /// deletion alone, as `undo` would, whatever this machine did since (a plain `undo` would take
    /// back the most recent change instead). The project comes back with its folder and, in a
    /// shared list, with the edits another machine made that the deletion dropped. Refused, nothing
    /// changed, when a change since stands in the way (the name taken meanwhile, another machine's
    /// change made after seeing the deletion).
    public func undelete(named name: String) throws(ProjectStoreError) -> HistoryOutcome {
        try travel(.backward) { catalog throws(ProjectStoreError) in try deletion(named: name, in: catalog) }
    }

    /// The most recent change of this machine's history, among the last `History.limit` commands,
    /// not undone, that deleted a project named `name` not in the list now.
    private func deletion(named name: String, in catalog: ProjectCatalog) throws(ProjectStoreError) -> History.Entry {
        let key = ProjectName.matchKey(name)
        let present = Set(catalog.projects.map(\.id))
        var undone: [ChangeID: Bool] = [:]
        var commands = 0
        let lines = try storage.recentHistory(of: catalog) { change in
            change.noteUndone(in: &undone)
            if case .command = change.kind { commands += 1 }
            return commands >= History.limit
        }
        // The outlines carry no operations: the commands not undone are read whole, newest first,
        // until one deleted that project.
        for line in lines {
            guard case .command = line.outline.kind, undone[line.outline.id] != true else { continue }
            let change = try line.whole()
            let deleted = change.catalogOperations.contains { operation in
                guard case .remove(let project) = operation else { return false }
                return !present.contains(project.id) && ProjectName.matchKey(project.name) == key
            }
            if deleted { return History.Entry(change: change, isUndone: false, undoneBy: nil) }
        }
        throw .nothingToUndelete(name)
    }
}
