import Foundation

/// Shared roots in memory, for tests: each root's logs, one a machine, a log's end counted in
/// changes. Two stores given one `MemorySharedFolder` are two machines whose sync engine delivers
/// at once; `deliver` copies logs between two of them, for one that delivers late.
public final class MemorySharedFolder: SharedFolder, @unchecked Sendable {
    private let lock = NSLock()
    private var logs: [String: [UUID: [SharedChange]]] = [:]

    public init() {}

    public func isShared(_ root: String) -> Bool { lock.withLock { logs[root] != nil } }

    public func share(_ root: String) {
        lock.withLock { if logs[root] == nil { logs[root] = [:] } }
    }

    public func unshare(_ root: String, machine: UUID) {
        lock.withLock {
            logs[root]?[machine] = nil
            if logs[root]?.isEmpty == true { logs[root] = nil }
        }
    }

    public func logEnds(in root: String) -> [UUID: Int] {
        lock.withLock { (logs[root] ?? [:]).mapValues(\.count) }
    }

    public func log(of machine: UUID, in root: String) -> [SharedLogEntry] {
        lock.withLock {
            (logs[root]?[machine] ?? []).enumerated().map { SharedLogEntry(change: $1, end: $0 + 1) }
        }
    }

    /// Changes in memory are never damaged: none is set aside.
    public func readLog(of machine: UUID, in root: String) -> SharedLog {
        SharedLog(entries: log(of: machine, in: root))
    }

    public func append(_ change: SharedChange, in root: String) -> Int {
        lock.withLock {
            logs[root, default: [:]][change.change.machine.id, default: []].append(change)
            return logs[root]![change.change.machine.id]!.count
        }
    }

    public func cut(_ machine: UUID, in root: String, to end: Int) {
        lock.withLock { logs[root]?[machine]?.removeSubrange(end...) }
    }

    /// What a sync engine does: `root`'s logs here become what they are in `other`'s `root`.
    public func deliver(_ root: String, from other: MemorySharedFolder) {
        guard let theirs = other.lock.withLock({ other.logs[root] }) else { return }
        lock.withLock {
            if logs[root] == nil { logs[root] = [:] }
            for (machine, changes) in theirs where changes.count > (logs[root]?[machine]?.count ?? 0) {
                logs[root, default: [:]][machine] = changes
            }
        }
    }
}
