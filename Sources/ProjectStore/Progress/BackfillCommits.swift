/// Which commits of a root's git history give the days before the first recorded count: the last
/// commit of each day, on the calendar of the zone it was committed in (docs/progress.md).
public enum BackfillCommits {
    public struct Commit: Sendable, Equatable {
        public let id: String
        public let time: Int
        public let offsetMinutes: Int

        public init(id: String, time: Int, offsetMinutes: Int) {
            self.id = id
            self.time = time
            self.offsetMinutes = offsetMinutes
        }

        public var day: Int { DayNumber.of(time: time, offsetMinutes: offsetMinutes) }
    }

    /// The last commit of each day before `before` (a moment), oldest day first.
    public static func lastOfEachDay(_ commits: [Commit], before: Int?) -> [Commit] {
        var last: [Int: Commit] = [:]
        for commit in commits where before.map({ commit.time < $0 }) ?? true {
            if let known = last[commit.day], known.time >= commit.time { continue }
            last[commit.day] = commit
        }
        return last.keys.sorted().map { last[$0]! }
    }
}
