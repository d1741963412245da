import Foundation

/// What an undo or redo did: the change it took back or applied again, and the folders of undone
/// adds that held more than `add` made and so went to the trash rather than away.
public struct HistoryOutcome: Sendable, Equatable {
    public let entry: History.Entry
    public let trashed: [String]
}

extension ProjectStore {
    /// The history as the store has seen it. No lock is needed: the store is read first, and events
    /// of revisions it has not reached are ignored.
    public func history() throws(ProjectStoreError) -> History {
        let revision = try catalog().revision
        return History(events: try storage.historyEvents(), storeRevision: revision)
    }

    /// Forgets every change; the projects are untouched. Also the way out of a damaged history.
    public func clearHistory() throws(ProjectStoreError) {
        try changeAndTidy { _ throws(ProjectStoreError) in try storage.replaceHistory([]) }
    }

    /// Takes back the most recent change not yet undone, on disk too.
    public func undo() throws(ProjectStoreError) -> HistoryOutcome {
        try travel(.backward)
    }

    /// Applies again the most recently undone change, unless a change came since.
    public func redo() throws(ProjectStoreError) -> HistoryOutcome {
        try travel(.forward)
    }

    private func travel(_ direction: ProjectCatalog.Direction) throws(ProjectStoreError) -> HistoryOutcome {
        var madeTrash: [String] = []
        let (entry, steps) = try changeAndTidy { catalog throws(ProjectStoreError) in
            // Found in the outline, then read whole: an import of thousands is read only when taken.
            let history = History(events: try storage.historyOutline(), storeRevision: catalog.revision)
            guard var entry = direction == .backward ? history.nextUndo : history.nextRedo else {
                throw direction == .backward ? .nothingToUndo : .nothingToRedo
            }
            if case .change(_, let record)? = try storage.change(revision: entry.revision)?.kind { entry.record = record }
            var draft = catalog
            do throws(HistoryObstacle) {
                try draft.apply(entry.record, direction)
            } catch {
                throw .historyBlocked(error, command: entry.command)
            }
            diskLog.start()
            for step in direction == .backward ? entry.record.disk.reversed() : entry.record.disk {
                madeTrash += try take(step, direction, entry: entry)
            }
            let kind: HistoryEvent.Kind = direction == .backward
                ? .undo(of: entry.revision, disk: diskLog.steps) : .redo(of: entry.revision, disk: diskLog.steps)
            try storage.appendHistory(HistoryEvent(revision: catalog.revision + 1, time: clock(), kind: kind), storeRevision: catalog.revision)
            catalog = draft
            return (entry, diskLog.steps)
        }
        // The store holds the undo: a folder an undone add made goes for good if it holds only the
        // empty folders `add` made; anything more stays in the trash.
        var trashed: [String] = []
        if direction == .backward {
            for case .made(_, let path, _) in entry.record.disk {
                for case .moved(_, path, let place) in steps where !folders.removeIfOnlyEmptyFolders(place) {
                    trashed.append(place)
                }
            }
            // And the trash made for it, if that is all it held.
            if trashed.isEmpty { folders.removeEmptyFolders(madeTrash) }
        }
        return HistoryOutcome(entry: entry, trashed: trashed)
    }

    /// One disk step of a change, taken back (`.backward`) or again, through an intent like any
    /// change's. Refuses when the folder is not where the change left it, or something is in the way.
    /// Returns the trash it made to take back an add, for the undo to remove once it is empty.
    private func take(_ step: DiskStep, _ direction: ProjectCatalog.Direction, entry: History.Entry) throws(ProjectStoreError) -> [String] {
        func blocked(_ obstacle: HistoryObstacle) -> ProjectStoreError { .historyBlocked(obstacle, command: entry.command) }
        let project = step.project
        let delta = entry.record.projects.first { $0.id == project }
        let leaving = direction == .backward ? delta?.before : delta?.after
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
            for case .moved(_, path, let place) in entry.undoDisk where folders.entry(at: place) == .folder {
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
        }
        return []
    }
}

extension DiskStep {
    var project: UUID {
        switch self {
        case .made(let project, _, _), .moved(let project, _, _): project
        }
    }
}
