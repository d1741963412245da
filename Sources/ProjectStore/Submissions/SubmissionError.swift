import Foundation

/// What the markets and submissions refuse, with the facts to explain it.
public enum SubmissionError: Error, Sendable, Equatable {
    case duplicateMarket(String)
    /// A market's name that the rules of a name refuse.
    case invalidMarketName(String, NameProblem)
    case marketNotFound(String)
    case submissionNotFound(String)
    /// A reference several submissions answer to: their numbers, for the writer to pick one.
    case ambiguousSubmission(String, candidates: [Int])
    /// `market edit` given a value its field cannot hold (`--simultaneous maybe`).
    case invalidValue(field: String, value: String)
    /// A usual response time outside `StoredNumber.responseDays.range`.
    case invalidResponseDays(Int)
    case responseInFuture(CalendarDay)
    case responseBeforeSent(CalendarDay, sent: CalendarDay)
    case fileNotInSubmission(String)
    /// A response naming no piece, to a submission with none still out: its pieces and their answers,
    /// none of which a response changes unless it names the piece.
    case nothingPending([SubmittedPiece])
    /// A submission sent on a day still to come: no answer could ever be recorded for it.
    case sentInFuture(CalendarDay)
    case nothingToSubmit(String)
    /// The market's rules or its deadline refuse it; `--force` records it anyway.
    case refused([SubmissionWarning])
}
