import Foundation
import Testing
@testable import ProjectStore

private func pair(_ streak: Streak) -> [Int] { [streak.current, streak.longest] }

@Suite("Streaks, pace and the chart")
struct StreakPaceTests {
    @Test("the streak runs up to today, or yesterday while today has nothing yet; the longest is kept")
    func streaks() {
        let today = 100
        var totals: [Int: Int] = [90: 10, 91: 10, 92: 10, 93: 10, 95: 5, 97: 1, 98: 700, 99: 300]
        #expect(pair(Streak(totals: totals, today: today, goal: nil)) == [3, 4])
        totals[today] = 20
        #expect(Streak(totals: totals, today: today, goal: nil).current == 4)
        // With a goal of 300, only days that met it count: today's 20 does not, yet.
        #expect(pair(Streak(totals: totals, today: today, goal: 300)) == [2, 2])
        totals[today] = 300
        #expect(Streak(totals: totals, today: today, goal: 300).current == 3)
        // A negative day breaks a streak.
        #expect(pair(Streak(totals: [98: 10, 99: -5, 100: 10], today: today, goal: nil)) == [1, 1])
    }

    @Test("the pace is per writing day; the projection is at its rate per calendar day")
    func pace() {
        // 7 days of 200 words in 14: 1,400 words, 200 a writing day, 100 a calendar day.
        let pace = Pace(lastDays: [200, 0, 200, 0, 200, 0, 200, 0, 200, 0, 200, 0, 200, 0])
        #expect(pace.perWritingDay == 200)
        #expect(pace.projectedDay(missing: 1_000, today: 50) == 60)
        #expect(pace.projectedDay(missing: 1_001, today: 50) == 61)
        #expect(pace.projectedDay(missing: 0, today: 50) == nil)
        #expect(Pace(lastDays: Array(repeating: 0, count: 14)).perWritingDay == nil)
        #expect(Pace(lastDays: Array(repeating: 0, count: 14)).projectedDay(missing: 10, today: 50) == nil)
    }

    @Test("the summary: today against the goal plus what the due date asks, projected beside it")
    func summary() {
        let today = firstOfNovember + 13
        var counts: [WordCount] = []
        for day in 0...13 { counts.append(count(novel, day: day, words: 1000 + day * 100)) }
        let records = ProgressRecords(counts: counts, goals: [GoalSetting(time: moment(0), words: 50), GoalSetting(time: moment(1), words: 80)])
        let project = Project(id: novel, name: "Winter", kind: .novel, created: Date(), details: nil, target: 3000, due: DayNumber.calendarDay(today + 5))
        let summary = ProgressSummary(records: records, scope: [.init(project: project, words: 2300)], today: today, days: 7)
        #expect(summary.totals == Array(repeating: 100, count: 7))
        #expect(summary.todayWords == 100)
        #expect(summary.goal == 80)
        // This morning: 2,200 of 3,000, 6 days to go: 134 a day; the goal of 80 is met by the same
        // words, so the quota is the larger, not the sum.
        #expect(summary.needs.map(\.words) == [134])
        #expect(summary.needs.map(\.written) == [100])
        #expect(summary.quota == 134)
        #expect(pair(summary.streak) == [13, 13])
        // 1,300 words in 14 days; 700 missing at 1,300/14 a day: 8 days.
        #expect(summary.projections.map(\.day) == [today + 8])
    }

    @Test("bars fill the width in eighths; a negative day is shaded; a heatmap cell by quarters")
    func scaling() {
        #expect(ChartScale.bar(100, largest: 100, width: 10) == String(repeating: "█", count: 10))
        #expect(ChartScale.bar(50, largest: 100, width: 10) == String(repeating: "█", count: 5))
        #expect(ChartScale.bar(1, largest: 100, width: 10) == "▏")
        #expect(ChartScale.bar(55, largest: 100, width: 10) == "█████▌")
        #expect(ChartScale.bar(0, largest: 100, width: 10) == "")
        #expect(ChartScale.bar(-50, largest: 100, width: 10) == "░░░░░")
        #expect(ChartScale.shade(0, largest: 100) == "·")
        #expect(ChartScale.shade(25, largest: 100) == "░")
        #expect(ChartScale.shade(26, largest: 100) == "▒")
        #expect(ChartScale.shade(100, largest: 100) == "█")
    }

    @Test("the goal in force on a day: the last set on or before it, cleared or not; a streak judges each day by its own")
    func goalsByDay() {
        let goals = GoalTimeline([
            GoalSetting(time: moment(3), words: 500), GoalSetting(time: moment(2), words: 300),
            GoalSetting(time: moment(2, hours: 2), words: 400), GoalSetting(time: moment(5), words: nil),
        ], offsetMinutes: 0)
        #expect([1, 2, 3, 4, 5, 6].map { goals.goal(on: firstOfNovember + $0) } == [nil, 400, 500, 500, nil, nil])
        // 100 words a day: days 1 and 5 to 6 count (no goal); days 2 to 4 do not.
        let streak = Streak(totals: Array(repeating: 100, count: 6), first: firstOfNovember + 1, today: firstOfNovember + 6, goals: goals)
        #expect(pair(streak) == [2, 2])
    }
}
