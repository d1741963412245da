import Foundation

/// The words a project needs today to reach its target by its due date (docs/progress.md, "Today"):
/// the words missing at the start of the day, over the days left, today included. Taken from the
/// morning, so writing today does not lower it: `show` and `progress` say the same figure all day.
public struct TodaysNeed: Sendable, Equatable {
    public let project: Project
    /// The words a day asked for, more than 0.
    public let words: Int
    /// The words the project itself wrote today.
    public let written: Int

    /// `nil` without a target and a due date, once the due date has passed, or with nothing missing
    /// this morning.
    public init?(project: Project, words now: Int, writtenToday: Int, today: CalendarDay) {
        let morning = WritingProgress(words: now - writtenToday, target: project.target, due: project.due, today: today)
        guard let perDay = morning.wordsPerDay, perDay > 0 else { return nil }
        self.project = project
        words = perDay
        written = writtenToday
    }

    public var isMet: Bool { written >= words }
}

extension WritingDays {
    /// The words `project` wrote on `day`; 0 without a count or a session then.
    public func words(of project: UUID, on day: Int) -> Int {
        guard let days = byProject[project] else { return 0 }
        var low = 0, high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low < days.count && days[low].day == day ? days[low].words : 0
    }
}
