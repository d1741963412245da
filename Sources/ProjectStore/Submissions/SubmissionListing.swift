import Foundation

/// One submission as `submissions` lists it: its number, its market's name, whether its project is
/// gone, and the pieces shown, each with its days out (or taken to be answered) and whether it is
/// past the market's usual response time.
public struct ListedSubmission: Sendable {
    public let number: Int
    /// The catalog's submissions, which every row shares: a row reads its own there by its number
    /// rather than keeping a copy, a hundred bytes a row over thousands of rows.
    fileprivate let submissions: [Submission]
    public let marketName: String
    public let projectDeleted: Bool
    /// The project's name now, or, for a project gone, the name it had when sent: a row follows a
    /// rename.
    public let projectName: String
    /// Of one array that every row's pieces share, in order: an array for each row took a tenth of
    /// `--pending`'s memory.
    public fileprivate(set) var pieces: ArraySlice<Piece>

    public struct Piece: Sendable {
        /// Which of the submission's pieces, as the catalog listed holds them (one read for what is
        /// still out holds only those): the piece is read there (`sent(_:)`), not copied, as copying
        /// each piece listed retained each of its strings.
        public let index: Int
        /// Still out: days since it was sent; answered: days it took.
        public let days: Int
        public let overdue: Bool
    }

    /// The submission listed, as the catalog holds it.
    public var submission: Submission {
        submissions[number - 1]
    }

    /// The piece sent that `listed` shows, with its response.
    public func sent(_ listed: Piece) -> SubmittedPiece {
        submissions[number - 1].pieces[listed.index]
    }
}

/// Which submissions `submissions` shows, and in what order: newest sent first; with `pending`, the
/// pieces still out alone, longest waiting first. Numbers follow the order recorded, which is the
/// order sent but where a send was recorded late.
public struct SubmissionListing: Sendable {
    public let catalog: ProjectCatalog
    public let today: CalendarDay

    public init(catalog: ProjectCatalog, today: CalendarDay) {
        self.catalog = catalog
        self.today = today
    }

    public func rows(pendingOnly: Bool, project: UUID? = nil, market: UUID? = nil) -> [ListedSubmission] {
        // What a row needs of its market, rather than a copy of the market for each row.
        let markets = Dictionary(catalog.markets.map { ($0.id, (name: $0.name, responseDays: $0.responseDays)) },
                                 uniquingKeysWith: { first, _ in first })
        let projects = Dictionary(catalog.projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var rows: [ListedSubmission] = []
        // Room for every submission and piece at once: growing the arrays copied what was made so
        // far each time, and room not used is memory never touched.
        rows.reserveCapacity(catalog.submissions.count)
        var pieces: [ListedSubmission.Piece] = []
        pieces.reserveCapacity(catalog.submissions.reduce(0) { $0 + $1.pieces.count })
        var ends: [Int] = []
        ends.reserveCapacity(catalog.submissions.count)
        // Each submission is asked in place whether it is listed: of 10,000, `--pending` lists those
        // with a piece still out, often far fewer.
        catalog.submissions.withUnsafeBufferPointer { submissions in
            // Numbers follow the order recorded, mostly the order sent, so newest first is the numbers
            // backward, and longest waiting first the numbers forward: the rows are made in the order
            // shown, and put in order after only where a send was recorded late.
            let order = pendingOnly ? stride(from: 0, to: submissions.count, by: 1) : stride(from: submissions.count - 1, to: -1, by: -1)
            for index in order {
                if let project, submissions[index].project != project { continue }
                if let market, submissions[index].market != market { continue }
                // Most are answered: asked before their market is looked up.
                if pendingOnly, !submissions[index].isOpen { continue }
                let listedMarket = markets[submissions[index].market]
                let start = pieces.count
                list(submissions[index], pendingOnly: pendingOnly, responseDays: listedMarket?.responseDays, into: &pieces)
                guard pieces.count > start else { continue }
                ends.append(pieces.count)
                rows.append(ListedSubmission(
                    number: index + 1, submissions: catalog.submissions,
                    marketName: listedMarket?.name ?? catalog.marketName(submissions[index].market),
                    projectDeleted: projects[submissions[index].project] == nil,
                    projectName: projects[submissions[index].project] ?? submissions[index].projectName, pieces: []))
            }
        }
        // The rows' pieces are cut from the array once it is whole, so that none is copied again.
        for row in rows.indices {
            rows[row].pieces = pieces[(row == 0 ? 0 : ends[row - 1])..<ends[row]]
        }
        // By the day sent, then number, in the direction shown.
        func shownBefore(_ lhs: ListedSubmission, _ rhs: ListedSubmission) -> Bool {
            let (left, right) = (lhs.submission.sent, rhs.submission.sent)
            if left != right { return pendingOnly ? left < right : left > right }
            return pendingOnly ? lhs.number < rhs.number : lhs.number > rhs.number
        }
        if rows.indices.dropFirst().contains(where: { shownBefore(rows[$0], rows[$0 - 1]) }) { rows.sort(by: shownBefore) }
        return rows
    }

    /// The pieces of `submission` shown, each with its days and whether it is overdue, added to `pieces`.
    private func list(_ submission: Submission, pendingOnly: Bool, responseDays: Int?, into pieces: inout [ListedSubmission.Piece]) {
        for index in submission.pieces.indices {
            let response = submission.pieces[index].response
            let open = response.status.isOpen
            if pendingOnly, !open { continue }
            let days = submission.sent.days(until: open ? today : response.date ?? today)
            pieces.append(ListedSubmission.Piece(index: index, days: days, overdue: open && responseDays.map { days > $0 } ?? false))
        }
    }
}
