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

    /// The most recent change of this machine's history not undone that deleted a project named
    /// `name` not in the list now, however far back. The history is read backward a stretch at a
    /// time, each four times the last, so a recent deletion costs what `undo` does and an old one
    /// about as much as reading back to it.
    private func deletion(named name: String, in catalog: ProjectCatalog) throws(ProjectStoreError) -> History.Entry {
        let key = ProjectName.matchKey(name)
        let present = Set(catalog.projects.map(\.id))
        var stretch = History.limit
        var checked = 0
        while true {
            var undone: [ChangeID: Bool] = [:]
            var commands = 0
            let lines = try storage.recentHistory(of: catalog) { change in
                change.noteUndone(in: &undone)
                if case .command = change.kind { commands += 1 }
                return commands >= stretch
            }
            // The outlines carry no operations: the commands not undone are read whole, newest first,
            // until one deleted that project; those of an earlier stretch were read already.
            for line in lines.dropFirst(checked) {
                guard case .command = line.outline.kind, undone[line.outline.id] != true else { continue }
                let change = try line.whole()
                let deleted = change.catalogOperations.contains { operation in
                    guard case .remove(let project) = operation else { return false }
                    return !present.contains(project.id) && ProjectName.matchKey(project.name) == key
                }
                if deleted { return History.Entry(change: change, isUndone: false, undoneBy: nil) }
            }
            // Fewer commands than the stretch: the whole history was read.
            guard commands >= stretch else { throw .nothingToUndelete(name) }
            checked = lines.count
            stretch *= 4
        }
    }
}
