import Foundation
import Testing
@testable import ProjectStore

/// An import document's markets and submissions, checked whole with its projects before anything
/// is added: nothing the store's reader would refuse gets in, and every problem is listed.
@Suite("Import: markets and submissions, all or nothing")
struct SubmissionImportTests {
    let poems = MergeTests.project(1, "Poems", key: "a1")
    let agni = Sent.market(1, "Agni")

    func sent(_ number: Int, to market: Market, on day: String = "2026-10-01", _ pieces: [SubmittedPiece] = [Sent.piece("A.md")]) -> Submission {
        Sent.submission(number, to: market, of: poems, on: day, pieces)
    }

    /// A store holding Poems, Agni and one submission to it, before the import's change begins.
    func store() throws -> ProjectCatalog {
        var catalog = try ProjectCatalog(projects: [poems], defaultOrder: .user)
        try catalog.addMarket(agni)
        try catalog.addSubmission(sent(1, to: agni))
        catalog.beginChange()
        return catalog
    }

    /// Imports the document into `catalog`, expecting exactly `problems` and no change at all.
    func expectRefused(
        _ problems: [ImportProblem], projects: [Project] = [], markets: [Market] = [], submissions: [Submission] = [],
        into catalog: ProjectCatalog? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var catalog = try catalog ?? store()
        let before = catalog
        #expect(throws: ProjectStoreError.importRejected(problems), sourceLocation: sourceLocation) {
            try catalog.importDocument(projects: projects, markets: markets, submissions: submissions)
        }
        #expect(catalog == before && catalog.operations.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("one submission twice in the document: refused, naming both places and the id, rather than a store no command reads")
    func submissionTwice() throws {
        let twice = sent(2, to: agni)
        try expectRefused([.submissionIDRepeated(index: 2, id: twice.id, otherIndex: 1)], submissions: [twice, twice])
    }

    @Test("two markets with one id: refused, rather than the second silently dropped")
    func marketIDTwice() throws {
        let first = Sent.market(2, "Ploughshares")
        let second = Market(id: first.id, name: "Rattle")
        try expectRefused([.marketIDRepeated(index: 2, id: first.id, otherIndex: 1)], markets: [first, second])
    }

    @Test("a submission to a market neither the document nor the store holds, and one of no piece")
    func submissionWithoutMarketOrPieces() throws {
        let elsewhere = Sent.market(9, "Elsewhere")
        try expectRefused([
            .submissionMarketMissing(index: 1, market: elsewhere.id),
            .submissionWithoutPieces(index: 2),
        ], submissions: [sent(2, to: elsewhere), sent(3, to: agni, [])])
    }

    @Test("a market's name invalid, held by a market here, or twice in the document")
    func marketNames() throws {
        try expectRefused([
            .marketInvalidName(index: 1, name: " \t", .empty),
            .marketClashesWithStore(index: 2, name: "AGNI", existing: "Agni"),
            .marketClashesWithinDocument(index: 4, name: "rattle", otherIndex: 3),
            .marketInvalidName(index: 5, name: "Bell\u{7}", .controlCharacter),
        ], markets: [
            Sent.market(2, " \t"), Sent.market(3, " AGNI "), Sent.market(4, "Rattle"), Sent.market(5, "rattle"), Sent.market(6, "Bell\u{7}"),
        ])
    }

    @Test("an id held once among markets and submissions, as the store's reader holds it: a submission given a market's id, a market a submission's")
    func idsAcrossKinds() throws {
        let rattle = Sent.market(2, "Rattle")
        let asAgni = Submission(id: agni.id, market: agni.id, project: poems.id, projectName: "Poems", sent: Sent.day("2026-10-02"),
                                note: nil, pieces: [Sent.piece("B.md")])
        let asRattle = Submission(id: rattle.id, market: agni.id, project: poems.id, projectName: "Poems", sent: Sent.day("2026-10-02"),
                                  note: nil, pieces: [Sent.piece("B.md")])
        let asSubmission = Market(id: fixedID("5b", 1), name: "Bell")
        try expectRefused([
            .marketIDOfSubmission(index: 2, id: asSubmission.id),
            .submissionIDOfMarket(index: 1, id: agni.id, market: "Agni"),
            .submissionIDOfMarket(index: 2, id: rattle.id, market: "Rattle"),
        ], markets: [rattle, asSubmission], submissions: [asAgni, asRattle])
    }

    @Test("the projects' problems and the submissions' are listed together, and the projects are not added without them")
    func wholeDocument() throws {
        let twice = sent(2, to: agni)
        var catalog = try store()
        try expectRefused([
            .clashesWithStore(index: 1, name: "poems", existing: "Poems"),
            .submissionIDRepeated(index: 2, id: twice.id, otherIndex: 1),
        ], projects: [MergeTests.project(2, "poems", key: "a2")], submissions: [twice, twice], into: catalog)
        try expectRefused([.submissionIDRepeated(index: 2, id: twice.id, otherIndex: 1)],
                          projects: [MergeTests.project(2, "Letters", key: "a2")], submissions: [twice, twice], into: catalog)
        #expect(catalog.names == ["Poems"])
        _ = try catalog.importDocument(projects: [MergeTests.project(2, "Letters", key: "a2")], markets: [], submissions: [])
        #expect(catalog.names == ["Poems", "Letters"])
    }

    @Test("what the store holds by id is left as it is, the rest added as one change in the order the numbers follow, and told")
    func added() throws {
        var catalog = try store()
        let rattle = Sent.market(2, " Rattle ")
        let early = sent(3, to: rattle, on: "2026-09-01")
        let late = sent(2, to: agni, on: "2026-11-01")
        // An export of this very store, and more: Agni and submission 1 are here already.
        let imported = try catalog.importDocument(
            projects: [], markets: [Sent.market(1, "Agni, renamed elsewhere"), rattle], submissions: [late, sent(1, to: agni), early])
        #expect(imported.projects.isEmpty && imported.markets.map(\.name) == ["Rattle"] && imported.submissions == [late, early])
        #expect(catalog.markets.map(\.name) == ["Agni", "Rattle"])
        #expect(catalog.submissions.map(\.id) == [early.id, fixedID("5b", 1), late.id])
        #expect(catalog.operations == [
            .submissions(.addMarket(Market(id: rattle.id, name: "Rattle"))), .submissions(.addSubmission(late)), .submissions(.addSubmission(early)),
        ])
        var reread = try ProjectCatalog(projects: catalog.projects, defaultOrder: catalog.defaultOrder)
        try reread.takeStored(markets: catalog.markets, submissions: catalog.submissions)
    }
}
