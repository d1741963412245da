import Foundation

/// One submission as `submissions` lists it: its number, its market's name, whether its project is
/// gone, and the pieces shown, each with its days out (or taken to be answered) and whether it is
/// past the market's usual response time.
public struct ListedSubmission: Sendable {
    public let number: Int
    public let submission: Submission
    public let marketName: String
    public let projectDeleted: Bool
    public var pieces: [Piece]

    public struct Piece: Sendable {
        public let piece: SubmittedPiece
        /// Still out: days since it was sent; answered: days it took.
        public let days: Int
        public let overdue: Bool
        /// Where the version sent is kept, when the caller looked (`submissions --json`).
        public var versionPath: String?
    }
}

/// Which submissions `submissions` shows, and in what order: newest first; with `pending`, the
/// pieces still out alone, longest waiting first.
public struct SubmissionListing: Sendable {
    public let catalog: ProjectCatalog
    public let today: CalendarDay

    public init(catalog: ProjectCatalog, today: CalendarDay) {
        self.catalog = catalog
        self.today = today
    }

    public func rows(pendingOnly: Bool, project: UUID? = nil, market: UUID? = nil) -> [ListedSubmission] {
        let markets = Dictionary(catalog.markets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let projects = Set(catalog.projects.map(\.id))
        let submissions = catalog.submissions
        var rows: [ListedSubmission] = []
        // Room for every submission at once: growing the array copied the rows made so far each time.
        rows.reserveCapacity(submissions.count)
        // Numbers follow the date sent, so newest first is the numbers backward, and longest waiting
        // first is the numbers forward: the rows are made in the order shown, not turned round after.
        let order = pendingOnly ? stride(from: 0, to: submissions.count, by: 1) : stride(from: submissions.count - 1, to: -1, by: -1)
        // Each submission is asked in place whether it is listed, and copied only when it is: of
        // 10,000, `--pending` lists those with a piece still out, often far fewer.
        for index in order {
            if let project, submissions[index].project != project { continue }
            if let market, submissions[index].market != market { continue }
            if pendingOnly, !submissions[index].isOpen { continue }
            let submission = submissions[index]
            let listedMarket = markets[submission.market]
            let pieces = submission.pieces.compactMap { piece -> ListedSubmission.Piece? in
                let open = piece.response.status.isOpen
                if pendingOnly, !open { return nil }
                let days = submission.sent.days(until: open ? today : piece.response.date ?? today)
                return ListedSubmission.Piece(piece: piece, days: days, overdue: open && listedMarket?.responseDays.map { days > $0 } ?? false)
            }
            guard !pieces.isEmpty else { continue }
            rows.append(ListedSubmission(
                number: index + 1, submission: submission,
                marketName: listedMarket?.name ?? catalog.marketName(submission.market),
                projectDeleted: !projects.contains(submission.project), pieces: pieces))
        }
        return rows
    }
}
