import ProjectStore

/// `submissions` as a table: one line a piece, its submission's number, date, market and project
/// on the first line of each submission.
struct SubmissionTable {
    let context: CommandContext

    func render(_ rows: [ListedSubmission]) -> String {
        let l = context.localizer
        let words = context.submissionWords
        let dates = context.dateText
        let heading = ["submissions.column.number", "submissions.column.sent", "submissions.column.market", "submissions.column.project",
                       "submissions.column.piece", "submissions.column.status", "submissions.column.days"].map { l.text($0) }
        var lines = [heading]
        // Said once each: the same few statuses and counts of days stand on thousands of lines.
        var statuses: [PieceStatus: String] = [:]
        var days: [Int: String] = [:]
        func said(_ listed: ListedSubmission.Piece) -> String {
            let open = listed.piece.response.status.isOpen
            let key = listed.days * 4 + (open ? 1 : 0) + (listed.overdue ? 2 : 0)
            if let text = days[key] { return text }
            let count = ["count": context.numbers.string(listed.days)]
            var text = open ? l.text("submissions.days-out", count: listed.days, count) : l.text("submissions.days-taken", count: listed.days, count)
            if listed.overdue { text = l.text("submissions.overdue", ["days": text]) }
            days[key] = text
            return text
        }
        for row in rows {
            let project = row.projectDeleted
                ? l.text("submissions.project-deleted", ["name": TerminalText.visible(row.submission.projectName)])
                : TerminalText.visible(row.submission.projectName)
            for (index, listed) in row.pieces.enumerated() {
                let first = index == 0
                let status = listed.piece.response.status
                let statusText = statuses[status] ?? words.status(status)
                statuses[status] = statusText
                lines.append([
                    first ? String(row.number) : "", first ? dates.date(day: row.submission.sent.daysSince1970) : "",
                    first ? TerminalText.visible(row.marketName) : "", first ? project : "",
                    l.text("submissions.piece", ["file": TerminalText.visible(listed.piece.file), "number": String(listed.piece.number)]),
                    statusText, said(listed),
                ])
            }
        }
        return SubmissionColumns.render(lines, rightAligned: [0])
    }
}
