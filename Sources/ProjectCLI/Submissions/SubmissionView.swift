import Foundation
import ProjectStore

/// One submission as `project submission` shows it: its facts in two columns, then each piece with
/// the version sent and its answers, oldest first, the one it holds now last.
struct SubmissionView {
    let context: CommandContext

    /// `project`: the project's name now, or the one it had when sent if it is gone.
    func show(_ submission: Submission, number: Int, market: String, project: String, answers: [[PieceResponse]]) -> String {
        let l = context.localizer
        let words = context.submissionWords
        var rows: [[String]] = [
            [l.text("submission.row.number"), l.text("submission.number", ["number": String(number), "id": String(submission.id.lowercasedString.prefix(8))])],
            [l.text("submission.row.market"), TerminalText.visible(market)],
            [l.text("submission.row.project"), TerminalText.visible(project)],
            [l.text("submission.row.sent"), words.day(submission.sent)],
        ]
        if let note = submission.note { rows.append([l.text("submission.row.note"), TerminalText.visible(note)]) }
        var text = SubmissionColumns.render(rows.map { [$0[0] + ":", $0[1]] })
        text += l.text("submission.pieces") + "\n"
        for (index, piece) in submission.pieces.enumerated() {
            text += "  " + l.text("submissions.piece", ["file": TerminalText.visible(piece.file), "number": String(piece.number)]) + "\n"
            // What the history kept of its answers; the one it holds now, whatever the history kept.
            var said = answers[index].filter { $0.status != .pending }
            if said.last != piece.response { said.append(piece.response) }
            for (position, answer) in said.enumerated() {
                let what = answer.date.map { l.text("error.response.answer-on", ["status": words.status(answer.status), "date": words.day($0)]) }
                    ?? words.status(answer.status)
                let line = position == said.count - 1 ? what : l.text("submission.earlier", ["answer": what])
                text += "    " + line + (answer.note.map { " " + l.text("submission.answer-note", ["note": TerminalText.visible($0)]) } ?? "") + "\n"
            }
        }
        return text
    }
}
