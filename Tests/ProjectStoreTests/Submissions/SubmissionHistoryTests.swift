import Foundation
import Testing
@testable import ProjectStore

/// Markets and submissions go through undo and redo as projects do, with no path of their own.
@Suite("Submissions: undo and redo")
struct SubmissionHistoryTests {
    let fixture = HistoryFixture()

    func change(_ command: String, _ steps: (inout ProjectCatalog) throws(ProjectStoreError) -> Void) throws {
        try fixture.store(command).change { catalog throws(ProjectStoreError) in try steps(&catalog) }
    }

    func sent() throws -> Project {
        let poems = try fixture.add("Poems")
        try change("market") { catalog throws(ProjectStoreError) in try catalog.addMarket(Sent.market(1, "Agni")) }
        try change("submit") { catalog throws(ProjectStoreError) in
            try catalog.addSubmission(Sent.submission(1, to: Sent.market(1, "Agni"), of: poems, on: "2026-10-01", [Sent.piece("A"), Sent.piece("B")]))
        }
        return poems
    }

    @Test("a response undone and redone")
    func response() throws {
        _ = try sent()
        let before = fixture.catalog
        try change("response") { catalog throws(ProjectStoreError) in
            try catalog.respond(to: fixedID("5b", 1), pieces: ["B"], with: PieceResponse(status: .accepted, date: Sent.day("2026-11-01"), note: "yes!"),
                                today: Sent.day("2026-11-27"))
        }
        let after = fixture.catalog
        _ = try fixture.store("undo").undo()
        #expect(fixture.catalog == before)
        _ = try fixture.store("redo").redo()
        #expect(fixture.catalog == after && after.submissions[0].pieces[1].response.note == "yes!")
    }

    @Test("a market deleted with its submissions is one change, and undo brings all back")
    func deleteMarket() throws {
        _ = try sent()
        let before = fixture.catalog
        let (_, held) = try fixture.store("market").change { catalog throws(ProjectStoreError) in try catalog.deleteMarket("agni") }
        #expect(held.count == 1 && fixture.catalog.markets.isEmpty && fixture.catalog.submissions.isEmpty)
        _ = try fixture.store("undo").undo()
        #expect(fixture.catalog == before)
    }

    @Test("a project deleted keeps its submissions; undo of the deletion links them again")
    func deleteProject() throws {
        let poems = try sent()
        _ = try fixture.store("delete").change { catalog throws(ProjectStoreError) in try catalog.delete(.id(poems.id)) }
        let rows = SubmissionListing(catalog: fixture.catalog, today: Sent.day("2026-11-27")).rows(pendingOnly: false)
        #expect(rows.count == 1 && rows[0].projectDeleted && rows[0].submission.projectName == "Poems")
        _ = try fixture.store("undo").undo()
        let back = SubmissionListing(catalog: fixture.catalog, today: Sent.day("2026-11-27")).rows(pendingOnly: false)
        #expect(back.count == 1 && !back[0].projectDeleted)
    }

    @Test("an undo refuses when the response was changed since, and changes nothing")
    func obstacle() throws {
        _ = try sent()
        try change("response") { catalog throws(ProjectStoreError) in
            try catalog.respond(to: fixedID("5b", 1), pieces: ["A"], with: PieceResponse(status: .rejected, date: Sent.day("2026-11-01"), note: nil),
                                today: Sent.day("2026-11-27"))
        }
        // Changed by a replay the history does not know, as another copy of the store would.
        let storage = fixture.storage
        var edited = storage.load()
        edited.beginChange()
        try edited.respond(to: fixedID("5b", 1), pieces: ["A"], with: PieceResponse(status: .accepted, date: Sent.day("2026-11-02"), note: nil),
                           today: Sent.day("2026-11-27"))
        let recorded = edited.operations
        var replayed = storage.load()
        try replayed.apply(recorded)
        #expect(replayed.submissions[0].pieces[0].response.status == .accepted)
        var stale = storage.load()
        #expect(throws: HistoryObstacle.submissionChanged("Agni")) {
            try stale.apply([ChangeOperation.submissions(.respond(fixedID("5b", 1), piece: 0, from: .pending, to: .pending))])
        }
    }
}
