import Foundation

/// The history as the writer sees it: every recorded change, whether it is undone, and which undone
/// changes can still be redone. Built by replaying the changes the store has seen, oldest first.
public struct History: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public internal(set) var change: Change
        public internal(set) var isUndone: Bool
        /// The last undo of it, for a redo to find what that undo did on disk.
        public internal(set) var undoneBy: Change?

        /// A change shown on its own, as `sync` tells what came in.
        public init(change: Change, isUndone: Bool = false, undoneBy: Change? = nil) {
            self.change = change
            self.isUndone = isUndone
            self.undoneBy = undoneBy
        }

        public var time: Date { change.time }
        public var command: String { change.command }
    }

    /// Changes beyond this many, the oldest first, are dropped: the history never grows without limit.
    public static let limit = 200

    /// Oldest first.
    public private(set) var entries: [Entry] = []
    /// Clocks of undone changes that a redo can apply again, the next one last.
    public private(set) var redoChain: [ChangeID] = []

    /// `changes` in the order recorded; an undo or redo of a change not among them is ignored.
    public init(changes: [Change]) {
        var index: [ChangeID: Int] = [:]
        for change in changes {
            switch change.kind {
            case .command:
                redoChain.removeAll()
                index[change.id] = entries.count
                entries.append(Entry(change: change, isUndone: false, undoneBy: nil))
            case .undo(let target):
                guard let position = index[target] else { continue }
                entries[position].isUndone = true
                entries[position].undoneBy = change
                redoChain.append(target)
            case .redo(let target):
                guard let position = index[target] else { continue }
                entries[position].isUndone = false
                redoChain.removeAll { $0 == target }
            }
        }
        if entries.count > Self.limit {
            entries.removeFirst(entries.count - Self.limit)
            let kept = Set(entries.map(\.change.id))
            redoChain.removeAll { !kept.contains($0) }
        }
    }

    /// The change `undo` takes back: the most recent one not undone.
    public var nextUndo: Entry? { entries.last { !$0.isUndone } }

    /// The change `redo` applies again: the most recently undone, unless a change came after.
    public var nextRedo: Entry? {
        guard let id = redoChain.last else { return nil }
        return entries.last { $0.change.id == id && $0.isUndone }
    }

    /// How many deletions older than the last `limit` changes compaction keeps all the same (the
    /// most recent ones): `undelete` still finds them, and the history stays bounded.
    public static let keptDeletions = 100

    /// Which of `changes` (as given to `init`) the history still needs: those of the entries it
    /// keeps, the last `keptDeletions` older deletions not undone, and the undos and redos of
    /// both. Replaying the result gives this same history: the older deletions fall outside its
    /// entries, where only `undelete` looks.
    public static func kept(_ changes: [Change]) -> [Change] {
        let history = History(changes: changes)
        var kept = Set(history.entries.map(\.change.id))
        var undone: [ChangeID: Bool] = [:]
        var deletions = 0
        for change in changes.reversed() where deletions < keptDeletions {
            change.noteUndone(in: &undone)
            guard case .command = change.kind, !kept.contains(change.id), undone[change.id] != true, change.deletesAProject else { continue }
            kept.insert(change.id)
            deletions += 1
        }
        return changes.filter { change in
            switch change.kind {
            case .command: kept.contains(change.id)
            case .undo(let target), .redo(let target): kept.contains(target)
            }
        }
    }
}
