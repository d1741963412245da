import Foundation
import ProjectStore

/// `progress --json` and `--csv`: what scripts and spreadsheets read, never translated.
public enum ProgressJSON {
    /// `{"days": [{"date", "words", "added", "removed"}…], "today": {"words", "quota", "goal",
    /// "needs": [{"id", "name", "need", "words"}…]},
    /// "streak": {"current", "longest"}, "pace": {…}, "projects": [{"id", "name", "projected", "due"}…],
    /// "recordedSince": "YYYY-MM-DD" or null, "backfilledFrom": "YYYY-MM-DD" or null}`.
    public static func encode(_ summary: ProgressSummary, backfilledFrom: Int?) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 * summary.totals.count + 512)
        let sums = dayRows(summary)
        writer.raw("{\"days\": [")
        for (index, total) in summary.totals.enumerated() {
            if index > 0 { writer.raw(", ") }
            writer.raw("{\"date\": ")
            writer.string(DayNumber.calendarDay(summary.firstDay + index).description)
            writer.raw(", \"words\": ")
            writer.integer(total)
            writer.raw(", \"added\": ")
            writer.integer(sums[index].added)
            writer.raw(", \"removed\": ")
            writer.integer(sums[index].removed)
            writer.raw("}")
        }
        writer.raw("],\n \"today\": {\"date\": ")
        writer.string(DayNumber.calendarDay(summary.today).description)
        writer.raw(", \"words\": ")
        writer.integer(summary.todayWords)
        writer.raw(", \"quota\": ")
        optional(summary.quota, &writer)
        writer.raw(", \"goal\": ")
        optional(summary.goal, &writer)
        writer.raw(", \"needs\": [")
        for (index, need) in summary.needs.enumerated() {
            if index > 0 { writer.raw(", ") }
            writer.raw("{\"id\": ")
            writer.uuid(need.project.id)
            writer.raw(", \"name\": ")
            writer.string(need.project.name)
            writer.raw(", \"need\": ")
            writer.integer(need.words)
            writer.raw(", \"words\": ")
            writer.integer(need.written)
            writer.raw("}")
        }
        writer.raw("]},\n \"streak\": {\"current\": ")
        writer.integer(summary.streak.current)
        writer.raw(", \"longest\": ")
        writer.integer(summary.streak.longest)
        writer.raw("},\n \"pace\": {\"days\": ")
        writer.integer(summary.pace.days)
        writer.raw(", \"words\": ")
        writer.integer(summary.pace.words)
        writer.raw(", \"writingDays\": ")
        writer.integer(summary.pace.writingDays)
        writer.raw(", \"perWritingDay\": ")
        optional(summary.pace.perWritingDay, &writer)
        writer.raw("},\n \"projections\": [")
        for (index, projection) in summary.projections.enumerated() {
            if index > 0 { writer.raw(", ") }
            writer.raw("{\"id\": ")
            writer.uuid(projection.project.id)
            writer.raw(", \"name\": ")
            writer.string(projection.project.name)
            writer.raw(", \"projected\": ")
            writer.string(DayNumber.calendarDay(projection.day).description)
            writer.raw(", \"due\": ")
            writer.optionalString(projection.due?.description)
            writer.raw("}")
        }
        writer.raw("],\n \"recordedSince\": ")
        writer.optionalString(summary.days.firstDay.map { DayNumber.calendarDay($0).description })
        writer.raw(", \"backfilledFrom\": ")
        writer.optionalString(backfilledFrom.map { DayNumber.calendarDay($0).description })
        writer.raw("}\n")
        return writer.bytes
    }

    /// `date,project,words,added,removed`, then a row a day and project, days in order.
    public static func csv(_ summary: ProgressSummary, projects: [Project]) -> [UInt8] {
        var output = Array("date,project,words,added,removed\n".utf8)
        let names = Dictionary(projects.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        for (project, row) in summary.days.rows(from: summary.firstDay, through: summary.today, projects: projects.map(\.id)) {
            let fields = [DayNumber.calendarDay(row.day).description, quoted(names[project] ?? ""),
                          String(row.words), String(row.added), String(row.removed)]
            output += Array((fields.joined(separator: ",") + "\n").utf8)
        }
        return output
    }

    /// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func dayRows(_ summary: ProgressSummary) -> [(added: Int, removed: Int)] {
        var sums = [(added: Int, removed: Int)](repeating: (0, 0), count: summary.totals.count)
        summary.days.forEachDay(from: summary.firstDay, through: summary.today) { day in
            sums[day.day - summary.firstDay].added += day.added
            sums[day.day - summary.firstDay].removed += day.removed
        }
        return sums
    }

    private static func optional(_ value: Int?, _ writer: inout JSONWriter) {
        if let value { writer.integer(value) } else { writer.null() }
    }
}
