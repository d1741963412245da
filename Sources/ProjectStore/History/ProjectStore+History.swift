import Foundation

/// What an undo or redo did: the change it took back or applied again, and the folders of undone
/// adds that held more than `add` made and so went to the trash rather than away.
public struct HistoryOutcome: Sendable, Equatable {
    public let entry: History.Entry
    public let trashed: [String]
    /// The catalog as the undo or redo left it, for saying what was done without reading it again.
    public let catalog: ProjectCatalog
    /// The fields an undo gave back another machine's value, made at the same time as the change
    /// it took back.
    public let restored: [RestoredValue]
}

/// What `history --rebuild` did: how many changes it applied again, how many projects the list
/// then holds, how many operations it had to pass over (see `ProjectCatalog.replaying`), and
/// where it kept the store it found damaged.
public struct HistoryRebuild: Sendable, Equatable {
    public let changes: Int
    public let projects: Int
    public let passedOver: Int
    public var keptDamagedStore: String?
}

extension ProjectStore {
    /// The history as the store has seen it. No lock is needed: the store is read first, and
    /// changes it has not seen are left out.
    public func history() throws(ProjectStoreError) -> History {
        History(changes: try historyChanges().changes)
    }

    /// Every change the store has seen, undos and redos included, oldest first, with the catalog
    /// they led to: what tells the names projects had at each change.
    /// Of a lost store, every change its history holds: the evidence the writer decides from.
    public func historyChanges() throws(ProjectStoreError) -> (changes: [Change], catalog: ProjectCatalog) {
        let catalog = try catalog()
        var seeing = catalog
        if catalog.lost != nil { seeing.revision = .max }
        return (try storage.history(of: seeing), catalog)
    }

    /// Forgets every change; the projects are untouched. Also the way out of a damaged history,
    /// and, for a lost store, the way to start afresh.
    public func clearHistory() throws(ProjectStoreError) {
        try changeAndTidy(acceptingLostStore: true) { catalog throws(ProjectStoreError) in try storage.clearHistory(of: &catalog) }
    }

    /// Brings the store up to its history: of a lost store, the list the history records; of a
    /// store older than its history (restored from a backup), the changes it missed; of a damaged
    /// store, set aside whole first, the list the history records. `nil` when the store already
    /// holds every change its history records.
    public func rebuildFromHistory() throws(ProjectStoreError) -> HistoryRebuild? {
        do {
            return try rebuildOverStore()
        } catch {
            guard case .storage(.invalid) = error, let kept = try storage.setAsideDamagedStore(at: clock()) else { throw error }
            // The store's place is now empty: the history alone says what the list was.
            var rebuilt = try rebuildOverStore() ?? HistoryRebuild(changes: 0, projects: 0, passedOver: 0)
            rebuilt.keptDamagedStore = kept
            return rebuilt
        }
    }

    private func rebuildOverStore() throws(ProjectStoreError) -> HistoryRebuild? {
        try changeAndTidy(acceptingLostStore: true) { catalog throws(ProjectStoreError) -> HistoryRebuild? in
            var everything = catalog
            everything.revision = .max
            let missed = try storage.history(of: everything).filter { $0.revision > catalog.revision }
            guard let last = missed.last else { return nil }
            var (rebuilt, passedOver) = catalog.replaying(missed)
            // The store is written one revision on: it then holds every change its history does.
            rebuilt.revision = last.revision - 1
            rebuilt.lastClock = last.clock
            rebuilt.lost = nil
            rebuilt.historyMark = HistoryMark()
            catalog = rebuilt
            return HistoryRebuild(changes: missed.count, projects: rebuilt.projects.count, passedOver: passedOver, keptDamagedStore: nil)
        }
    }

    /// Takes back the most recent change not yet undone, on disk too.
    public func undo() throws(ProjectStoreError) -> HistoryOutcome {
        try travel(.backward)
    }

    /// Applies again the most recently undone change, unless a change came since.
    public func redo() throws(ProjectStoreError) -> HistoryOutcome {
        try travel(.forward)
    }

    public enum Direction: Sendable {
        /// Back to what the change found: undo.
        case backward
        /// Again to what the change left: redo.
        case forward
    }

