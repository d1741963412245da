/// The daily goal in force on each day (docs/progress.md, "Goals"): a day is judged by the goal set
/// last on or before it, by any machine, so setting a goal today judges today and the days to come,
/// never the streaks already written. A goal's day is taken in the zone the days are read in.
public struct GoalTimeline: Sendable, Equatable {
    /// Each day a goal was set on, oldest first, with the goal set last that day (`nil`: cleared).
    private let changes: [(day: Int, words: Int?)]

    public init(_ goals: [GoalSetting], offsetMinutes: Int) {
        // Equal moments: the larger goal, as `ProgressRecords.dailyGoal` takes it, so every machine agrees.
        let sorted = goals.sorted { ($0.time, $0.words ?? -1) < ($1.time, $1.words ?? -1) }
        var changes: [(day: Int, words: Int?)] = []
        for goal in sorted {
            let day = DayNumber.of(time: goal.time, offsetMinutes: offsetMinutes)
            if changes.last?.day == day { changes.removeLast() }
            changes.append((day, goal.words))
        }
        self.changes = changes
    }

    /// The goal in force on `day`; `nil` before any was set and after it was cleared.
    public func goal(on day: Int) -> Int? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].day <= day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : changes[low - 1].words
    }

    public static func == (lhs: GoalTimeline, rhs: GoalTimeline) -> Bool {
        lhs.changes.elementsEqual(rhs.changes) { $0.day == $1.day && $0.words == $1.words }
    }
}
