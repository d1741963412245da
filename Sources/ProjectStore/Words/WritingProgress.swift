/// How far a project is from its word target and its due date, on a given day.
public struct WritingProgress: Equatable, Sendable {
    public let words: Int
    /// The word target, at least 1, or `nil` when none is set.
    public let target: Int?
    public let due: CalendarDay?
    public let today: CalendarDay

    public init(words: Int, target: Int?, due: CalendarDay?, today: CalendarDay) {
        self.words = words
        self.target = target.flatMap { $0 >= 1 ? $0 : nil }
        self.due = due
        self.today = today
    }

    /// Words still to write to reach the target; 0 once it is reached.
    public var missingWords: Int? {
        target.map { max($0 - words, 0) }
    }

    /// Percent of the target written, rounded down so "100" only shows once the target is reached;
    /// past the target it goes beyond 100.
    public var percent: Int? {
        target.map { words * 100 / $0 }
    }

    /// Calendar days from today to the due date: 0 when due today, negative once it has passed.
    public var daysLeft: Int? {
        due.map { today.days(until: $0) }
    }

    /// The due date has passed and the target, if any, is not reached: a finished project is
    /// not late.
    public var isOverdue: Bool {
        guard let daysLeft, daysLeft < 0 else { return false }
        return (missingWords ?? 1) > 0
    }

    /// The words to write each day, today included, to reach the target by the due date, rounded
    /// up; `nil` without both a target and a due date, or once the due date has passed. Due today,
    /// today is the one day left.
    public var wordsPerDay: Int? {
        guard let missingWords, let daysLeft, daysLeft >= 0 else { return nil }
        let days = daysLeft + 1
        return (missingWords + days - 1) / days
    }
}