    /// `chosen`: the change to take back, found in the catalog under the store's lock; without it,
    /// the next one `undo` or `redo` takes.
    func travel(
        _ direction: Direction, chosen: ((ProjectCatalog) throws(ProjectStoreError) -> History.Entry)? = nil
    ) throws(ProjectStoreError) -> HistoryOutcome {
        var madeTrash: [String] = []
        let travelled = try changeAndTidy { catalog throws(ProjectStoreError) -> (History.Entry, [DiskStep], ProjectCatalog, [RestoredValue])? in
            let entry = if let chosen { try chosen(catalog) } else { try direction == .backward ? nextUndo(in: catalog) : nextRedo(in: catalog) }
            // After a change the history could not record, the first undo says so instead of taking
            // back the change before it, and the store notes that the writer was told. A change
            // chosen by the writer is the one they mean.
            if direction == .backward, chosen == nil, catalog.unrecordedChange != nil { return nil }
            guard !entry.change.isLegacy else { throw .historyBlocked(.recordedBeforeUpgrade, command: entry.command) }
            var operations = direction == .backward
                ? entry.change.catalogOperations.reversed().map(\.reversed) : redoing(entry.change, undoneBy: entry.undoneBy)
            var restored: [RestoredValue] = []
            if direction == .backward { (operations, restored) = try reversals(of: entry.change, operations, in: catalog) }
            catalog.beginChange()
            do throws(HistoryObstacle) {
                try catalog.apply(operations)
            } catch {
                throw .historyBlocked(changedElsewhere(since: entry.change, in: catalog) ?? error, command: entry.command)
            }
            diskLog.start()
            let disk = entry.change.diskSteps
            // The history is a file like any other: what it says moves nothing outside the root.
            let root = root(of: catalog)
            guard disk.allSatisfy({ $0.paths.allSatisfy { ProjectFolder.isMovable($0, in: root) } }) else {
                throw .historyBlocked(.rootChanged, command: entry.command)
            }
            for step in direction == .backward ? disk.reversed() : disk {
                let leaving = catalog.projects.first { $0.id == step.project }
                madeTrash += try take(step, direction, entry: entry, leaving: leaving, in: catalog)
            }
            try record(direction == .backward ? .undo(of: entry.change.id) : .redo(of: entry.change.id), in: &catalog)
            // Said as what it did: with another machine's value given back, not what the change found.
            var told = entry
            if !restored.isEmpty { told.change.operations = operations.reversed().map(\.reversed) + entry.change.diskSteps.map(ChangeOperation.disk) }
            return (told, diskLog.steps, catalog, restored)
        }
        guard let (entry, steps, catalog, restored) = travelled else { throw try toldOfUnrecordedChange() }
        // The store holds the undo: a folder an undone add made goes for good if it holds only the
        // empty folders `add` made; anything more stays in the trash.
        var trashed: [String] = []
        if direction == .backward {
            for case .made(_, let path, _) in entry.change.diskSteps {
                for case .moved(_, path, let place) in steps where !folders.removeIfOnlyEmptyFolders(place) {
                    trashed.append(place)
                }
            }
            // And the trash made for it, if that is all it held.
            if trashed.isEmpty { folders.removeEmptyFolders(madeTrash) }
        }
        return HistoryOutcome(entry: entry, trashed: trashed, catalog: catalog, restored: restored)
    }

    /// Notes in the store that the writer was told the most recent change went unrecorded, and
    /// returns what tells them.
    private func toldOfUnrecordedChange() throws(ProjectStoreError) -> ProjectStoreError {
        let time = try changeAndTidy { catalog throws(ProjectStoreError) in
            let time = catalog.unrecordedChange
            catalog.noteUnrecorded(nil)
            return time
        }
        return .unrecordedChange(at: time ?? clock())
    }

    /// The most recent change not undone, found by reading the history backward only as far as
    /// needed. The newest undo or redo of a change says whether it is undone.
    private func nextUndo(in catalog: ProjectCatalog) throws(ProjectStoreError) -> History.Entry {
        var decided: [ChangeID: Bool] = [:]
        var commands = 0
        let lines = try storage.recentHistory(of: catalog) { change in
            change.noteUndone(in: &decided)
            guard case .command = change.kind else { return false }
            commands += 1
            return commands > History.limit || decided[change.id] != true
        }
        guard let found = lines.last, case .command = found.outline.kind, commands <= History.limit,
              decided[found.outline.id] != true
        else { throw .nothingToUndo }
        return History.Entry(change: try found.whole(), isUndone: false, undoneBy: nil)
    }

