import Foundation

/// What a change did to the markets and submissions: recorded by the catalog's own methods, undone,
/// redone and merged as projects' operations are.
public enum SubmissionOperation: Sendable, Equatable {
    case addMarket(Market)
    /// Kept whole, so that it comes back as it was; its submissions are removed by operations of
    /// their own, before it, in the same change.
    case removeMarket(Market)
    case setMarket(UUID, MarketField, from: String?, to: String?)
    case addSubmission(Submission)
    case removeSubmission(Submission)
    /// The answer to one piece (by its index in the submission).
    case respond(UUID, piece: Int, from: PieceResponse, to: PieceResponse)

    public var reversed: SubmissionOperation {
        switch self {
        case .addMarket(let market): .removeMarket(market)
        case .removeMarket(let market): .addMarket(market)
        case .setMarket(let id, let field, let from, let to): .setMarket(id, field, from: to, to: from)
        case .addSubmission(let submission): .removeSubmission(submission)
        case .removeSubmission(let submission): .addSubmission(submission)
        case .respond(let id, let piece, let from, let to): .respond(id, piece: piece, from: to, to: from)
        }
    }
}
