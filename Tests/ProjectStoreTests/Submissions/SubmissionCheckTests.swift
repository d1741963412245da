import Foundation
import Testing
@testable import ProjectStore

@Suite("Submissions: the warnings and refusals before sending")
struct SubmissionCheckTests {
    let poems: Project
    var catalog: ProjectCatalog
    let agni = Sent.market(1, "Agni")
    let strict = Sent.market(2, "Strict", simultaneous: false, multiple: false)
    let prize = Sent.market(3, "Prize", deadline: "2026-12-01")

    init() throws {
        catalog = try makeCatalog(["Poems"])
        poems = catalog.projects[0]
        for market in [agni, strict, prize] { try catalog.addMarket(market) }
    }

    func warnings(_ files: [String], to market: Market, on date: String = "2026-11-27") -> [SubmissionWarning] {
        SubmissionCheck.warnings(sending: files, of: poems.id, to: market, on: Sent.day(date), in: catalog)
    }

    @Test("a send recorded late is judged as things stood on its day: what was sent or answered after it is not held against it")
    mutating func judgedOnTheDaySent() throws {
        try catalog.addSubmission(Sent.submission(1, to: strict, of: poems, on: "2026-10-15", [Sent.piece("Ode.md")]))
        try catalog.addSubmission(Sent.submission(2, to: agni, of: poems, on: "2026-09-01", [Sent.piece("Elegy.md", .accepted, on: "2026-10-20")]))
        try catalog.addSubmission(Sent.submission(3, to: prize, of: poems, on: "2026-09-02", [Sent.piece("Hymn.md", .rejected, on: "2026-10-20")]))
        // September 10: Ode was not yet at Strict; Elegy was still out at Agni, not yet accepted; Hymn
        // still out at Prize.
        #expect(warnings(["Ode.md", "Elegy.md", "Hymn.md"], to: agni, on: "2026-09-10") == [
            .pendingElsewhere(file: "Elegy.md", market: "Agni", sent: Sent.day("2026-09-01")),
            .pendingElsewhere(file: "Hymn.md", market: "Prize", sent: Sent.day("2026-09-02")),
        ])
        // Today, as before.
        #expect(warnings(["Ode.md", "Elegy.md", "Hymn.md"], to: agni, on: "2026-11-27") == [
            .notSimultaneous(file: "Ode.md", market: "Strict", refusing: "Strict"),
            .acceptedBefore(file: "Elegy.md", market: "Agni", on: Sent.day("2026-10-20")),
        ])
        #expect(warnings(["Other.md"], to: strict, on: "2026-10-01").isEmpty)
        #expect(warnings(["Other.md"], to: strict, on: "2026-10-16") == [.marketHasPending(market: "Strict", sent: Sent.day("2026-10-15"))])
    }

    @Test("nothing to say about a piece sent nowhere yet")
    func clean() {
        #expect(warnings(["Ode.md"], to: agni).isEmpty)
    }

    @Test("pending elsewhere warns; refused when either market takes no simultaneous submissions")
    mutating func pendingElsewhere() throws {
        try catalog.addSubmission(Sent.submission(1, to: agni, of: poems, on: "2026-11-01", [Sent.piece("Ode.md")]))
        let warned = warnings(["Ode.md"], to: prize)
        #expect(warned.contains(.pendingElsewhere(file: "Ode.md", market: "Agni", sent: Sent.day("2026-11-01"))))
        #expect(warned.allSatisfy { !$0.isRefusal })
        #expect(warnings(["Ode.md"], to: strict) == [.notSimultaneous(file: "Ode.md", market: "Agni", refusing: "Strict")])
        #expect(warnings(["Ode.md"], to: strict).allSatisfy { $0.isRefusal })

        var other = catalog
        try other.addSubmission(Sent.submission(2, to: strict, of: poems, on: "2026-11-02", [Sent.piece("Elegy.md")]))
        let toAgni = SubmissionCheck.warnings(sending: ["Elegy.md"], of: poems.id, to: agni, on: Sent.day("2026-11-27"), in: other)
        #expect(toAgni == [.notSimultaneous(file: "Elegy.md", market: "Strict", refusing: "Strict")])
    }

    @Test("an accepted piece warns, naming the market and the day")
    mutating func acceptedBefore() throws {
        try catalog.addSubmission(Sent.submission(1, to: agni, of: poems, on: "2026-10-01", [Sent.piece("Ode.md", .accepted, on: "2026-11-02")]))
        #expect(warnings(["Ode.md"], to: prize, on: "2026-11-03") == [.acceptedBefore(file: "Ode.md", market: "Agni", on: Sent.day("2026-11-02"))])
    }

    @Test("a market taking one at a time warns while it holds a pending submission; not once answered")
    mutating func multipleNo() throws {
        try catalog.addSubmission(Sent.submission(1, to: strict, of: poems, on: "2026-10-01", [Sent.piece("Ode.md")]))
        #expect(warnings(["Elegy.md"], to: strict) == [.marketHasPending(market: "Strict", sent: Sent.day("2026-10-01"))])
        try catalog.respond(to: fixedID("5b", 1), pieces: [], with: PieceResponse(status: .rejected, date: Sent.day("2026-11-01"), note: nil),
                            today: Sent.day("2026-11-27"))
        #expect(warnings(["Elegy.md"], to: strict).isEmpty)
    }

    @Test("a deadline passed refuses; within 7 days it is said and stops nothing; further off, nothing")
    func deadlines() {
        #expect(warnings(["Ode.md"], to: prize, on: "2026-12-02") == [.deadlinePassed(market: "Prize", deadline: Sent.day("2026-12-01"))])
        #expect(warnings(["Ode.md"], to: prize, on: "2026-12-02")[0].isRefusal)
        let near = warnings(["Ode.md"], to: prize, on: "2026-11-24")
        #expect(near == [.deadlineNear(market: "Prize", deadline: Sent.day("2026-12-01"), days: 7)] && near[0].isNote)
        #expect(warnings(["Ode.md"], to: prize, on: "2026-11-23").isEmpty)
        #expect(warnings(["Ode.md"], to: prize, on: "2026-12-01") == [.deadlineNear(market: "Prize", deadline: Sent.day("2026-12-01"), days: 0)])
    }

    @Test("accepted while pending elsewhere: each market to withdraw it from")
    mutating func withdrawals() throws {
        try catalog.addSubmission(Sent.submission(1, to: agni, of: poems, on: "2026-10-01", [Sent.piece("Ode.md"), Sent.piece("Elegy.md")]))
        try catalog.addSubmission(Sent.submission(2, to: prize, of: poems, on: "2026-10-02", [Sent.piece("Ode.md")]))
        try catalog.addSubmission(Sent.submission(3, to: strict, of: poems, on: "2026-10-03", [Sent.piece("Ode.md", .rejected, on: "2026-11-01")]))
        let accepted = try catalog.respond(
            to: fixedID("5b", 1), pieces: ["Ode.md"], with: PieceResponse(status: .accepted, date: Sent.day("2026-11-20"), note: nil),
            today: Sent.day("2026-11-27"))
        let found = SubmissionCheck.withdrawals(of: ["Ode.md"], after: accepted, in: catalog)
        #expect(found.map(\.file) == ["Ode.md"] && found.map(\.market) == ["Prize"])
        #expect(accepted.pieces[1].response == .pending)
        // A later answer to the packet accepts nothing more: nothing to withdraw is said again.
        let rejected = try catalog.respond(
            to: fixedID("5b", 1), pieces: [], with: PieceResponse(status: .rejected, date: Sent.day("2026-11-21"), note: nil),
            today: Sent.day("2026-11-27"))
        #expect(SubmissionCheck.withdrawals(of: [], after: rejected, in: catalog).isEmpty)
    }
}
