import Foundation

/// One count of a project's words, at a moment, in the zone the writer was in: the moment and the
/// offset fix the calendar day it belongs to (docs/progress.md).
public struct WordCount: Sendable, Equatable {
    public let project: UUID
    /// Seconds since 1970, UTC.
    public let time: Int
    /// The zone's offset from UTC at that moment, in minutes.
    public let offsetMinutes: Int
    public let words: Int

    public init(project: UUID, time: Int, offsetMinutes: Int, words: Int) {
        self.project = project
        self.time = time
        self.offsetMinutes = offsetMinutes
        self.words = words
    }

    /// Days since 1970-01-01 on the writer's calendar where it was counted.
    public var day: Int { DayNumber.of(time: time, offsetMinutes: offsetMinutes) }

    /// The hour it falls in on that calendar: at most one count an hour is kept in a log.
    var hour: Int { (time + offsetMinutes * 60).floorDivided(by: 3600) }
}

/// A writing session (`project open`): when the program ran, and the words it added and removed.
public struct WritingSession: Sendable, Equatable {
    public let project: UUID
    public let start: Int
    public let end: Int
    public let offsetMinutes: Int
    public let added: Int
    public let removed: Int

    public init(project: UUID, start: Int, end: Int, offsetMinutes: Int, added: Int, removed: Int) {
        self.project = project
        self.start = start
        self.end = end
        self.offsetMinutes = offsetMinutes
        self.added = added
        self.removed = removed
    }

    /// A session belongs to the day it ended on.
    public var day: Int { DayNumber.of(time: end, offsetMinutes: offsetMinutes) }
}

/// The daily goal the writer set, and when: the latest set on any machine holds.
public struct GoalSetting: Sendable, Equatable {
    public let time: Int
    /// `nil` once cleared.
    public let words: Int?

    public init(time: Int, words: Int?) {
        self.time = time
        self.words = words
    }
}

/// A project whose past was read from git once (`GitBackfill`): never read again for it.
public struct ProjectBackfill: Sendable, Equatable {
    public let project: UUID
    /// The first day read, or the day it was done when git had nothing before its first count.
    public let day: Int

    public init(project: UUID, day: Int) {
        self.project = project
        self.day = day
    }
}

/// Everything recorded, from every machine.
public struct ProgressRecords: Sendable, Equatable {
    public var counts: [WordCount] = []
    public var sessions: [WritingSession] = []
    public var goals: [GoalSetting] = []
    /// The days a backfill from git of a whole root reached back to, one per machine that did it
    /// (as versions before each project had its own were marked).
    public var backfills: [Int] = []
    /// The projects whose past was read from git, each once.
    public var projectBackfills: [ProjectBackfill] = []
    /// Counts made by `sync` after its merge: what the text became by words that arrived from other
    /// machines, not by writing; the difference from this machine's count before is no day's words.
    public var arrivals: [WordCount] = []
    /// Counts reduced by a digest of a log (`DayEnds`): the same days as the counts they stand for.
    public var dayEnds: [DayEnds] = []

    public init(
        counts: [WordCount] = [], sessions: [WritingSession] = [], goals: [GoalSetting] = [], backfills: [Int] = [],
        projectBackfills: [ProjectBackfill] = [], arrivals: [WordCount] = []
    ) {
        self.counts = counts
        self.sessions = sessions
        self.goals = goals
        self.backfills = backfills
        self.projectBackfills = projectBackfills
        self.arrivals = arrivals
    }

    public mutating func add(_ other: ProgressRecords) {
        counts += other.counts
        sessions += other.sessions
        goals += other.goals
        backfills += other.backfills
        projectBackfills += other.projectBackfills
        arrivals += other.arrivals
        dayEnds += other.dayEnds
    }

    /// The moment of the earliest count, in a digest or not.
    public var firstCountTime: Int? {
        (counts.map(\.time) + dayEnds.compactMap { $0.samples.map(\.time).min() }).min()
    }

    /// The moment of each project's earliest count, in a digest or not.
    public var firstCountTimes: [UUID: Int] {
        var first: [UUID: Int] = [:]
        for count in counts { first[count.project] = min(first[count.project] ?? count.time, count.time) }
        for ends in dayEnds {
            if let time = ends.samples.first?.time { first[ends.project] = min(first[ends.project] ?? time, time) }
        }
        return first
    }

    /// The earliest day any backfill from git reached, of a root or of a project.
    public var backfilledFrom: Int? {
        (backfills + projectBackfills.map(\.day)).min()
    }

    /// The goal set last, by any machine.
    public var dailyGoal: Int? {
        goals.max { ($0.time, $0.words ?? -1) < ($1.time, $1.words ?? -1) }?.words
    }
}

/// Calendar days as numbers (days since 1970-01-01), from moments and to `CalendarDay`s.
public enum DayNumber {
    public static func of(time: Int, offsetMinutes: Int) -> Int {
        (time + offsetMinutes * 60).floorDivided(by: 86_400)
    }

    public static func calendarDay(_ number: Int) -> CalendarDay {
        let (year, month, day) = GregorianDays.date(of: number)
        return CalendarDay(year: year, month: month, day: day) ?? CalendarDay(year: 1970, month: 1, day: 1)!
    }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : (self - divisor + 1) / divisor
    }
}
