import Foundation
import Testing
@testable import ProjectStore

@Suite("Submissions: markets, submissions and responses in the catalog")
struct SubmissionRuleTests {
    @Test("market names are validated and compared as project names are; two markets cannot share one")
    func marketNames() throws {
        var catalog = ProjectCatalog()
        try catalog.addMarket(Sent.market(1, "  Poetry Review "))
        #expect(catalog.markets[0].name == "Poetry Review")
        #expect(throws: ProjectStoreError.submissions(.duplicateMarket("poetry review"))) { try catalog.addMarket(Sent.market(2, "poetry review")) }
        #expect(throws: ProjectStoreError.submissions(.invalidMarketName("   ", .empty))) { try catalog.addMarket(Sent.market(3, "   ")) }
        try catalog.addMarket(Sent.market(4, "Ploughshares"))
        #expect(throws: ProjectStoreError.submissions(.duplicateMarket("POETRY REVIEW"))) {
            try catalog.setMarket("Ploughshares", .name, to: "POETRY REVIEW")
        }
        #expect(try catalog.market("poetry REVIEW").id == fixedID("3a", 1))
        #expect(throws: ProjectStoreError.submissions(.marketNotFound("Agni"))) { try catalog.market("Agni") }
    }

    @Test("a field set from its text: a bad value is refused and changes nothing")
    func marketFields() throws {
        var catalog = ProjectCatalog()
        try catalog.addMarket(Sent.market(1, "Agni"))
        try catalog.setMarket("Agni", .simultaneous, to: "no")
        try catalog.setMarket("Agni", .deadline, to: "2027-03-31")
        #expect(catalog.markets[0].simultaneous == false && catalog.markets[0].deadline == Sent.day("2027-03-31"))
        #expect(throws: ProjectStoreError.submissions(.invalidValue(field: "deadline", value: "2027-02-30"))) {
            try catalog.setMarket("Agni", .deadline, to: "2027-02-30")
        }
        try catalog.setMarket("Agni", .deadline, to: "")
        #expect(catalog.markets[0].deadline == nil)
    }

    @Test("a response is refused before the day sent or after today, and a file not in the submission")
    func responseRefusals() throws {
        var catalog = try makeCatalog(["Poems"])
        let market = Sent.market(1, "Agni")
        try catalog.addMarket(market)
        try catalog.addSubmission(Sent.submission(1, to: market, of: catalog.projects[0], on: "2026-10-01", [Sent.piece("Ode.md")]))
        let id = fixedID("5b", 1)
        let today = Sent.day("2026-11-27")
        func respond(_ date: String, _ files: [String] = []) throws {
            try catalog.respond(to: id, pieces: files, with: PieceResponse(status: .accepted, date: Sent.day(date), note: nil), today: today)
        }
        #expect(throws: ProjectStoreError.submissions(.responseInFuture(Sent.day("2026-11-28")))) { try respond("2026-11-28") }
        #expect(throws: ProjectStoreError.submissions(.responseBeforeSent(Sent.day("2026-09-30"), sent: Sent.day("2026-10-01")))) {
            try respond("2026-09-30")
        }
        #expect(throws: ProjectStoreError.submissions(.fileNotInSubmission("Elegy.md"))) { try respond("2026-11-01", ["Elegy.md"]) }
        #expect(catalog.submissions[0].pieces[0].response == .pending)
        try respond("2026-11-27")
        #expect(catalog.submissions[0].pieces[0].response.status == .accepted)
    }

    @Test("an answer naming no piece goes to the pieces still out; with none out it is refused, every answer kept, and a piece named is changed")
    func answersKept() throws {
        var catalog = try makeCatalog(["Poems"])
        let market = Sent.market(1, "Agni")
        try catalog.addMarket(market)
        try catalog.addSubmission(Sent.submission(1, to: market, of: catalog.projects[0], on: "2026-10-01", [Sent.piece("Ode.md"), Sent.piece("Elegy.md")]))
        let id = fixedID("5b", 1)
        func respond(_ status: PieceStatus, _ files: [String] = []) throws -> Submission {
            try catalog.respond(to: id, pieces: files, with: PieceResponse(status: status, date: Sent.day("2026-11-01"), note: nil), today: Sent.day("2026-11-27"))
        }
        _ = try respond(.accepted, ["Ode.md"])
        let answered = try respond(.rejected)
        #expect(answered.pieces.map(\.response.status) == [.accepted, .rejected])
        #expect(throws: ProjectStoreError.submissions(.nothingPending(answered.pieces))) { try respond(.withdrawn) }
        #expect(catalog.submissions[0].pieces.map(\.response.status) == [.accepted, .rejected])
        #expect(try respond(.withdrawn, ["Ode.md"]).pieces.map(\.response.status) == [.withdrawn, .rejected])
    }

    @Test("a piece is named by its path, or by its file name where one piece alone has it")
    func pieceByName() {
        let submission = Sent.submission(1, to: Sent.market(1, "Agni"), of: Project(id: fixedID("", 1), name: "Poems", kind: .poetry, created: Date(), details: nil, position: 1),
                                         on: "2026-10-01", [Sent.piece("Ready/Ode.md"), Sent.piece("Ready/Elegy.md"), Sent.piece("Draft/Elegy.md")])
        #expect(submission.pieceFile(named: "Ready/Ode.md") == "Ready/Ode.md")
        #expect(submission.pieceFile(named: "Ode.md") == "Ready/Ode.md")
        #expect(submission.pieceFile(named: "Elegy.md") == nil)
        #expect(submission.pieceFile(named: "Draft/Elegy.md") == "Draft/Elegy.md")
        #expect(submission.pieceFile(named: "Hymn.md") == nil)
    }

    @Test("a submission sent on a day still to come is refused; today and before are recorded")
    func sentInFuture() throws {
        var catalog = try makeCatalog(["Poems"])
        let market = Sent.market(1, "Agni")
        try catalog.addMarket(market)
        let today = Sent.day("2026-11-27")
        for (number, day) in [(1, "2026-11-28"), (2, "9999-12-31")] {
            #expect(throws: ProjectStoreError.submissions(.sentInFuture(Sent.day(day)))) {
                try catalog.submit(Sent.submission(number, to: market, of: catalog.projects[0], on: day, [Sent.piece("Ode.md")]), today: today)
            }
        }
        #expect(catalog.submissions.isEmpty)
        try catalog.submit(Sent.submission(3, to: market, of: catalog.projects[0], on: "2026-11-27", [Sent.piece("Ode.md")]), today: today)
        #expect(catalog.submissions.count == 1)
    }

    @Test("numbers follow the order recorded: five sent one evening keep the numbers each was given; a send recorded late takes the next, shifting none; the old ones first")
    func numbersStayPut() throws {
        var catalog = try makeCatalog(["Poems"])
        let market = Sent.market(1, "Agni")
        try catalog.addMarket(market)
        // Recorded before submissions kept their clock: numbered first, by day sent, as they were.
        try catalog.addSubmission(Sent.submission(90, to: market, of: catalog.projects[0], on: "2026-06-01", [Sent.piece("Old.md")]))
        var shown: [UUID: Int] = [:]
        // Ids that sort in no particular order, as random ones do.
        for (step, number) in [7, 3, 9, 1, 5].enumerated() {
            let sent = Submission(
                id: fixedID("5b", number), market: market.id, project: catalog.projects[0].id, projectName: "Poems", sent: Sent.day("2026-11-27"),
                note: nil, pieces: [Sent.piece("P\(number).md")], recorded: HybridTime(milliseconds: 1_000 + Int64(step), counter: 0))
            try catalog.submit(sent, today: Sent.day("2026-11-27"))
            shown[sent.id] = catalog.number(of: sent)
            for (id, number) in shown { #expect(try catalog.submission(String(number)).id == id) }
        }
        #expect(shown.values.sorted() == [2, 3, 4, 5, 6])
        let late = Submission(
            id: fixedID("5b", 2), market: market.id, project: catalog.projects[0].id, projectName: "Poems", sent: Sent.day("2026-09-01"),
            note: nil, pieces: [Sent.piece("Late.md")], recorded: HybridTime(milliseconds: 2_000, counter: 0))
        try catalog.submit(late, today: Sent.day("2026-11-27"))
        #expect(catalog.number(of: late) == 7)
        for (id, number) in shown { #expect(try catalog.submission(String(number)).id == id) }
        #expect(try catalog.submission("1").id == fixedID("5b", 90))
        // A store read back in any order is put in the same one.
        var reread = ProjectCatalog()
        try reread.takeStored(markets: catalog.markets, submissions: catalog.submissions.reversed())
        #expect(reread.submissions.map(\.id) == catalog.submissions.map(\.id))
    }

    @Test("a submission is named by its number, id prefix or market; among several, the open ones; else the candidates")
    func naming() throws {
        var catalog = try makeCatalog(["Poems"])
        let agni = Sent.market(1, "Agni"), ploughshares = Sent.market(2, "Ploughshares")
        try catalog.addMarket(agni)
        try catalog.addMarket(ploughshares)
        let poems = catalog.projects[0]
        try catalog.addSubmission(Sent.submission(3, to: agni, of: poems, on: "2026-11-01", [Sent.piece("A.md")]))
        try catalog.addSubmission(Sent.submission(1, to: agni, of: poems, on: "2026-09-01", [Sent.piece("B.md", .rejected, on: "2026-10-01")]))
        try catalog.addSubmission(Sent.submission(2, to: ploughshares, of: poems, on: "2026-10-01", [Sent.piece("C.md"), Sent.piece("D.md")]))
        // Numbered by the day sent, whatever the order recorded.
        #expect(catalog.submissions.map(\.id) == [fixedID("5b", 1), fixedID("5b", 2), fixedID("5b", 3)])
        #expect(try catalog.submission("2").id == fixedID("5b", 2))
        #expect(try catalog.submission("5B000000-0000-4000-8000-000000000002").id == fixedID("5b", 2))
        #expect(throws: ProjectStoreError.submissions(.ambiguousSubmission("5b00", candidates: [2, 3]))) { try catalog.submission("5b00") }
        #expect(try catalog.submission("Agni").id == fixedID("5b", 3))
        #expect(try catalog.submission("Agni", piece: "B.md").id == fixedID("5b", 1))
        try catalog.addSubmission(Sent.submission(4, to: agni, of: poems, on: "2026-11-02", [Sent.piece("E.md")]))
        #expect(throws: ProjectStoreError.submissions(.ambiguousSubmission("agni", candidates: [3, 4]))) { try catalog.submission("agni") }
        #expect(throws: ProjectStoreError.submissions(.submissionNotFound("9"))) { try catalog.submission("9") }
    }
}
