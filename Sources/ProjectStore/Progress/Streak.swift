/// Days in a row with words written: the one running up to today, and the longest ever. A day
/// counts when it had more than 0 words, or, with a daily goal, at least the goal.
public struct Streak: Sendable, Equatable {
    public let current: Int
    public let longest: Int

    public init(totals: [Int: Int], today: Int, goal: Int?) {
        func counts(_ day: Int) -> Bool {
            guard let words = totals[day] else { return false }
            return goal.map { words >= $0 } ?? (words > 0)
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
        var last: Int?
        for day in totals.keys.sorted() where counts(day) {
            run = last == day - 1 ? run + 1 : 1
            last = day
            longest = max(longest, run)
        }
        self.current = current
        self.longest = longest
    }
}
