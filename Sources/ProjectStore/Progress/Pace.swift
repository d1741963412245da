/// How fast the writer has been writing: the last 14 days, and where that leads.
public struct Pace: Sendable, Equatable {
    public static let window = 14

    /// Words of the last 14 days, today included.
    public let words: Int
    /// Days among them with words (more than 0).
    public let writingDays: Int

    /// `totals` holds the last 14 days' totals, oldest first.
    public init(lastDays totals: [Int]) {
        words = totals.reduce(0, +)
        writingDays = totals.filter { $0 > 0 }.count
    }

    /// The average per writing day, rounded to the nearest word; `nil` with no writing day.
    public var perWritingDay: Int? {
        writingDays > 0 ? Int((Double(words) / Double(writingDays)).rounded()) : nil
    }

    /// The day the missing words are written at this pace per calendar day; `nil` when the pace
    /// writes nothing, or none are missing.
    public func projectedDay(missing: Int, today: Int) -> Int? {
        guard missing > 0, words > 0 else { return nil }
        let days = (missing * Self.window + words - 1) / words
        return today + days
    }
}
