import ProjectStore

/// `submissions` as a table: one line a piece, its submission's number, date, market and project
/// on the first line of each submission.
struct SubmissionTable {
    let context: CommandContext

    /// The table as UTF-8. Every message is found once, and every distinct date, piece, status and
    /// count of days said and measured once: the same few texts stand on thousands of lines.
    func render(_ rows: [ListedSubmission]) -> [UInt8] {
        let l = context.localizer
        let dateText = context.dateText
        let words = SubmissionWords(localizer: l, day: dateText.day)
        let numbers = context.numbers
        let piece = l.message("submissions.piece")
        let deleted = l.message("submissions.project-deleted")
        let (daysOut, daysTaken) = (l.pluralMessage("submissions.days-out"), l.pluralMessage("submissions.days-taken"))
        let overdue = l.message("submissions.overdue")
        var table = SubmissionColumns(columns: 7, rightAligned: [0], rows: 1 + rows.reduce(0) { $0 + $1.pieces.count })
        for heading in ["submissions.column.number", "submissions.column.sent", "submissions.column.market", "submissions.column.project",
                        "submissions.column.piece", "submissions.column.status", "submissions.column.days"] {
            table.append(l.text(heading))
        }
        let empty = table.cell("")
        var dates: [Int: SubmissionColumns.Cell] = [:], statuses: [PieceStatus: SubmissionColumns.Cell] = [:]
        var days: [Int: SubmissionColumns.Cell] = [:], pieces: [PieceName: SubmissionColumns.Cell] = [:]
        /// The cell of `key`, made the first time only.
        func said<Key: Hashable>(_ key: Key, in cells: inout [Key: SubmissionColumns.Cell], _ write: (inout [UInt8]) -> Void) -> SubmissionColumns.Cell {
            if let cell = cells[key] { return cell }
            let cell = table.cell(writing: write)
            cells[key] = cell
            return cell
        }
        for row in rows {
            table.append(String(row.number))
            let sent = row.submission.sent.daysSince1970
            let date = said(sent, in: &dates) { $0.append(utf8: dateText.date(day: sent)) }
            table.append(date)
            table.append(TerminalText.visible(row.marketName))
            let name = TerminalText.visible(row.submission.projectName)
            let project = row.projectDeleted ? table.cell { deleted.text(into: &$0, ["name": name]) } : table.cell(name)
            table.append(project)
            for (index, listed) in row.pieces.enumerated() {
                if index > 0 { for _ in 0..<4 { table.append(empty) } }
                // A poem goes to many markets: each version of it is said once.
                let file = said(PieceName(file: listed.piece.file, number: listed.piece.number), in: &pieces) {
                    piece.text(into: &$0, ["file": TerminalText.visible(listed.piece.file), "number": String(listed.piece.number)])
                }
                table.append(file)
                let status = listed.piece.response.status
                let statusCell = said(status, in: &statuses) { $0.append(utf8: words.status(status)) }
                table.append(statusCell)
                let open = status.isOpen
                let daysCell = said(listed.days * 4 + (open ? 1 : 0) + (listed.overdue ? 2 : 0), in: &days) { output in
                    let text = (open ? daysOut : daysTaken).text(count: listed.days, ["count": numbers.string(listed.days)])
                    if listed.overdue { overdue.text(into: &output, ["days": text]) } else { output.append(utf8: text) }
                }
                table.append(daysCell)
            }
        }
        return table.bytes
    }
}

/// A piece as the table names it: its file and the number of the version sent.
private struct PieceName: Hashable {
    let file: String
    let number: Int
}
