import ProjectStore

/// `progress` at a terminal or in a pipe: today against the quota, the streak, the pace and where
/// it leads, then a chart of the days, one bar a day, or a year's heatmap.
struct ProgressView {
    let localizer: Localizer
    let text: ProgressText
    /// Bars in colour: at a terminal, with `NO_COLOR` unset.
    let colour: Bool

    /// The width of the chart in a pipe, where there is no terminal to fit.
    static let pipeWidth = 80

    func render(_ summary: ProgressSummary, width: Int?, year: Bool) -> String {
        var header: [String] = todayLines(summary) + [streakLine(summary.streak), paceLine(summary.pace, today: summary.today)]
        header += summary.projections.map { projectionLine($0, today: summary.today) }
        var lines = width.map { width in header.flatMap { Self.wrapped($0, width: width) } } ?? header
        lines.append("")
        let chartWidth = width ?? Self.pipeWidth
        lines += year ? heatmap(summary, width: chartWidth) : chart(summary, width: chartWidth)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Today's words against the goal, then each project's own words against what it needs today:
    /// apart, since the same words meet both (docs/progress.md, "Today").
    /// A line of the header at a terminal, broken at spaces as `show` and `help` break theirs, the
    /// lines after the first indented, the last column left free as the chart leaves it.
    static func wrapped(_ line: String, width: Int) -> [String] {
        let cells = max(width - 1, 10)
        let lines = TerminalText.wrapped(line, to: cells, thenTo: cells - 2)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }
    }

    private func todayLines(_ summary: ProgressSummary) -> [String] {
        let words = text.words(summary.todayWords)
        var lines: [String]
        if let goal = summary.goal, goal > 0 {
            let arguments = ["words": words, "goal": text.numbers.string(goal)]
            lines = summary.todayWords >= goal
                ? [localizer.text("progress.today.goal.met", arguments)]
                : [localizer.text("progress.today.goal", arguments.merging(["percent": percent(summary.todayWords, of: goal)]) { $1 })]
        } else {
            lines = [localizer.text("progress.today", ["words": words])]
        }
        for need in summary.needs {
            let arguments = ["name": TerminalText.visible(need.project.name), "need": text.words(need.words), "words": text.words(need.written)]
            lines.append(need.isMet
                ? localizer.text("progress.need.met", arguments)
                : localizer.text("progress.need", arguments.merging(["percent": percent(need.written, of: need.words)]) { $1 }))
        }
        return lines
    }

    private func percent(_ words: Int, of whole: Int) -> String {
        text.percent(max(words, 0) * 100 / max(whole, 1))
    }

    private func streakLine(_ streak: Streak) -> String {
        localizer.text("progress.streak", count: streak.current, [
            "count": text.numbers.string(streak.current),
            "longest": localizer.text("progress.days", count: streak.longest, ["count": text.numbers.string(streak.longest)]),
        ])
    }

    /// Over the last 14 days, or since the first day counted when that is more recent.
    private func paceLine(_ pace: Pace, today: Int) -> String {
        let since = pace.days > 0 && pace.days < Pace.window ? text.dates.day(DayNumber.calendarDay(today - max(pace.days, 1) + 1)) : nil
        guard let average = pace.perWritingDay else {
            return since.map { localizer.text("progress.pace.since.none", ["date": $0]) } ?? localizer.text("progress.pace.none")
        }
        let arguments = ["words": text.words(average), "days": text.numbers.string(pace.writingDays)]
        guard let since else { return localizer.text("progress.pace", count: pace.writingDays, arguments) }
        return localizer.text("progress.pace.since", count: pace.writingDays, arguments.merging(["date": since]) { $1 })
    }

    private func projectionLine(_ projection: ProgressSummary.Projection, today: Int) -> String {
        let arguments = ["name": TerminalText.visible(projection.project.name), "date": text.dates.day(DayNumber.calendarDay(projection.day))]
        guard let due = projection.due else { return localizer.text("progress.projected", arguments) }
        let late = projection.day - due.daysSince1970
        let withDue = arguments.merging(["count": text.numbers.string(abs(late)), "due": text.dates.day(due)]) { $1 }
        if late > 0 { return localizer.text("progress.projected.late", count: late, withDue) }
        if late < 0 { return localizer.text("progress.projected.early", count: -late, withDue) }
        return localizer.text("progress.projected.on-time", withDue)
    }

    /// One line a day: the date, the bar, the words; the largest day fills the width left.
    private func chart(_ summary: ProgressSummary, width: Int) -> [String] {
        let labels = summary.totals.indices.map { text.dates.date(day: summary.firstDay + $0) }
        let numbers = summary.totals.map { text.numbers.string($0) }
        let labelWidth = labels.map(\.count).max() ?? 0
        let numberWidth = numbers.map(\.count).max() ?? 0
        // The last column is left free: a terminal wraps a line that fills it.
        let barWidth = max(1, width - labelWidth - numberWidth - 3)
        let largest = summary.totals.map { abs($0) }.max() ?? 0
        return summary.totals.indices.map { index in
            let value = summary.totals[index]
            let bar = ChartScale.bar(value, largest: largest, width: barWidth)
            let padding = String(repeating: " ", count: barWidth - bar.count)
            let label = labels[index] + String(repeating: " ", count: labelWidth - labels[index].count)
            let number = String(repeating: " ", count: numberWidth - numbers[index].count) + numbers[index]
            return "\(label) \(coloured(bar, value: value, goal: summary.goals.goal(on: summary.firstDay + index)))\(padding) \(number)"
        }
    }

    /// A column a week (Monday first), a row a weekday, the last column this week: as many weeks as
    /// fit, 53 at most.
    private func heatmap(_ summary: ProgressSummary, width: Int) -> [String] {
        let weeks = max(1, min(53, width))
        let today = summary.today
        // 1970-01-01 was a Thursday, the fourth day of a week that starts on Monday.
        let lastMonday = today - (today + 3).floorModulo(7)
        let firstMonday = lastMonday - (weeks - 1) * 7
        let totals = summary.days.totals(from: firstMonday, through: today)
        let largest = totals.max() ?? 0
        var rows: [String] = []
        for weekday in 0..<7 {
            var row = ""
            for week in 0..<weeks {
                let day = firstMonday + week * 7 + weekday
                if day > today { break }
                let value = totals[day - firstMonday]
                row += coloured(String(ChartScale.shade(value, largest: largest)), value: value, goal: summary.goals.goal(on: day))
            }
            rows.append(row)
        }
        let shades = (0...4).map { String(ChartScale.shade($0 == 0 ? 0 : $0 * 4, largest: 16)) }.joined()
        rows.append(localizer.text("progress.legend", ["shades": shades]))
        return rows
    }

    /// Green for a day that met the goal in force that day (or had words, without one), red for a
    /// negative day.
    private func coloured(_ bar: String, value: Int, goal: Int?) -> String {
        guard colour, !bar.isEmpty, value != 0 else { return bar }
        if value < 0 { return "\u{1B}[31m" + bar + "\u{1B}[0m" }
        return value >= (goal ?? 1) ? "\u{1B}[32m" + bar + "\u{1B}[0m" : bar
    }
}

extension Int {
    fileprivate func floorModulo(_ divisor: Int) -> Int {
        let rest = self % divisor
        return rest < 0 ? rest + divisor : rest
    }
}
