import Foundation

/// One line of the history: a change, or the undo or redo of one. `revision` is the store revision
/// the event produced: an event whose store was never written (a crash between the two) has a
/// revision above the store's, and is not part of the history.
public struct HistoryEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case change(command: String, record: ChangeRecord)
        case undo(of: Int, disk: [DiskStep])
        case redo(of: Int, disk: [DiskStep])
        /// The redo chain as it stood when the history was compacted, oldest first.
        case redoChain([Int])
    }

    public let revision: Int
    public let time: Date
    public let kind: Kind

    public init(revision: Int, time: Date, kind: Kind) {
        self.revision = revision
        self.time = time
        self.kind = kind
    }

    public var isChange: Bool {
        if case .change = kind { return true }
        return false
    }
}

/// The history as the writer sees it: every recorded change, whether it is undone, and which
/// undone changes can still be redone. Built by replaying the events the store has seen.
public struct History: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let revision: Int
        public let time: Date
        public let command: String
        public internal(set) var record: ChangeRecord
        public internal(set) var isUndone: Bool
        /// What the last undo of it did on disk, for a redo to take back.
        public internal(set) var undoDisk: [DiskStep]
    }

    /// Changes beyond this many, the oldest first, are dropped: the history never grows without limit.
    public static let limit = 200

    /// Oldest first.
    public private(set) var entries: [Entry] = []
    /// Revisions of undone changes that a redo can apply again, the next one last.
    public private(set) var redoChain: [Int] = []

    public init(events: [HistoryEvent], storeRevision: Int) {
        for event in events where event.revision <= storeRevision {
            switch event.kind {
            case .change(let command, let record):
                redoChain.removeAll()
                entries.append(Entry(revision: event.revision, time: event.time, command: command, record: record, isUndone: false, undoDisk: []))
            case .undo(let revision, let disk):
                guard let index = entries.firstIndex(where: { $0.revision == revision }) else { continue }
                entries[index].isUndone = true
                entries[index].undoDisk = disk
                redoChain.append(revision)
            case .redo(let revision, _):
                guard let index = entries.firstIndex(where: { $0.revision == revision }) else { continue }
                entries[index].isUndone = false
                redoChain.removeAll { $0 == revision }
            case .redoChain(let chain):
                redoChain = chain
            }
        }
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        redoChain.removeAll { revision in !entries.contains { $0.revision == revision } }
    }

    /// The change `undo` takes back: the most recent one not undone.
    public var nextUndo: Entry? { entries.last { !$0.isUndone } }

    /// The change `redo` applies again: the most recently undone, unless a change came after.
    public var nextRedo: Entry? { redoChain.last.flatMap { revision in entries.first { $0.revision == revision } } }

    /// The same history as few events: each change (and its undo, if undone), then the redo chain.
    public var compacted: [HistoryEvent] {
        var events: [HistoryEvent] = []
        for entry in entries {
            events.append(HistoryEvent(revision: entry.revision, time: entry.time, kind: .change(command: entry.command, record: entry.record)))
            if entry.isUndone {
                events.append(HistoryEvent(revision: entry.revision, time: entry.time, kind: .undo(of: entry.revision, disk: entry.undoDisk)))
            }
        }
        if let last = entries.last {
            events.append(HistoryEvent(revision: last.revision, time: last.time, kind: .redoChain(redoChain)))
        }
        return events
    }
}
