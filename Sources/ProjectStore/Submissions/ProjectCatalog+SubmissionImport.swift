import Foundation

extension ProjectCatalog {
    /// The markets and submissions of an import document that the catalog does not hold (by id),
    /// as they would be added, and everything that refuses them: whatever the store's reader would
    /// refuse once they were added (a market's name invalid or another's, an id twice among the
    /// markets and submissions), and what `market add` and `submit` refuse (a submission to a market
    /// neither the document nor the store holds, or of no piece). Nothing changes.
    func submissionImport(
        markets incoming: [Market], submissions arriving: [Submission]
    ) -> (problems: [ImportProblem], markets: [Market], submissions: [Submission]) {
        var problems: [ImportProblem] = []
        var storeMarkets: [UUID: String] = [:]
        var storeNames: [String: String] = [:]
        for market in markets {
            storeMarkets[market.id] = market.name
            storeNames[ProjectName.matchKey(market.name)] = market.name
        }
        let storeSubmissions = Set(submissions.map(\.id))
        var documentMarkets: [UUID: (index: Int, name: String)] = [:]
        var documentNames: [String: Int] = [:]
        var added: [Market] = []
        for (offset, candidate) in incoming.enumerated() {
            let index = offset + 1
            if let other = documentMarkets[candidate.id] {
                problems.append(.marketIDRepeated(index: index, id: candidate.id, otherIndex: other.index))
                continue
            }
            documentMarkets[candidate.id] = (index, candidate.name)
            guard storeMarkets[candidate.id] == nil else { continue }
            if storeSubmissions.contains(candidate.id) { problems.append(.marketIDOfSubmission(index: index, id: candidate.id)) }
            var market = candidate
            do {
                market.name = try ProjectName.validated(candidate.name)
            } catch {
                if case .invalidName(_, let problem) = error { problems.append(.marketInvalidName(index: index, name: candidate.name, problem)) }
                continue
            }
            let key = ProjectName.matchKey(market.name)
            if let existing = storeNames[key] {
                problems.append(.marketClashesWithStore(index: index, name: market.name, existing: existing))
            } else if let other = documentNames[key] {
                problems.append(.marketClashesWithinDocument(index: index, name: market.name, otherIndex: other))
            } else {
                documentNames[key] = index
            }
            added.append(market)
        }
        var documentSubmissions: [UUID: Int] = [:]
        var sent: [Submission] = []
        for (offset, candidate) in arriving.enumerated() {
            let index = offset + 1
            if let other = documentSubmissions[candidate.id] {
                problems.append(.submissionIDRepeated(index: index, id: candidate.id, otherIndex: other))
                continue
            }
            documentSubmissions[candidate.id] = index
            guard !storeSubmissions.contains(candidate.id) else { continue }
            if let market = storeMarkets[candidate.id] ?? documentMarkets[candidate.id]?.name {
                problems.append(.submissionIDOfMarket(index: index, id: candidate.id, market: market))
            }
            if storeMarkets[candidate.market] == nil, documentMarkets[candidate.market] == nil {
                problems.append(.submissionMarketMissing(index: index, market: candidate.market))
            }
            if candidate.pieces.isEmpty { problems.append(.submissionWithoutPieces(index: index)) }
            sent.append(candidate)
        }
        return problems.isEmpty ? ([], added, sent) : (problems, [], [])
    }

    /// Adds the markets and submissions `submissionImport` accepted, each recorded as `market add`
    /// and `submit` record theirs; the submissions sorted once into the order their numbers follow,
    /// rather than each put in its place (a large import would look through them all for each).
    mutating func appendImported(markets added: [Market], submissions sent: [Submission]) {
        for market in added {
            markets.append(market)
            record(.submissions(.addMarket(market)))
        }
        guard !sent.isEmpty else { return }
        submissions.append(contentsOf: sent)
        submissions.sort(by: Self.numberedBefore)
        for submission in sent { record(.submissions(.addSubmission(submission))) }
    }
}
