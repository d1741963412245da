import Foundation

/// The rules of markets and submissions. Each method records what it did as the project methods do,
/// so the history, undo, redo and sync take it with no path of their own.
extension ProjectCatalog {
    // MARK: Markets

    /// The market a reference names: its name (compared as project names are) or an id prefix of 4 or more.
    public func market(_ reference: String) throws(ProjectStoreError) -> Market {
        let wanted = reference.trimmingWhitespace()
        let key = ProjectName.matchKey(wanted)
        if let byName = markets.first(where: { ProjectName.matchKey($0.name) == key }) { return byName }
        let prefix = wanted.lowercased()
        let byID = prefix.count >= 4 ? markets.filter { $0.id.lowercasedString.hasPrefix(prefix) } : []
        guard byID.count == 1 else { throw .submissions(.marketNotFound(reference)) }
        return byID[0]
    }

    func marketIndex(_ id: UUID) -> Int? { markets.firstIndex { $0.id == id } }

    @discardableResult
    public mutating func addMarket(_ market: Market) throws(ProjectStoreError) -> Market {
        var market = market
        market.name = try Self.marketName(market.name)
        try refuseTaken(market.name, by: market.id)
        markets.append(market)
        record(.submissions(.addMarket(market)))
        return market
    }

    /// Sets one field from its text, as `market edit` and `market rename` give it. A usual response
    /// time is held to `StoredNumber.responseDays.range` here rather than in `Market.set`, which
    /// also replays the history and merges the logs, where a time set before the range was kept
    /// must come back as it was.
    @discardableResult
    public mutating func setMarket(_ reference: String, _ field: MarketField, to text: String?) throws(ProjectStoreError) -> Market {
        let index = marketIndex(try market(reference).id)!
        var text = text.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        if field == .name {
            text = try Self.marketName(text ?? "")
            try refuseTaken(text!, by: markets[index].id)
        }
        if field == .responseDays, let days = text.flatMap({ Int($0) }), !StoredNumber.responseDays.takes(days) {
            throw .submissions(.invalidResponseDays(days))
        }
        let before = markets[index].text(of: field)
        guard before != text else { return markets[index] }
        guard markets[index].set(field, to: text) else {
            throw .submissions(.invalidValue(field: field.rawValue, value: text ?? ""))
        }
        record(.submissions(.setMarket(markets[index].id, field, from: before, to: text)))
        return markets[index]
    }

    /// A market's name, validated as a project's is, refused in a market's words.
    private static func marketName(_ raw: String) throws(ProjectStoreError) -> String {
        do throws(ProjectStoreError) {
            return try ProjectName.validated(raw)
        } catch {
            guard case .invalidName(let name, let problem) = error else { throw error }
            throw .submissions(.invalidMarketName(name, problem))
        }
    }

    private func refuseTaken(_ name: String, by id: UUID) throws(ProjectStoreError) {
        let key = ProjectName.matchKey(name)
        if markets.contains(where: { $0.id != id && ProjectName.matchKey($0.name) == key }) {
            throw .submissions(.duplicateMarket(name))
        }
    }

    /// Removes a market with its submissions, as one change that holds them all, so `undo` brings
    /// every one back.
    @discardableResult
    public mutating func deleteMarket(_ reference: String) throws(ProjectStoreError) -> (market: Market, submissions: [Submission]) {
        let market = try market(reference)
        let held = submissions.filter { $0.market == market.id }
        // Its submissions first: an undo takes the reversals last first, so the market is back before them.
        for submission in held { record(.submissions(.removeSubmission(submission))) }
        submissions.removeAll { $0.market == market.id }
        markets.remove(at: marketIndex(market.id)!)
        record(.submissions(.removeMarket(market)))
        return (market, held)
    }

    // MARK: Submissions

    /// Records a submission of pieces already pinned to their versions, sent `today` or before.
    public mutating func submit(_ submission: Submission, today: CalendarDay) throws(ProjectStoreError) {
        try Self.refuseSending(on: submission.sent, today: today)
        try addSubmission(submission)
    }

