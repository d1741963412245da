/// The numbers a writer types that the tool keeps — in the store, its history, the machines' logs
/// and the progress log — each with the one range it takes. The command line refuses a number
/// outside it before anything is written, the methods that set one refuse it again, and every
/// reader reads back at least the whole range (the JSON and progress-log readers take 18 digits,
/// these are 10 at most): nothing the tool takes can make a file it cannot read.
///
/// The readers stay wider than these ranges: a store, history or log written before them may hold
/// a larger number, and is read as it was. Replaying that history (`undo`, sync) puts back what it
/// held; only a value the writer gives now is held to the range.
public enum StoredNumber: Sendable, Equatable, CaseIterable {
    /// A project's word target (`add` and `edit --target`).
    case wordTarget
    /// The writer's daily goal (`progress --goal`), in words across all projects.
    case dailyGoal
    /// A market's usual response time in days (`market add|edit --response-days`).
    case responseDays

    /// The values taken; a target or goal of none is `nil`, never 0.
    ///
    /// Words: 1 to 1,000,000,000. The longest books run to a few million words and a day's writing
    /// to thousands; a billion is far past either, so no real target or goal is refused, while the
    /// sums the tool makes of them (a day's quota over every project, percents) stay far from
    /// overflowing, and the number is ten digits wherever it is written.
    ///
    /// Days: 1 to 3,650, ten years. Markets answer in days or months, the slowest publishers and
    /// competitions in a year or two; a longer time is a slip of the keyboard, and a market that
    /// never answers is one with no usual time at all.
    public var range: ClosedRange<Int> {
        switch self {
        case .wordTarget, .dailyGoal: 1...1_000_000_000
        case .responseDays: 1...3_650
        }
    }

    /// Whether `value` may be kept.
    public func takes(_ value: Int) -> Bool {
        range.contains(value)
    }
}
