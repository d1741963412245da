import Foundation

/// What sending pieces to a market would break or should make the writer think twice, decided
/// before anything is recorded: the market's rules, the deadline, where the pieces already are.
public enum SubmissionWarning: Sendable, Equatable {
    /// The piece waits for an answer at another market.
    case pendingElsewhere(file: String, market: String, sent: CalendarDay)
    /// …and one of the two markets takes no simultaneous submissions: a refusal.
    case notSimultaneous(file: String, market: String, refusing: String)
    /// The piece was taken already: sending it again is the writer's choice (a reprint).
    case acceptedBefore(file: String, market: String, on: CalendarDay)
    /// The market takes one submission at a time and has one of the writer's.
    case marketHasPending(market: String, sent: CalendarDay)
    /// The deadline is gone: a refusal.
    case deadlinePassed(market: String, deadline: CalendarDay)
    /// Within 7 days: said, nothing more.
    case deadlineNear(market: String, deadline: CalendarDay, days: Int)

    /// A market's rule broken, rather than something to be sure of.
    public var isRefusal: Bool {
        switch self {
        case .notSimultaneous, .deadlinePassed: true
        default: false
        }
    }

    /// Only said: it stops nothing, even without `--force`.
    public var isNote: Bool {
        if case .deadlineNear = self { return true }
        return false
    }
}

public enum SubmissionCheck {
    /// How near a deadline must be to be said.
    public static let nearDays = 7

    /// Everything to say before sending `files` of `project` to `market` on `date`, in the order
    /// the writer reads them: the market first, then each piece. Judged as things stood on `date`:
    /// a send recorded late is not held against what was sent, or answered, after it.
    public static func warnings(
        sending files: [String], of project: UUID, to market: Market, on date: CalendarDay, in catalog: ProjectCatalog
    ) -> [SubmissionWarning] {
        var warnings: [SubmissionWarning] = []
        if let deadline = market.deadline {
            let days = date.days(until: deadline)
            if days < 0 {
                warnings.append(.deadlinePassed(market: market.name, deadline: deadline))
            } else if days <= nearDays {
                warnings.append(.deadlineNear(market: market.name, deadline: deadline, days: days))
            }
        }
        if !market.multiple, let pending = catalog.submissions.first(where: { submission in
            submission.market == market.id && submission.sent <= date && submission.pieces.contains { $0.response.status(on: date).isOpen }
        }) {
            warnings.append(.marketHasPending(market: market.name, sent: pending.sent))
        }
        let markets = Dictionary(uniqueKeysWithValues: catalog.markets.map { ($0.id, $0) })
        for file in files {
            for submission in catalog.submissions where submission.project == project && submission.sent <= date {
                guard let piece = submission.pieces.first(where: { $0.file == file }) else { continue }
                let other = markets[submission.market]
                let name = other?.name ?? catalog.marketName(submission.market)
                let status = piece.response.status(on: date)
                if status == .accepted {
                    warnings.append(.acceptedBefore(file: file, market: name, on: piece.response.date ?? submission.sent))
                } else if status.isOpen, submission.market != market.id || market.multiple {
                    if !market.simultaneous || other?.simultaneous == false {
                        let refusing = market.simultaneous ? name : market.name
                        warnings.append(.notSimultaneous(file: file, market: name, refusing: refusing))
                    } else {
                        warnings.append(.pendingElsewhere(file: file, market: name, sent: submission.sent))
                    }
                }
            }
        }
        return warnings
    }

    /// Where else each piece of `taken`, just accepted in `accepted`, is still out: the markets to
    /// withdraw it from. Only the pieces this answer accepted, so that a later answer to the packet
    /// does not repeat the advice.
    public static func withdrawals(of taken: [String], after accepted: Submission, in catalog: ProjectCatalog) -> [(file: String, market: String)] {
        var found: [(file: String, market: String)] = []
        for file in taken {
            for submission in catalog.submissions where submission.project == accepted.project && submission.id != accepted.id {
                if submission.pieces.contains(where: { $0.file == file && $0.response.status.isOpen }) {
                    found.append((file, catalog.marketName(submission.market)))
                }
            }
        }
        return found
    }
}
