import Foundation

/// Every answer each piece of a submission was given, in the order given, as the history tells it:
/// a shortlisting the final answer replaced is still there to read. Changes undone are left out.
public enum SubmissionAnswers {
    /// For each piece of `submission` (by index), the answers given to it, oldest first.
    public static func given(to submission: Submission, in changes: [Change]) -> [[PieceResponse]] {
        var answers = Array(repeating: [PieceResponse](), count: submission.pieces.count)
        for entry in History(changes: changes).entries where !entry.isUndone {
            for case .submissions(.respond(let id, let piece, _, let to)) in entry.change.operations
            where id == submission.id && answers.indices.contains(piece) {
                answers[piece].append(to)
            }
        }
        return answers
    }
}
