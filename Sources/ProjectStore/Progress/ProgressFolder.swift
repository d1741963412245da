import Foundation

/// Where the records of progress are kept: one log and one list of latest counts a machine, each
/// written only by its machine (docs/progress.md). `ProgressFiles` on disk, `MemoryProgressFolder`
/// in tests.
public protocol ProgressFolder: Sendable {
    /// Every machine's records.
    func records() throws(ProjectStoreError) -> ProgressRecords
    /// `machine`'s latest counts, not yet in its log.
    func latest(of machine: UUID) throws(ProjectStoreError) -> [WordCount]
    /// Appends to `machine`'s log, then replaces its latest counts when `latest` is given.
    func append(_ records: ProgressRecords, latest: [WordCount]?, of machine: UUID) throws(ProjectStoreError)
}

extension ProgressFolder {
    /// Records counts as `CountThrottle` says: at most one a project an hour in the log.
    public func record(_ counts: [WordCount], of machine: UUID) throws(ProjectStoreError) {
        guard !counts.isEmpty else { return }
        let outcome = CountThrottle.record(counts, latest: try latest(of: machine))
        guard !outcome.settled.isEmpty || outcome.latest != nil else { return }
        try append(ProgressRecords(counts: outcome.settled), latest: outcome.latest, of: machine)
    }

    /// Records the daily goal set at `time` (seconds since 1970); `nil` clears it. A goal is a whole
    /// number of words in `StoredNumber.dailyGoal.range`: nothing is written otherwise.
    public func setGoal(_ words: Int?, at time: Int, of machine: UUID) throws(ProjectStoreError) {
        if let words, !StoredNumber.dailyGoal.takes(words) { throw .invalidGoal(words) }
        try append(ProgressRecords(goals: [GoalSetting(time: time, words: words)]), latest: nil, of: machine)
    }
}

/// Every machine's records in memory. Machines given one folder share a root whose sync engine
/// delivers at once; `deliver(to:)` copies what one folder holds into another, as a sync engine
/// that delivers late would.
public final class MemoryProgressFolder: ProgressFolder, @unchecked Sendable {
    private let lock = NSLock()
    private var logs: [UUID: ProgressRecords] = [:]
    private var latests: [UUID: [WordCount]] = [:]

    public init() {}

    public func records() -> ProgressRecords {
        lock.withLock {
            var all = ProgressRecords()
            for machine in logs.keys.sorted(by: { $0.uuidString < $1.uuidString }) { all.add(logs[machine]!) }
            for machine in latests.keys.sorted(by: { $0.uuidString < $1.uuidString }) { all.counts += latests[machine]! }
            return all
        }
    }

    public func latest(of machine: UUID) -> [WordCount] {
        lock.withLock { latests[machine] ?? [] }
    }

    public func append(_ records: ProgressRecords, latest: [WordCount]?, of machine: UUID) {
        lock.withLock {
            logs[machine, default: ProgressRecords()].add(records)
            if let latest { latests[machine] = latest }
        }
    }

    /// Gives `other` what this folder holds of `machine`, as a sync engine carries its files.
    public func deliver(_ machine: UUID, to other: MemoryProgressFolder) {
        let (log, latest) = lock.withLock { (logs[machine], latests[machine]) }
        other.lock.withLock {
            other.logs[machine] = log
            other.latests[machine] = latest
        }
    }
}
