import Foundation
import Testing
@testable import ProjectStore

/// An undo of a market or submission change that another machine changed since, after seeing it:
/// refused, naming the market, the machine and what it did, as for projects; nothing is changed.
@Suite("Sync: undo of a submission change refused, naming the machine that changed it since")
struct SubmissionUndoAcrossMachinesTests {
    let machines: SharingTests.Apart
    var laptop: SharingTests.Computer { machines.laptop }
    var desktop: SharingTests.Computer { machines.desktop }
    let today = Sent.day("2026-11-27")

    init() throws {
        machines = try SharingTests.Apart(["Poems"])
    }

    func on(_ computer: SharingTests.Computer, _ steps: (inout ProjectCatalog) throws(ProjectStoreError) -> Void) throws {
        try computer.store.change { catalog throws(ProjectStoreError) in try steps(&catalog) }
    }

    /// The laptop adds Agni and sends it two poems; both machines know of it.
    func sentToAgni() throws {
        try on(laptop) { catalog throws(ProjectStoreError) in _ = try catalog.addMarket(Sent.market(1, "Agni")) }
        try submit()
    }

    func submit() throws {
        try on(laptop) { catalog throws(ProjectStoreError) in
            let poems = catalog.named("Poems")
            try catalog.addSubmission(Sent.submission(1, to: Sent.market(1, "Agni"), of: poems, on: "2026-10-01", [Sent.piece("A.md"), Sent.piece("B.md")]))
        }
        machines.meet()
    }

    func answer(_ computer: SharingTests.Computer, _ status: PieceStatus, piece: String = "A.md") throws {
        try on(computer) { catalog throws(ProjectStoreError) in
            try catalog.respond(to: fixedID("5b", 1), pieces: [piece], with: PieceResponse(status: status, date: Sent.day("2026-11-01"), note: nil),
                                today: today)
        }
    }

    /// The laptop's undo is refused with `what`, on "Agni" by the desktop, and leaves its store as it was.
    func expectRefused(_ what: ChangeElsewhere, market: String = "Agni", sourceLocation: SourceLocation = #_sourceLocation) throws {
        machines.meet()
        let before = try laptop.store.catalog()
        #expect(throws: ProjectStoreError.historyBlocked(.changedElsewhere(market, machine: "desktop", what: what), command: "test"),
                sourceLocation: sourceLocation) {
            try laptop.store.undo()
        }
        #expect(try laptop.store.catalog() == before, sourceLocation: sourceLocation)
    }

    @Test("a submission answered on the other machine since: the answer, its piece and the machine are named")
    func submissionAnswered() throws {
        try on(laptop) { catalog throws(ProjectStoreError) in _ = try catalog.addMarket(Sent.market(1, "Agni")) }
        machines.meet()
        try submit()
        try answer(desktop, .rejected, piece: "B.md")
        try expectRefused(.responded(piece: "B.md", .rejected))
    }

    @Test("an answer changed on the other machine since, a withdrawal: said as withdrawn")
    func answerWithdrawn() throws {
        try sentToAgni()
        try answer(laptop, .accepted)
        machines.meet()
        try answer(desktop, .withdrawn)
        try expectRefused(.responded(piece: "A.md", .withdrawn))
    }

    @Test("a market's field set on both machines, the other's after seeing this one's: the field is named, the market by its name now",
          arguments: [(MarketField.deadline, "2027-01-31", "2027-02-28", "Agni"), (.name, "AGNI", "Agni Review", "Agni Review")])
    func marketEdited(_ field: MarketField, mine: String, theirs: String, now: String) throws {
        try sentToAgni()
        try on(laptop) { catalog throws(ProjectStoreError) in _ = try catalog.setMarket("Agni", field, to: mine) }
        machines.meet()
        try on(desktop) { catalog throws(ProjectStoreError) in _ = try catalog.setMarket(catalog.markets[0].name, field, to: theirs) }
        try expectRefused(.marketEdited(field), market: now)
    }

    @Test("a market deleted on the other machine since, with the submission this change answered")
    func marketDeleted() throws {
        try sentToAgni()
        try answer(laptop, .accepted)
        machines.meet()
        try on(desktop) { catalog throws(ProjectStoreError) in _ = try catalog.deleteMarket("Agni") }
        try expectRefused(.marketDeleted)
    }

    @Test("a market the change added, sent to on the other machine since: the submission is named by its project")
    func marketAddedThenSentTo() throws {
        try on(laptop) { catalog throws(ProjectStoreError) in _ = try catalog.addMarket(Sent.market(1, "Agni")) }
        machines.meet()
        try on(desktop) { catalog throws(ProjectStoreError) in
            let poems = catalog.named("Poems")
            try catalog.addSubmission(Sent.submission(1, to: Sent.market(1, "Agni"), of: poems, on: "2026-10-01", [Sent.piece("A.md")]))
        }
        try expectRefused(.submitted(project: "Poems"))
    }

    @Test("a market's name the change took away (deleting or renaming it), given to a new market on the other machine since",
          arguments: [true, false])
    func nameTakenSince(deleting: Bool) throws {
        try on(laptop) { catalog throws(ProjectStoreError) in _ = try catalog.addMarket(Sent.market(1, "Agni")) }
        try on(laptop) { catalog throws(ProjectStoreError) in
            if deleting { _ = try catalog.deleteMarket("Agni") } else { _ = try catalog.setMarket("Agni", .name, to: "Agni Review") }
        }
        machines.meet()
        try on(desktop) { catalog throws(ProjectStoreError) in _ = try catalog.addMarket(Sent.market(2, "agni")) }
        try expectRefused(.marketAdded, market: "agni")
    }

    @Test("a redo of an undone answer, answered again on the other machine meanwhile, is refused the same way")
    func redoRefused() throws {
        try sentToAgni()
        try answer(laptop, .shortlisted)
        machines.meet()
        _ = try laptop.store.undo()
        machines.meet()
        try answer(desktop, .rejected)
        machines.meet()
        let before = try laptop.store.catalog()
        #expect(throws: ProjectStoreError.historyBlocked(.changedElsewhere("Agni", machine: "desktop", what: .responded(piece: "A.md", .rejected)),
                                                         command: "test")) {
            try laptop.store.redo()
        }
        #expect(try laptop.store.catalog() == before)
    }

    @Test("an answer the other machine gave to another piece at the same time stands in no one's way: the undo goes through")
    func otherPieceHolds() throws {
        try sentToAgni()
        try answer(laptop, .accepted)
        try answer(desktop, .rejected, piece: "B.md")
        machines.meet()
        let undone = try laptop.store.undo()
        #expect(undone.catalog.submissions[0].pieces.map(\.response.status) == [.pending, .rejected])
    }
}
