/// Days in a row with words written: the one running up to today, and the longest ever. A day
/// counts when it had more than 0 words, or, with a daily goal in force that day, at least the goal.
public struct Streak: Sendable, Equatable {
    public let current: Int
    public let longest: Int

    /// `totals` holds every day's words from `first` on, one a day; one goal for every day.
    public init(totals: [Int], first: Int, today: Int, goal: Int?) {
        self.init(totals: totals, first: first, today: today, goals: { _ in goal })
    }

    /// The same, each day judged by the goal in force on it.
    public init(totals: [Int], first: Int, today: Int, goals: GoalTimeline) {
        self.init(totals: totals, first: first, today: today, goals: goals.goal(on:))
    }

    private init(totals: [Int], first: Int, today: Int, goals: (Int) -> Int?) {
        func counts(_ day: Int) -> Bool {
            guard day >= first, day - first < totals.count else { return false }
            let words = totals[day - first]
            return goals(day).map { words >= $0 } ?? (words > 0)
        }
        // Today still has time: until it counts, the streak is the one that ended yesterday.
        var day = counts(today) ? today : today - 1
        var current = 0
        while counts(day) {
            current += 1
            day -= 1
        }
        var longest = current
        var run = 0
        for day in first..<(first + totals.count) {
            run = counts(day) ? run + 1 : 0
            longest = max(longest, run)
        }
        self.current = current
        self.longest = longest
    }

    /// The same from the days that have words, by day.
    public init(totals: [Int: Int], today: Int, goal: Int?) {
        let first = min(totals.keys.min() ?? today, today)
        let last = max(totals.keys.max() ?? today, today)
        self.init(totals: (first...last).map { totals[$0] ?? 0 }, first: first, today: today, goal: goal)
    }
}
