import ProjectStore

/// `submissions` as a table: one line a piece, its submission's number, date, market and project
/// on the first line of each submission.
struct SubmissionTable {
    let context: CommandContext

    /// The table as UTF-8. Every message is found once, and every distinct status and count of days
    /// said once: the same few texts stand on thousands of lines.
    func render(_ rows: [ListedSubmission]) -> [UInt8] {
        let l = context.localizer
        let words = context.submissionWords
        let dates = context.dateText
        let numbers = context.numbers
        let piece = l.message("submissions.piece")
        let deleted = l.message("submissions.project-deleted")
        let (daysOut, daysTaken) = (l.pluralMessage("submissions.days-out"), l.pluralMessage("submissions.days-taken"))
        let overdue = l.message("submissions.overdue")
        var table = SubmissionColumns(columns: 7, rightAligned: [0])
        for heading in ["submissions.column.number", "submissions.column.sent", "submissions.column.market", "submissions.column.project",
                        "submissions.column.piece", "submissions.column.status", "submissions.column.days"] {
            table.append(l.text(heading))
        }
        var statuses: [PieceStatus: String] = [:]
        var days: [Int: String] = [:]
        func said(_ listed: ListedSubmission.Piece) -> String {
            let open = listed.piece.response.status.isOpen
            let key = listed.days * 4 + (open ? 1 : 0) + (listed.overdue ? 2 : 0)
            if let text = days[key] { return text }
            let text = (open ? daysOut : daysTaken).text(count: listed.days, ["count": numbers.string(listed.days)])
            let said = listed.overdue ? overdue.text(["days": text]) : text
            days[key] = said
            return said
        }
        for row in rows {
            let name = TerminalText.visible(row.submission.projectName)
            table.append(String(row.number))
            table.append(dates.date(day: row.submission.sent.daysSince1970))
            table.append(TerminalText.visible(row.marketName))
            table.append(row.projectDeleted ? deleted.text(["name": name]) : name)
            for (index, listed) in row.pieces.enumerated() {
                if index > 0 { for _ in 0..<4 { table.append("") } }
                let status = listed.piece.response.status
                let statusText = statuses[status] ?? words.status(status)
                statuses[status] = statusText
                table.append(piece.text(["file": TerminalText.visible(listed.piece.file), "number": String(listed.piece.number)]))
                table.append(statusText)
                table.append(said(listed))
            }
        }
        return table.bytes
    }
}