    /// The most recently undone change, unless a change came since: the newest undo after the last
    /// command, of a change not redone since; with that undo, for a redo to take back its disk steps.
    /// Read back as far as that change, however far: `undelete` may have taken back a deletion older
    /// than the changes `undo` reaches.
    private func nextRedo(in catalog: ProjectCatalog) throws(ProjectStoreError) -> History.Entry {
        var redone = Set<ChangeID>()
        var wanted: (target: ChangeID, undo: ChangeID)?
        let lines = try storage.recentHistory(of: catalog) { change in
            if let wanted { return change.id == wanted.target }
            switch change.kind {
            case .command: return true  // a change since the undos: nothing to redo
            case .redo(let target): redone.insert(target)
            case .undo(let target): if !redone.contains(target) { wanted = (target, change.id) }
            }
            return false
        }
        guard let wanted, let target = lines.last, target.outline.id == wanted.target,
              let undo = lines.first(where: { $0.outline.id == wanted.undo })
        else { throw .nothingToRedo }
        return History.Entry(change: try target.whole(), isUndone: true, undoneBy: try undo.whole())
    }

    /// One disk step of a change, taken back (`.backward`) or again, through an intent like any
    /// change's (a restore through the project's versions instead). Refuses when the folder is not where the change left it, or something is in the way.
    /// Returns the trash it made to take back an add, for the undo to remove once it is empty.
    private func take(
        _ step: DiskStep, _ direction: Direction, entry: History.Entry, leaving: Project?, in catalog: ProjectCatalog
    ) throws(ProjectStoreError) -> [String] {
        func blocked(_ obstacle: HistoryObstacle) -> ProjectStoreError { .historyBlocked(obstacle, command: entry.command) }
        let project = step.project
        func move(_ source: String, _ destination: String, made earlier: [String] = []) throws(ProjectStoreError) {
            guard folders.entry(at: source) == .folder else { throw blocked(.folderMoved(source)) }
            guard folders.entry(at: destination) == .missing else { throw blocked(.folderInTheWay(destination)) }
            let made: [String]
            do throws(FolderSystemError) { made = try folders.makeFolders(FolderPath.parent(of: destination)) } catch { throw .folderFailed(error) }
            try perform(
                FolderIntent(step: .move(from: source, to: destination), leaving: leaving, of: project, madeParents: earlier + made),
                recording: .moved(project: project, from: source, to: destination))
        }
        switch (step, direction) {
        case (.made(_, let path, _), .backward):
            guard folders.entry(at: path) == .folder else { throw blocked(.folderMoved(path)) }
            let (place, made): (String, [String])
            do throws(FolderSystemError) { (place, made) = try FolderTrash.freePlace(for: path, on: folders) } catch { throw .folderFailed(error) }
            try move(path, place, made: made)
            return made
        case (.made(_, let path, let layout), .forward):
            guard folders.entry(at: path) == .missing else { throw blocked(.folderInTheWay(path)) }
            // Back from the trash if the undo left it there holding more than `add` made; else made
            // anew, as `add` made it (an undo cut short may have left part of the empty ones).
            for case .moved(_, path, let place) in entry.undoneBy?.diskSteps ?? [] where folders.entry(at: place) == .folder {
                if !folders.removeIfOnlyEmptyFolders(place) {
                    try move(place, path)
                    return []
                }
            }
            let made: [String]
            do throws(FolderSystemError) { made = try folders.makeFolders(FolderPath.parent(of: path)) } catch { throw .folderFailed(error) }
            try perform(
                FolderIntent(step: .make(path), leaving: leaving, of: project, madeParents: made),
                recording: .made(project: project, path: path, layout: layout)
            ) { () throws(FolderSystemError) in try fill(path, with: layout) }
        case (.moved(_, let source, let destination), .backward):
            try move(destination, source)
        case (.moved(_, let source, let destination), .forward):
            try move(source, destination)
        case (.restored(let restore), _):
            try retrace(restore, direction, in: catalog, command: entry.command)
        }
        return []
    }
}

extension Change {
    /// For a history read newest first: the first undo or redo of a change met says whether it is
    /// undone, noted in `undone`; a command notes nothing.
    func noteUndone(in undone: inout [ChangeID: Bool]) {
        switch kind {
        case .undo(let target): if undone[target] == nil { undone[target] = true }
        case .redo(let target): if undone[target] == nil { undone[target] = false }
        case .command: break
        }
    }
}
