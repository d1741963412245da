import Foundation
import ProjectStore

/// `submissions` as a table: one line a piece, its submission's number, date, market and project
/// on the first line of each submission.
struct SubmissionTable {
    let context: CommandContext

    /// The table, to be written. Every message is found once, and every distinct date, piece, status,
    /// count of days, market and project name said and measured once: the same few texts stand on
    /// thousands of lines.
    func render(_ rows: [ListedSubmission]) -> SubmissionColumns {
        let l = context.localizer
        let dateText = context.dateText
        let words = SubmissionWords(localizer: l, day: dateText.day)
        let numbers = context.numbers
        let piece = l.message("submissions.piece")
        let deleted = l.message("submissions.project-deleted")
        let (daysOut, daysTaken) = (l.pluralMessage("submissions.days-out"), l.pluralMessage("submissions.days-taken"))
        // A withdrawal is the writer's act, not an answer.
        let daysWithdrawn = l.pluralMessage("submissions.days-withdrawn")
        let overdue = l.message("submissions.overdue")
        var table = SubmissionColumns(columns: 7, rightAligned: [0], rows: 1 + rows.reduce(0) { $0 + $1.pieces.count })
        for heading in ["submissions.column.number", "submissions.column.sent", "submissions.column.market", "submissions.column.project",
                        "submissions.column.piece", "submissions.column.status", "submissions.column.days"] {
            table.append(l.text(heading))
        }
        let empty = table.cell("")
        // Five statuses: found by their place among them, not by hashing.
        let statuses = PieceStatus.allCases
        let statusCells = statuses.map { status in table.cell(words.status(status)) }
        var days: [Int: SubmissionColumns.Cell] = [:]
        // Rows come in the order they were sent, so a date's rows stand together: the last date alone is kept.
        var lastDate: (day: Int, cell: SubmissionColumns.Cell)?
        var pieces: [PieceName: SubmissionColumns.Cell] = [:], markets: [UUID: SubmissionColumns.Cell] = [:]
        var projects: [SentProject: SubmissionColumns.Cell] = [:]
        /// The cell of `key`, made the first time only.
        func said<Key: Hashable>(_ key: Key, in cells: inout [Key: SubmissionColumns.Cell], _ write: (inout [UInt8]) -> Void) -> SubmissionColumns.Cell {
            if let cell = cells[key] { return cell }
            let cell = table.cell(writing: write)
            cells[key] = cell
            return cell
        }
        for index in rows.indices {
            // The rows' fields are read in place: copying a row, or a piece, retained each of its strings.
            let number = rows[index].number
            table.append(table.cell(String(number)))
            let submission = rows[index].submission
            let sent = submission.sent.daysSince1970
            let date = lastDate.flatMap { $0.day == sent ? $0.cell : nil } ?? table.cell(dateText.dateUnkept(day: sent))
            lastDate = (sent, date)
            table.append(date)
            let marketName = rows[index].marketName
            table.append(said(submission.market, in: &markets) { $0.append(utf8: TerminalText.visible(marketName)) })
            let project = SentProject(name: rows[index].projectName, deleted: rows[index].projectDeleted)
            table.append(said(project, in: &projects) { output in
                let name = TerminalText.visible(project.name)
                if project.deleted { deleted.text(into: &output, ["name": name]) } else { output.append(utf8: name) }
            })
            for (position, listed) in rows[index].pieces.enumerated() {
                if position > 0 { for _ in 0..<4 { table.append(empty) } }
                // A poem goes to many markets: each version of it is said once.
                let submitted = submission.pieces[listed.index]
                let (file, version) = (submitted.file, submitted.number)
                table.append(said(PieceName(file: file, number: version), in: &pieces) {
                    piece.text(into: &$0, ["file": TerminalText.visible(file), "number": String(version)])
                })
                let status = submitted.response.status
                table.append(statusCells[statuses.firstIndex(of: status)!])
                let (count, late, open, withdrawn) = (listed.days, listed.overdue, status.isOpen, status == .withdrawn)
                table.append(said(count * 8 + (open ? 1 : 0) + (late ? 2 : 0) + (withdrawn ? 4 : 0), in: &days) { output in
                    let said = open ? daysOut : withdrawn ? daysWithdrawn : daysTaken
                    let text = said.text(count: count, ["count": numbers.string(count)])
                    if late { overdue.text(into: &output, ["days": text]) } else { output.append(utf8: text) }
                })
            }
        }
        return table
    }
}

/// A piece as the table names it: its file and the number of the version sent.
private struct PieceName: Hashable {
    let file: String
    let number: Int
}

/// A project as the table names it: as it was called when sent, and whether it is gone.
private struct SentProject: Hashable {
    let name: String
    let deleted: Bool
}
