import Foundation

/// The markets and submissions every machine's changes make, taken in the order all machines agree
/// on, as projects are: each market field and each piece's response holds the latest change to it;
/// a market or submission removed stays removed; two markets given one name, the later is numbered,
/// and a name the store would refuse is made one it reads, as projects' names are.
struct SubmissionMerge {
    private struct Entry<Value> {
        var value: Value
        var exists = true
        /// The latest change to each field (a market's) or piece's response (a submission's, by index).
        var writes: [String: SharedChange] = [:]
    }

    private var markets: [UUID: Entry<Market>] = [:]
    /// The order markets were first made in, which `market list` keeps.
    private var marketOrder: [UUID] = []
    private var submissions: [UUID: Entry<Submission>] = [:]
    /// Which market holds each name, as names compare.
    private var names: [String: UUID] = [:]
    /// The numbered name each market holds now, by the merge: told as projects' are.
    private var numbered: [UUID: Renaming] = [:]

    mutating func take(
        _ operation: SubmissionOperation, by shared: SharedChange, overridden: inout [Overridden], numbered: (String, Int) -> String
    ) {
        switch operation {
        case .addMarket(let market):
            if markets[market.id] == nil { marketOrder.append(market.id) }
            var entry = Entry(value: market)
            entry.writes = markets[market.id]?.writes ?? [:]
            release(market.id)
            entry.value.name = claim(market.name, for: market.id, numbered: numbered)
            markets[market.id] = entry
        case .removeMarket(let market):
            guard markets[market.id]?.exists == true else { return }
            release(market.id)
            markets[market.id]?.exists = false
        case .setMarket(let id, let field, _, let to):
            guard var entry = markets[id], entry.exists else { return }
            write(field.rawValue, id: id, by: shared, in: &entry.writes, overridden: &overridden)
            if field == .name, let to {
                release(id)
                entry.value.name = claim(to, for: id, numbered: numbered)
            } else {
                _ = entry.value.set(field, to: to)
            }
            markets[id] = entry
        case .addSubmission(let submission):
            submissions[submission.id] = Entry(value: submission)
        case .removeSubmission(let submission):
            submissions[submission.id]?.exists = false
        case .respond(let id, let piece, _, let to):
            guard var entry = submissions[id], entry.exists, entry.value.pieces.indices.contains(piece) else { return }
            write("response", id: id, by: shared, in: &entry.writes, key: "\(piece)", overridden: &overridden)
            entry.value.pieces[piece].response = to
            submissions[id] = entry
        }
    }

    /// Notes `shared` as the latest change to `key`, and the one it overrode if its machine did not know of it.
    private func write(
        _ field: String, id: UUID, by shared: SharedChange, in writes: inout [String: SharedChange], key: String? = nil,
        overridden: inout [Overridden]
    ) {
        let key = key ?? field
        if let previous = writes[key], !shared.knew(of: previous.stamp) {
            overridden.append(Overridden(project: id, field: field, lost: previous.change, won: shared.change))
        }
        writes[key] = shared
    }

    /// The name `arriving` gives market `id`: made one the store reads if it is not, and numbered
    /// as a project's is if another market holds it now.
    private mutating func claim(_ arriving: String, for id: UUID, numbered: (String, Int) -> String) -> String {
        let wanted = ProjectName.mended(arriving, id: id)
        var given = wanted
        var number = 1
        while let holder = names[ProjectName.matchKey(given)], holder != id {
            number += 1
            given = ProjectName.numbered(wanted, number, numbered)
        }
        names[ProjectName.matchKey(given)] = id
        self.numbered[id] = given == wanted ? nil : Renaming(project: id, from: wanted, to: given)
        return given
    }

    private mutating func release(_ id: UUID) {
        guard let name = markets[id]?.value.name, markets[id]?.exists == true else { return }
        if names[ProjectName.matchKey(name)] == id { names[ProjectName.matchKey(name)] = nil }
    }

    /// The markets in the order first made, the submissions in the order their numbers follow.
    func outcome() -> (markets: [Market], submissions: [Submission], renamed: [Renaming]) {
        let markets = marketOrder.compactMap { self.markets[$0].flatMap { $0.exists ? $0.value : nil } }
        let submissions = self.submissions.values.filter(\.exists).map(\.value).sorted(by: ProjectCatalog.numberedBefore)
        return (markets, submissions, marketOrder.compactMap { numbered[$0] }.filter { id in markets.contains { $0.id == id.project } })
    }
}
