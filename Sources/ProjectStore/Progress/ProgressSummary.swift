import Foundation

/// What `progress` says, computed from the records for the projects in scope on a given day:
/// today against the quota, the streak, the pace and where it leads, and the days of the chart.
public struct ProgressSummary: Sendable {
    /// A project in scope, with what `show` knows of it.
    public struct Scope: Sendable {
        public let project: Project
        /// Its words now, when counted.
        public let words: Int?

        public init(project: Project, words: Int?) {
            self.project = project
            self.words = words
        }
    }

    /// Where a project's target is reached at its own pace (its own words, over the last 14 days or
    /// since its first count), beside its due date.
    public struct Projection: Sendable, Equatable {
        public let project: Project
        public let day: Int
        public let due: CalendarDay?
    }

    public let today: Int
    /// The days shown, oldest first: `days` of them, ending today.
    public let firstDay: Int
    public let totals: [Int]
    public let todayWords: Int
    /// The larger of the goal in force today and the words the projects need today together, never
    /// their sum: the goal counts every project's words, each need only its own project's, and the
    /// same words meet both. `nil` when neither asks for anything.
    public let quota: Int?
    /// Each project in scope with a target and a due date, and what it needs today.
    public let needs: [TodaysNeed]
    /// The goal in force today.
    public let goal: Int?
    /// The goal in force on each day.
    public let goals: GoalTimeline
    public let streak: Streak
    public let pace: Pace
    public let projections: [Projection]
    public let days: WritingDays

    /// `offsetMinutes`: the zone the days are read in, which gives each goal its day. `machines`:
    /// each machine's records apart, when the days are computed machine by machine (a root kept in
    /// git, docs/progress.md, "Arrivals").
    public init(
        records: ProgressRecords, scope: [Scope], today: Int, days count: Int, offsetMinutes: Int = 0, machines: [ProgressRecords]? = nil
    ) {
        let ids = Set(scope.map(\.project.id))
        let days = machines.map { WritingDays(machines: $0, projects: ids) } ?? WritingDays(records, projects: ids)
        let goals = GoalTimeline(records.goals, offsetMinutes: offsetMinutes)
        let goal = goals.goal(on: today)
        self.goals = goals
        self.days = days
        self.today = today
        self.goal = goal
        firstDay = today - count + 1
        totals = days.totals(from: firstDay, through: today)
        let all = days.allTotals(through: today)
        todayWords = totals.last ?? 0
        streak = Streak(totals: all.totals, first: all.first, today: today, goals: goals)
        pace = days.pace(today: today)
        let calendarToday = DayNumber.calendarDay(today)
        var needs: [TodaysNeed] = []
        var projections: [Projection] = []
        for entry in scope {
            guard let words = entry.words, let target = entry.project.target else { continue }
            // Its own words today, against its own need, set by the morning's words.
            let writtenToday = days.words(of: entry.project.id, on: today)
            if let need = TodaysNeed(project: entry.project, words: words, writtenToday: writtenToday, today: calendarToday) {
                needs.append(need)
            }
            let progress = WritingProgress(words: words, target: target, due: entry.project.due, today: calendarToday)
            // Its own words, from its own first day: other projects' words write none of it.
            let ownPace = days.pace(today: today, of: [entry.project.id])
            if let missing = progress.missingWords, let day = ownPace.projectedDay(missing: missing, today: today) {
                projections.append(Projection(project: entry.project, day: day, due: entry.project.due))
            }
        }
        let needed = needs.reduce(0) { $0 + $1.words }
        quota = goal == nil && needs.isEmpty ? nil : max(goal ?? 0, needed)
        self.needs = needs
        self.projections = projections
    }
}
