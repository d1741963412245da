import Foundation
import ProjectStore

/// What `market list --json`, `market show --json` and `submissions --json` print, for scripts:
/// the fields as the store writes them, with the figures and each piece's days and version's path.
public enum SubmissionsJSON {
    public static func markets(_ catalog: ProjectCatalog, today: CalendarDay) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"markets\": [")
        for (index, market) in catalog.markets.enumerated() {
            writer.raw(index == 0 ? "\n  " : ",\n  ")
            write(market, in: catalog, today: today, to: &writer)
        }
        writer.raw(catalog.markets.isEmpty ? "]}\n" : "\n]}\n")
        return writer.bytes
    }

    public static func market(_ market: Market, in catalog: ProjectCatalog, today: CalendarDay) -> [UInt8] {
        var writer = JSONWriter()
        write(market, in: catalog, today: today, to: &writer)
        writer.raw("\n")
        return writer.bytes
    }

    /// The market's fields, then `"statistics"`.
    private static func write(_ market: Market, in catalog: ProjectCatalog, today: CalendarDay, to writer: inout JSONWriter) {
        SubmissionJSON.write(market, to: &writer, closed: false)
        let figures = MarketStatistics(of: market.id, in: catalog.submissions, today: today)
        let counts: [(StaticString, Int?)] = [
            (", \"statistics\": {\"submissions\": ", figures.submissions), (", \"pieces\": ", figures.pieces),
            (", \"accepted\": ", figures.accepted), (", \"rejected\": ", figures.rejected), (", \"withdrawn\": ", figures.withdrawn),
            (", \"pending\": ", figures.pending), (", \"longestResponseDays\": ", figures.longestResponseDays),
            (", \"longestPendingDays\": ", figures.longestPendingDays),
        ]
        for (key, value) in counts {
            writer.raw(key)
            if let value { writer.integer(value) } else { writer.null() }
        }
        for (key, value) in [(", \"acceptanceRate\": " as StaticString, figures.acceptanceRate), (", \"medianResponseDays\": ", figures.medianResponseDays)] {
            writer.raw(key)
            if let value { writer.decimal(value) } else { writer.null() }
        }
        writer.raw("}}")
    }

    /// `versionPaths`: where each row's pieces' versions are kept, by row and piece.
    public static func submissions(_ rows: [ListedSubmission], versionPaths: [[String?]]) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"submissions\": [")
        for (index, row) in rows.enumerated() {
            // Read from the catalog once a row, not once a field.
            let submission = row.submission
            writer.raw(index == 0 ? "\n  {\"number\": " : ",\n  {\"number\": ")
            writer.integer(row.number)
            writer.raw(", \"id\": ")
            writer.uuid(submission.id)
            writer.raw(", \"market\": ")
            writer.string(row.marketName)
            writer.raw(", \"marketId\": ")
            writer.uuid(submission.market)
            writer.raw(", \"project\": ")
            writer.string(row.projectName)
            writer.raw(", \"projectId\": ")
            writer.uuid(submission.project)
            writer.raw(", \"projectDeleted\": ")
            writer.boolean(row.projectDeleted)
            writer.raw(", \"sent\": ")
            writer.string(submission.sent.description)
            writer.raw(", \"note\": ")
            writer.optionalString(submission.note)
            writer.raw(", \"pieces\": [")
            for (position, listed) in row.pieces.enumerated() {
                let piece = row.sent(listed)
                writer.raw(position == 0 ? "{\"file\": " : ", {\"file\": ")
                writer.string(piece.file)
                writer.raw(", \"version\": ")
                writer.string(piece.version)
                writer.raw(", \"versionNumber\": ")
                writer.integer(piece.number)
                writer.raw(", \"versionPath\": ")
                writer.optionalString(versionPaths[index][position])
                writer.raw(", ")
                SubmissionJSON.writeResponseFields(piece.response, to: &writer)
                writer.raw(", \"days\": ")
                writer.integer(listed.days)
                writer.raw(", \"overdue\": ")
                writer.boolean(listed.overdue)
                writer.raw("}")
            }
            writer.raw("]}")
        }
        writer.raw(rows.isEmpty ? "]}\n" : "\n]}\n")
        return writer.bytes
    }
}