    /// Refuses a day sent still to come, before anything is kept for it.
    public static func refuseSending(on sent: CalendarDay, today: CalendarDay) throws(ProjectStoreError) {
        guard sent <= today else { throw .submissions(.sentInFuture(sent)) }
    }

    /// Records a submission of pieces already pinned to their versions.
    public mutating func addSubmission(_ submission: Submission) throws(ProjectStoreError) {
        guard marketIndex(submission.market) != nil else { throw .submissions(.marketNotFound(submission.market.lowercasedString)) }
        guard !submission.pieces.isEmpty else { throw .submissions(.nothingToSubmit(submission.projectName)) }
        insertSubmission(submission)
        record(.submissions(.addSubmission(submission)))
    }

    /// Takes one submission out, as a change of its own that `undo` takes back: a submission
    /// recorded by mistake, or to record again corrected.
    @discardableResult
    public mutating func removeSubmission(_ reference: String) throws(ProjectStoreError) -> Submission {
        let found = try submission(reference)
        submissions.removeAll { $0.id == found.id }
        record(.submissions(.removeSubmission(found)))
        return found
    }

    /// Inserts where the numbers put it: in the order recorded, the same on every machine.
    mutating func insertSubmission(_ submission: Submission) {
        let index = submissions.lastIndex { !Self.numberedBefore(submission, $0) }.map { $0 + 1 } ?? 0
        submissions.insert(submission, at: index)
    }

    /// The order of the numbers: by the clock of their recording, then id; those recorded before
    /// submissions kept that clock first, by day sent, then id, as they were numbered then.
    static func numberedBefore(_ lhs: Submission, _ rhs: Submission) -> Bool {
        switch (lhs.recorded, rhs.recorded) {
        case (nil, nil): lhs.sent != rhs.sent ? lhs.sent < rhs.sent : idBefore(lhs.id, rhs.id)
        case (nil, _): true
        case (_, nil): false
        case (let left?, let right?): left != right ? left < right : idBefore(lhs.id, rhs.id)
        }
    }

    /// The order of the ids' text, compared as bytes: making the text of 10,000 ids to sort them
    /// was most of the time a store's submissions took to read.
    static func idBefore(_ lhs: UUID, _ rhs: UUID) -> Bool {
        withUnsafeBytes(of: lhs.uuid) { left in withUnsafeBytes(of: rhs.uuid) { right in left.lexicographicallyPrecedes(right) } }
    }

    /// Gives the pieces named (every piece still out, when none is named) the response; refuses a
    /// response dated after `today` or before the submission was sent, and one naming no piece when
    /// none is out: an answer already given is replaced only by naming its piece.
    @discardableResult
    public mutating func respond(
        to id: UUID, pieces wanted: [String], with response: PieceResponse, today: CalendarDay
    ) throws(ProjectStoreError) -> Submission {
        guard let index = submissions.firstIndex(where: { $0.id == id }) else { throw .submissions(.submissionNotFound(id.lowercasedString)) }
        let submission = submissions[index]
        if let date = response.date {
            guard date <= today else { throw .submissions(.responseInFuture(date)) }
            guard date >= submission.sent else { throw .submissions(.responseBeforeSent(date, sent: submission.sent)) }
        }
        var named: [String] = []
        for file in wanted {
            guard let found = submission.pieceFile(named: file) else { throw .submissions(.fileNotInSubmission(file)) }
            named.append(found)
        }
        let wanted = named
        if wanted.isEmpty, !submission.isOpen { throw .submissions(.nothingPending(submission.pieces)) }
        for (piece, sent) in submission.pieces.enumerated() {
            let chosen = wanted.isEmpty ? sent.response.status.isOpen : wanted.contains(sent.file)
            guard chosen, sent.response != response else { continue }
            submissions[index].pieces[piece].response = response
            record(.submissions(.respond(id, piece: piece, from: sent.response, to: response)))
        }
        return submissions[index]
    }

