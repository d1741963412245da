import Foundation
import Testing
@testable import ProjectStore

/// Markets and submissions merged as projects are: the same in every order of arrival.
@Suite("Submissions: merging every machine's changes")
struct SubmissionMergeTests {
    typealias M = MergeTests
    let poems = MergeTests.project(1, "Poems", key: "a1")
    let agni = Sent.market(1, "Agni")

    func sent(_ pieces: [SubmittedPiece] = [Sent.piece("A"), Sent.piece("B")]) -> Submission {
        Sent.submission(1, to: agni, of: poems, on: "2026-10-01", pieces)
    }

    var base: SharedChange {
        M.change(M.laptop, at: 100, .create(poems), .submissions(.addMarket(agni)), .submissions(.addSubmission(sent())))
    }

    func response(_ status: PieceStatus, on day: String) -> PieceResponse {
        PieceResponse(status: status, date: Sent.day(day), note: nil)
    }

    @Test("two responses to one piece on two machines: the later by the hybrid clock holds, and the earlier is said to give way")
    func responsesOnTwoMachines() throws {
        let early = M.change(M.laptop, at: 300, seen: [:], .submissions(.respond(fixedID("5b", 1), piece: 0, from: .pending, to: response(.rejected, on: "2026-11-01"))))
        let late = M.change(M.desktop, at: 310, seen: [M.laptop.id: 100],
                            .submissions(.respond(fixedID("5b", 1), piece: 0, from: .pending, to: response(.accepted, on: "2026-11-02"))))
        let outcome = try MergeTests().mergedInEveryOrder([base, early, late])
        #expect(outcome.catalog.submissions[0].pieces[0].response.status == .accepted)
        #expect(outcome.catalog.submissions[0].pieces[1].response == .pending)
        #expect(outcome.overridden == [Overridden(project: fixedID("5b", 1), field: "response", lost: early.change, won: late.change)])
    }

    @Test("responses to two pieces of one packet on two machines are both kept")
    func differentPieces() throws {
        let one = M.change(M.laptop, at: 300, .submissions(.respond(fixedID("5b", 1), piece: 0, from: .pending, to: response(.rejected, on: "2026-11-01"))))
        let two = M.change(M.desktop, at: 310, seen: [M.laptop.id: 100],
                           .submissions(.respond(fixedID("5b", 1), piece: 1, from: .pending, to: response(.accepted, on: "2026-11-02"))))
        let outcome = try MergeTests().mergedInEveryOrder([base, one, two])
        #expect(outcome.catalog.submissions[0].pieces.map(\.response.status) == [.rejected, .accepted])
        #expect(outcome.overridden.isEmpty)
    }

    @Test("two markets given one name on two machines: the later is numbered")
    func marketNamesNumbered() throws {
        let mine = M.change(M.laptop, at: 200, .submissions(.addMarket(Sent.market(2, "Ploughshares"))))
        let theirs = M.change(M.desktop, at: 210, seen: [M.laptop.id: 100], .submissions(.addMarket(Sent.market(3, "ploughshares"))))
        let outcome = try MergeTests().mergedInEveryOrder([base, mine, theirs])
        #expect(outcome.catalog.markets.map(\.name) == ["Agni", "Ploughshares", "ploughshares (2)"])
        #expect(outcome.renamedMarkets == [Renaming(project: fixedID("3a", 3), from: "ploughshares", to: "ploughshares (2)")])
    }

    @Test("a project deleted on one machine keeps its submissions; a market deleted takes its own")
    func deletions() throws {
        let deleteProject = M.change(M.laptop, at: 200, .remove(poems))
        let outcome = try MergeTests().mergedInEveryOrder([base, deleteProject])
        #expect(outcome.catalog.projects.isEmpty && outcome.catalog.submissions.count == 1)
        let deleteMarket = M.change(M.desktop, at: 210, seen: [M.laptop.id: 100], .submissions(.removeSubmission(sent())), .submissions(.removeMarket(agni)))
        let both = try MergeTests().mergedInEveryOrder([base, deleteProject, deleteMarket])
        #expect(both.catalog.markets.isEmpty && both.catalog.submissions.isEmpty)
    }
}
