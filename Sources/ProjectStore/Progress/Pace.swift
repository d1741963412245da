/// How fast the writer has been writing: the last 14 days, or fewer when the first count is more
/// recent (a day before anything was counted is no day of not writing), and where that leads.
public struct Pace: Sendable, Equatable {
    public static let window = 14

    /// The days the pace is taken over, today included: 14, or the days since the first count.
    public let days: Int
    /// Words of those days.
    public let words: Int
    /// Days among them with words (more than 0).
    public let writingDays: Int

    /// `totals` holds the window's totals, oldest first, one a day.
    public init(lastDays totals: [Int]) {
        days = totals.count
        words = totals.reduce(0, +)
        writingDays = totals.filter { $0 > 0 }.count
    }

    /// The average per writing day, rounded to the nearest word; `nil` with no writing day.
    public var perWritingDay: Int? {
        writingDays > 0 ? Int((Double(words) / Double(writingDays)).rounded()) : nil
    }

    /// The day the missing words are written at this pace: the words a writing day, written on as
    /// many days of the coming ones as in the window (its words per calendar day); `nil` when the
    /// pace writes nothing, or none are missing.
    public func projectedDay(missing: Int, today: Int) -> Int? {
        guard missing > 0, words > 0, days > 0 else { return nil }
        let needed = (missing * days + words - 1) / words
        return today + needed
    }
}
