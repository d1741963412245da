import Foundation

/// What of the markets and submissions an undo or redo of a change would give back or take away:
/// another machine's later operation on any of it stands in the way, as `ProjectFootprint` says
/// for projects.
struct SubmissionFootprint {
    /// Markets the change added or deleted: the undo takes away or brings back the whole market.
    private var markets = Set<UUID>()
    /// The names the undo would give a market again (one deleted, or renamed), as names compare.
    private var marketNameKeys = Set<String>()
    /// Market fields the change set, as `id/field`.
    private var marketFields = Set<String>()
    /// Submissions the change recorded or removed, whole.
    private var submissions = Set<UUID>()
    /// Pieces the change answered for, as `id/piece`.
    private var responses = Set<String>()
    /// Every market the change touched, itself or through a submission: deleting it stands in the way.
    private var touchedMarkets = Set<UUID>()
    /// The submissions and markets as the catalog and the change know them, to name them by.
    private var knownSubmissions: [UUID: Submission] = [:]
    private var knownMarkets: [UUID: String] = [:]

    init(_ change: Change, in catalog: ProjectCatalog) {
        let operations = Self.submissionOperations(change.operations)
        // A change to projects alone leaves nothing to look up (and a store may hold 10,000 submissions).
        guard !operations.isEmpty else { return }
        for submission in catalog.submissions { knownSubmissions[submission.id] = submission }
        for operation in operations {
            learn(operation)
            switch operation {
            case .addMarket(let market), .removeMarket(let market):
                markets.insert(market.id)
                marketNameKeys.insert(ProjectName.matchKey(market.name))
                touchedMarkets.insert(market.id)
            case .setMarket(let id, let field, let from, _):
                marketFields.insert("\(id)/\(field.rawValue)")
                if field == .name, let from { marketNameKeys.insert(ProjectName.matchKey(from)) }
                touchedMarkets.insert(id)
            case .addSubmission(let submission), .removeSubmission(let submission):
                submissions.insert(submission.id)
                touchedMarkets.insert(submission.market)
            case .respond(let id, let piece, _, _):
                responses.insert("\(id)/\(piece)")
                if let market = knownSubmissions[id]?.market { touchedMarkets.insert(market) }
            }
        }
        // The names the writer knows now win over those the change recorded.
        for market in catalog.markets { knownMarkets[market.id] = market.name }
    }

    var isEmpty: Bool { markets.isEmpty && marketFields.isEmpty && submissions.isEmpty && responses.isEmpty }

    /// What `operations`, another machine's change, did to any of it: the market's name and what it
    /// did, by the last such operation.
    func obstacle(in operations: [ChangeOperation]) -> (market: String, what: ChangeElsewhere)? {
        var known = self
        let theirs = Self.submissionOperations(operations)
        for operation in theirs { known.learn(operation) }
        // A market deleted takes its submissions with it, ours among them.
        var deletable = touchedMarkets
        for case .removeSubmission(let submission) in theirs where holds(submission.id) { deletable.insert(submission.market) }
        var found: (UUID, ChangeElsewhere)?
        for operation in theirs {
            switch operation {
            case .addMarket(let market) where markets.contains(market.id) || marketNameKeys.contains(ProjectName.matchKey(market.name)):
                found = (market.id, .marketAdded)
            case .removeMarket(let market) where deletable.contains(market.id): found = (market.id, .marketDeleted)
            case .setMarket(let id, let field, _, _) where markets.contains(id) || marketFields.contains("\(id)/\(field.rawValue)"):
                found = (id, .marketEdited(field))
            case .addSubmission(let submission) where markets.contains(submission.market) || submissions.contains(submission.id):
                found = (submission.market, .submitted(project: submission.projectName))
            case .respond(let id, let piece, _, let to) where submissions.contains(id) || responses.contains("\(id)/\(piece)"):
                guard let submission = known.knownSubmissions[id] else { continue }
                let file = submission.pieces.indices.contains(piece) ? submission.pieces[piece].file : String(piece + 1)
                found = (submission.market, .responded(piece: file, to.status))
            default: continue
            }
        }
        return found.map { market, what in (known.knownMarkets[market] ?? String(market.lowercasedString.prefix(8)), what) }
    }

    /// Whether the change recorded, removed or answered for the submission.
    private func holds(_ submission: UUID) -> Bool {
        submissions.contains(submission) || responses.contains { $0.hasPrefix("\(submission)/") }
    }

    /// Remembers the submissions and markets' names an operation carries, without overriding what
    /// is known already.
    private mutating func learn(_ operation: SubmissionOperation) {
        switch operation {
        case .addMarket(let market), .removeMarket(let market): knownMarkets[market.id] = knownMarkets[market.id] ?? market.name
        case .addSubmission(let submission), .removeSubmission(let submission):
            knownSubmissions[submission.id] = knownSubmissions[submission.id] ?? submission
        case .setMarket, .respond: break
        }
    }

    private static func submissionOperations(_ operations: [ChangeOperation]) -> [SubmissionOperation] {
        operations.compactMap { if case .submissions(let operation) = $0 { operation } else { nil } }
    }
}