    /// The submission a reference names: its number as `submissions` lists them, its id or an id
    /// prefix of 4 or more, or its market's name (with `piece`, the one holding that file); among
    /// several, those still out, and else a refusal listing their numbers.
    public func submission(_ reference: String, piece: String? = nil) throws(ProjectStoreError) -> Submission {
        let wanted = reference.trimmingWhitespace()
        if let number = Int(wanted), !wanted.hasPrefix("0") || wanted == "0" {
            guard (1...max(submissions.count, 1)).contains(number), !submissions.isEmpty else {
                throw .submissions(.submissionNotFound(reference))
            }
            return submissions[number - 1]
        }
        var matches: [Int] = []
        let prefix = wanted.lowercased()
        if prefix.count >= 4 {
            matches = submissions.indices.filter { submissions[$0].id.lowercasedString.hasPrefix(prefix) }
        }
        if matches.isEmpty, let market = try? market(wanted) {
            matches = submissions.indices.filter { submissions[$0].market == market.id }
        }
        if let piece { matches = matches.filter { submissions[$0].pieceFile(named: piece) != nil } }
        if matches.count > 1 {
            let open = matches.filter { submissions[$0].isOpen }
            if !open.isEmpty { matches = open }
        }
        switch matches.count {
        case 0: throw .submissions(.submissionNotFound(reference))
        case 1: return submissions[matches[0]]
        default: throw .submissions(.ambiguousSubmission(reference, candidates: matches.map { $0 + 1 }))
        }
    }

    /// The number `submissions` lists it by.
    public func number(of submission: Submission) -> Int {
        (submissions.firstIndex { $0.id == submission.id } ?? 0) + 1
    }
}

extension ProjectCatalog {
    /// The markets and submissions a store holds, checked as its projects are: names unique as
    /// names compare, ids unique. `pieces`: which pieces the submissions were read with.
    public mutating func takeStored(markets: [Market], submissions: [Submission], pieces: SubmissionPieces = .all) throws(DocumentProblem) {
        var names = Set<String>()
        var ids = Set<UUID>()
        for market in markets {
            guard ProjectName.isValidStored(market.name) else { throw .wrongValue(field: "name", value: market.name, project: nil) }
            guard names.insert(ProjectName.matchKey(market.name)).inserted else { throw .duplicateName(market.name) }
            guard ids.insert(market.id).inserted else { throw .duplicateID(market.id) }
        }
        ids.reserveCapacity(markets.count + submissions.count)
        // By index, as below: each submission copied out of the array cost more than its check.
        for index in submissions.indices {
            guard ids.insert(submissions[index].id).inserted else { throw .duplicateID(submissions[index].id) }
        }
        self.markets = markets
        // This tool writes them in order: sorted only when a hand or another tool did not.
        // Field by field, by index: copying each submission to compare it cost more than the comparison.
        var inOrder = true
        for index in submissions.indices.dropFirst() {
            let (recorded, earlierRecorded) = (submissions[index].recorded, submissions[index - 1].recorded)
            let before: Bool
            switch (recorded, earlierRecorded) {
            case (let clock?, let earlier?):
                before = clock < earlier || (clock == earlier && Self.idBefore(submissions[index].id, submissions[index - 1].id))
            case (nil, nil):
                let (sent, earlier) = (submissions[index].sent, submissions[index - 1].sent)
                before = sent < earlier || (sent == earlier && Self.idBefore(submissions[index].id, submissions[index - 1].id))
            case (nil, _?): before = true
            case (_?, nil): before = false
            }
            if before {
                inOrder = false
                break
            }
        }
        self.submissions = inOrder ? submissions : submissions.sorted(by: Self.numberedBefore)
        submissionPieces = pieces
    }
}

extension ProjectCatalog {
    /// Replaces what was recorded for a market just made and then given its fields with one
    /// operation, the market as it now is: `market add` with options is one thing the writer did.
    public mutating func foldAdded(_ market: Market) {
        operations.removeAll { operation in
            switch operation {
            case .submissions(.addMarket(let made)): made.id == market.id
            case .submissions(.setMarket(let id, _, _, _)): id == market.id
            default: false
            }
        }
        record(.submissions(.addMarket(market)))
    }
}
