import Foundation

extension ProjectCatalog {
    /// Applies a recorded market or submission operation, only if the catalog is as it found it:
    /// what `undo` and `redo` do, as for projects.
    mutating func apply(_ operation: SubmissionOperation) throws(HistoryObstacle) {
        switch operation {
        case .addMarket(let market):
            let key = ProjectName.matchKey(market.name)
            if let holder = markets.first(where: { $0.id == market.id || ProjectName.matchKey($0.name) == key }) {
                throw holder.id == market.id ? .submissionChanged(market.name) : .nameTaken(market.name, by: holder.name)
            }
            markets.append(market)
        case .removeMarket(let market):
            guard let index = marketIndex(market.id), markets[index] == market else { throw .submissionChanged(market.name) }
            guard !submissions.contains(where: { $0.market == market.id }) else { throw .submissionChanged(market.name) }
            markets.remove(at: index)
        case .setMarket(let id, let field, let from, let to):
            guard let index = marketIndex(id), markets[index].text(of: field) == from else {
                throw .submissionChanged(marketIndex(id).map { markets[$0].name } ?? id.lowercasedString)
            }
            if field == .name, let to, markets.contains(where: { $0.id != id && ProjectName.matchKey($0.name) == ProjectName.matchKey(to) }) {
                throw .nameTaken(to, by: to)
            }
            guard markets[index].set(field, to: to) else { throw .submissionChanged(markets[index].name) }
        case .addSubmission(let submission):
            guard !submissions.contains(where: { $0.id == submission.id }), marketIndex(submission.market) != nil else {
                throw .submissionChanged(marketName(submission.market))
            }
            insertSubmission(submission)
        case .removeSubmission(let submission):
            guard let index = submissions.firstIndex(where: { $0.id == submission.id }), submissions[index] == submission else {
                throw .submissionChanged(marketName(submission.market))
            }
            submissions.remove(at: index)
        case .respond(let id, let piece, let from, let to):
            guard let index = submissions.firstIndex(where: { $0.id == id }), submissions[index].pieces.indices.contains(piece),
                  submissions[index].pieces[piece].response == from
            else { throw .submissionChanged(submissions.first { $0.id == id }.map { marketName($0.market) } ?? id.lowercasedString) }
            submissions[index].pieces[piece].response = to
        }
    }

    /// The market's name, or its id when it is gone.
    public func marketName(_ id: UUID) -> String {
        marketIndex(id).map { markets[$0].name } ?? id.lowercasedString
    }
}

extension ProjectCatalog {
    /// Each market's name by its id, and, with `bySubmission`, by the ids of the submissions to it:
    /// what a sentence about an operation that names them by id needs. A market or submission gone
    /// from the catalog is named as `changes` last named it (a market deleted, then said in
    /// `history`), as a deleted project is.
    public func marketNames(bySubmission: Bool, remembering changes: [Change] = []) -> (UUID) -> String? {
        var names = Dictionary(markets.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var gone: [UUID: String] = [:]
        var sentTo: [UUID: UUID] = [:]
        for operation in changes.lazy.flatMap(\.operations) {
            guard case .submissions(let operation) = operation else { continue }
            switch operation {
            case .addMarket(let market), .removeMarket(let market): gone[market.id] = market.name
            case .setMarket(let id, .name, _, let to?): gone[id] = to
            case .addSubmission(let submission), .removeSubmission(let submission): sentTo[submission.id] = submission.market
            default: break
            }
        }
        names.merge(gone) { present, _ in present }
        if bySubmission {
            for (submission, market) in sentTo { names[submission] = names[market] }
            for submission in submissions { names[submission.id] = names[submission.market] }
        }
        return { names[$0] }
    }
}
