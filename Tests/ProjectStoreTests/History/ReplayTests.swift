import Foundation
import Testing
@testable import ProjectStore

@Suite("Replaying a history")
struct ReplayTests {
    /// A history of every kind of change, undos and redos among them, in memory.
    private func recorded() throws -> (HistoryFixture, [Change]) {
        let fixture = HistoryFixture()
        try fixture.add("Alpha")
        try fixture.add("Beta", folder: false)
        try fixture.add("Gamma")
        try fixture.store("edit").edit(.named("Beta"), ProjectEdit(details: .set("Notes"), target: .set(5000)))
        try fixture.store("rename").rename(.named("Gamma"), to: "Winter")
        try fixture.store("move").move(.named("Winter"), to: .top)
        try fixture.store("sort").setDefaultOrder(.user)
        try fixture.store("delete").delete(.named("Alpha"))
        try fixture.store("undo").undo()
        try fixture.store("undo").undo()
        try fixture.store("redo").redo()
        return (fixture, try fixture.store("history").historyChanges().changes)
    }

    @Test("every change replayed from nothing gives the catalog the store holds")
    func wholeHistory() throws {
        let (fixture, changes) = try recorded()
        let (rebuilt, passedOver) = ProjectCatalog().replaying(changes)
        #expect(passedOver == 0)
        #expect(rebuilt == fixture.catalog)
        #expect(rebuilt.projects.map(\.position) == [1, 2, 3])
        #expect(rebuilt.operations.isEmpty, "a replay is not itself a change to record")
    }

    @Test("steps on projects made before the oldest change kept are passed over and counted; the rest comes back")
    func compactedHistory() throws {
        let (fixture, changes) = try recorded()
        // Without the change that made Beta, its edit cannot apply; Alpha, deleted and brought back
        // whole by the undo, returns as it was.
        var kept = changes
        kept.remove(at: 1)
        let (rebuilt, passedOver) = ProjectCatalog().replaying(kept)
        #expect(passedOver == 2, "the details and the target of Beta")
        #expect(rebuilt.projects.map(\.name) == fixture.catalog.projects.map(\.name).filter { $0 != "Beta" })
        #expect(try rebuilt.project(.named("Alpha")) == fixture.catalog.project(.named("Alpha")))
    }

    @Test("a deletion kept past compaction, of a project made before it, is no step passed over")
    func keptDeletion() throws {
        let fixture = HistoryFixture()
        try fixture.add("Gone", folder: false)
        try fixture.store("delete").delete(.named("Gone"))
        try fixture.add("Here", folder: false)
        // Compaction keeps the deletion without the change that made the project.
        let kept = Array(try fixture.store("history").historyChanges().changes.dropFirst())
        let (rebuilt, passedOver) = ProjectCatalog().replaying(kept)
        #expect(passedOver == 0)
        #expect(rebuilt.projects.map(\.name) == ["Here"])
    }

    @Test("a replay that leaves no project still counts as a change, so that a lost store is written again")
    func emptyResult() throws {
        let fixture = HistoryFixture()
        try fixture.add("Only", folder: false)
        try fixture.store("delete").delete(.named("Only"))
        let changes = try fixture.store("history").historyChanges().changes
        let start = ProjectCatalog()
        let (rebuilt, _) = start.replaying(changes)
        #expect(rebuilt.projects.isEmpty)
        #expect(rebuilt.changes != start.changes)
    }
}
