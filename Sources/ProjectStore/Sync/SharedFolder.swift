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
    /// Every whole change of `machine`'s log, oldest first; a last line still being written (a
    /// sync engine part way through) is left for later.
    func log(of machine: UUID, in root: String) throws(ProjectStoreError) -> [SharedLogEntry]
    /// Appends `change` to its machine's log, durably; returns where the log now ends.
    func append(_ change: SharedChange, in root: String) throws(ProjectStoreError) -> Int
    /// Cuts this machine's log back to `end`: what a crash left past the store's mark never happened.
    func cut(_ machine: UUID, in root: String, to end: Int) throws(ProjectStoreError)
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
