import Foundation

extension ProjectStore {
    /// `restore`: makes a file of the project hold one of its versions again, today's text kept
    /// first as a version noted `note(number)`, as one change of the history, which `undo` takes
    /// back. `file` is named from the project's folder. The step names versions by id only: on
    /// another machine sharing the root it changes nothing, since the file's text travels there
    /// through the sync engine like any file.
    public func restore(
        _ file: String, of project: Project, version: String, note: (Int) -> String
    ) throws(ProjectStoreError) -> VersionShelf.Restored {
        try change { catalog throws(ProjectStoreError) in
            let (_, folder) = try existingFolder(of: .id(project.id), in: catalog)
            let restored = try onShelf(folder) { shelf throws(VersionError) in try shelf.restore(file, version: version, note: note) }
            diskLog.append(.restored(FileRestore(
                project: project.id, file: file, before: restored.before?.record.id, restored: restored.restored.record.id,
                number: restored.restored.number)))
            return restored
        }
    }

    /// A restore taken back (`.backward`: the file holds the text it had before again, or is gone
    /// again if the restore brought it back) or applied again, in the project's folder as it is now.
    /// Refused, nothing changed, when the file holds anything else: text the writer typed since is
    /// never overwritten.
    func retrace(_ restore: FileRestore, _ direction: Direction, in catalog: ProjectCatalog, command: String) throws(ProjectStoreError) {
        guard let project = catalog.projects.first(where: { $0.id == restore.project }) else {
            throw .historyBlocked(.projectChanged(restore.file), command: command)
        }
        let (_, folder) = try existingFolder(of: .id(project.id), in: catalog)
        let (from, to) = direction == .backward ? (restore.restored, restore.before) : (restore.before, restore.restored)
        let exchanged = try onShelf(folder) { shelf throws(VersionError) in try shelf.exchange(restore.file, from: from, to: to) }
        guard exchanged else { throw .historyBlocked(.fileChanged(restore.file), command: command) }
        // An undo or redo names the restore it took, as the history says it.
        diskLog.append(.restored(restore))
    }

    private func onShelf<Result>(
        _ folder: String, _ body: (VersionShelf) throws(VersionError) -> Result
    ) throws(ProjectStoreError) -> Result {
        let shelf = VersionShelf(folder: versionFolder(folder), machine: machine(), clock: clock)
        do throws(VersionError) { return try body(shelf) } catch { throw .versions(error) }
    }
}
