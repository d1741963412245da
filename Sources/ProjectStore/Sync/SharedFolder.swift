import Foundation

/// The part of a shared root that is ours, `<root>/.project/`: one log of changes per machine,
/// appended to only by the machine it belongs to, so no two machines ever write the same file and
/// no sync engine can make a conflict copy of one. The seam between the merge, decided in the
/// domain, and the files a sync engine carries (`SharedRootFolder` on disk, `MemorySharedFolder`
/// in tests).
public protocol SharedFolder: Sendable {
    /// Whether `root` is shared: it holds `.project/`.
    func isShared(_ root: String) -> Bool
    /// Makes `root` shared; nothing when it already is.
    func share(_ root: String) throws(ProjectStoreError)
    /// Takes back a `share` that has just made `root` shared (a `sync --init` that failed): `machine`'s
    /// log goes, then the folders `share` made, if nothing else is in them.
    func unshare(_ root: String, machine: UUID) throws(ProjectStoreError)
    /// How long each machine's log is: what every command compares with what it has taken in, so
    /// it must cost no more than looking at each file.
    func logEnds(in root: String) throws(ProjectStoreError) -> [UUID: Int]
    /// Every whole change of `machine`'s log, oldest first, and the lines it holds that cannot be
    /// read (set aside, each alone); a last line still being written (a sync engine part way
    /// through) is left for later.
    func readLog(of machine: UUID, in root: String) throws(ProjectStoreError) -> SharedLog
    /// Appends `change` to its machine's log, durably; returns where the log now ends.
    func append(_ change: SharedChange, in root: String) throws(ProjectStoreError) -> Int
    /// Cuts this machine's log back to `end`: what a crash left past the store's mark never happened.
    func cut(_ machine: UUID, in root: String, to end: Int) throws(ProjectStoreError)
}

extension SharedFolder {
    /// Every whole change of `machine`'s log that can be read, oldest first.
    public func log(of machine: UUID, in root: String) throws(ProjectStoreError) -> [SharedLogEntry] {
        try readLog(of: machine, in: root).entries
    }
}

/// A machine's log as read: its changes, and its lines that could not be read. A log is another
/// machine's word: a line this version cannot read (a value out of its range, a kind it does not
/// know, a line damaged on the way) is set aside, said, and blocks nothing else, `sync` first.
public struct SharedLog: Sendable, Equatable {
    public let entries: [SharedLogEntry]
    public let unread: [UnreadLine]

    public init(entries: [SharedLogEntry], unread: [UnreadLine] = []) {
        self.entries = entries
        self.unread = unread
    }

    /// Where the last whole line read ends, read or set aside; 0 for none.
    var end: Int { max(entries.last?.end ?? 0, unread.last?.end ?? 0) }
}

/// A line of a machine's log set aside: which log, which line (the header is line 1), where it
/// ends, and what is wrong with it.
public struct UnreadLine: Sendable, Equatable {
    public let machine: UUID
    public let path: String
    public let line: Int
    public let end: Int
    public let problem: DocumentProblem

    public init(machine: UUID, path: String, line: Int, end: Int, problem: DocumentProblem) {
        self.machine = machine
        self.path = path
        self.line = line
        self.end = end
        self.problem = problem
    }
}

/// One change of a machine's log, and where in the log it ends.
public struct SharedLogEntry: Sendable, Equatable {
    public let change: SharedChange
    public let end: Int

    public init(change: SharedChange, end: Int) {
        self.change = change
        self.end = end
    }
}

/// How far a store has taken in a shared root's logs: for each machine, where its log ended and the
/// clock of its last change. A command compares the ends with the logs' and merges again only when
/// one moved; the clocks are what each new change says its machine had seen.
public struct SharingMark: Sendable, Equatable {
    public var root: String
    public var logs: [UUID: LogMark]

    public init(root: String, logs: [UUID: LogMark]) {
        self.root = root
        self.logs = logs
    }

    var ends: [UUID: Int] { logs.mapValues(\.end) }

    /// What a change made now has seen of every other machine.
    func seen(by machine: UUID) -> [UUID: HybridTime] {
        var seen: [UUID: HybridTime] = [:]
        for (id, log) in logs where id != machine { seen[id] = log.clock }
        return seen
    }
}

public struct LogMark: Sendable, Equatable {
    public var end: Int
    public var clock: HybridTime

    public init(end: Int, clock: HybridTime) {
        self.end = end
        self.clock = clock
    }
}
