import Foundation
import Testing
@testable import ProjectStore

/// `undelete`: a deleted project back by the name it had, whatever was done since, where `undo`
/// would take back the most recent change instead.
@Suite("Undelete")
struct UndeleteTests {
    /// "Winter" (with a folder) deleted, then two other changes.
    private func deletedThenChanged() throws -> HistoryFixture {
        let fixture = HistoryFixture()
        try fixture.add("Winter")
        try fixture.store("edit").setDetails(of: .named("Winter"), to: "snow")
        try fixture.store("delete").delete(.named("Winter"))
        try fixture.add("Spring")
        try fixture.store("edit").setDetails(of: .named("Spring"), to: "rain")
        return fixture
    }

    @Test("brings back the deleted project and its folder by name, leaving every later change")
    func bringsBack() throws {
        let fixture = try deletedThenChanged()
        let outcome = try fixture.store("undelete").undelete(named: "winter")
        #expect(outcome.entry.command == "delete")
        let names = fixture.catalog.projects.map(\.name)
        #expect(Set(names) == ["Winter", "Spring"])
        #expect(fixture.catalog.projects.first { $0.name == "Winter" }?.details == "snow")
        #expect(fixture.catalog.projects.first { $0.name == "Spring" }?.details == "rain")
        #expect(fixture.disk.entry(at: "/w/Winter") == .folder)
        // The history marks the deletion undone; the later changes stand.
        let entries = try fixture.store("history").history().entries
        #expect(entries.map(\.command) == ["add", "edit", "delete", "add", "edit"])
        #expect(entries.map(\.isUndone) == [false, false, true, false, false])
    }

    @Test("redo deletes it again; undelete once more brings it back")
    func redoDeletesAgain() throws {
        let fixture = try deletedThenChanged()
        try fixture.store("undelete").undelete(named: "Winter")
        try fixture.store("redo").redo()
        #expect(fixture.catalog.projects.map(\.name) == ["Spring"])
        try fixture.store("undelete").undelete(named: "Winter")
        #expect(Set(fixture.catalog.projects.map(\.name)) == ["Winter", "Spring"])
    }

    @Test("a name never deleted, or a project already back, is refused with nothing changed")
    func refused() throws {
        let fixture = try deletedThenChanged()
        #expect(throws: ProjectStoreError.nothingToUndelete("Spring")) { try fixture.store("undelete").undelete(named: "Spring") }
        #expect(throws: ProjectStoreError.nothingToUndelete("Autumn")) { try fixture.store("undelete").undelete(named: "Autumn") }
        try fixture.store("undelete").undelete(named: "Winter")
        let before = fixture.catalog
        #expect(throws: ProjectStoreError.nothingToUndelete("Winter")) { try fixture.store("undelete").undelete(named: "Winter") }
        #expect(fixture.catalog == before)
    }

    @Test("a deletion more changes back than history shows is still found, however far")
    func farBack() throws {
        let fixture = try deletedThenChanged()
        for round in 1...(History.limit + 100) {
            try fixture.store("edit").setDetails(of: .named("Spring"), to: "rain \(round)")
        }
        let outcome = try fixture.store("undelete").undelete(named: "Winter")
        #expect(outcome.entry.command == "delete")
        #expect(Set(fixture.catalog.projects.map(\.name)) == ["Winter", "Spring"])
        #expect(fixture.catalog.projects.first { $0.name == "Winter" }?.details == "snow")
        // A name never deleted is looked for to the first change, and refused.
        #expect(throws: ProjectStoreError.nothingToUndelete("Autumn")) { try fixture.store("undelete").undelete(named: "Autumn") }
        // Redo reaches as far back: it deletes the project again.
        try fixture.store("redo").redo()
        #expect(fixture.catalog.projects.map(\.name) == ["Spring"])
    }

    @Test("a deletion far back that was taken back, and made again since, is the one undone")
    func farBackDeletedAgain() throws {
        let fixture = try deletedThenChanged()
        try fixture.store("undelete").undelete(named: "Winter")
        try fixture.store("edit").setDetails(of: .named("Winter"), to: "ice")
        try fixture.store("delete").delete(.named("Winter"))
        for round in 1...(History.limit + 50) {
            try fixture.store("edit").setDetails(of: .named("Spring"), to: "rain \(round)")
        }
        try fixture.store("undelete").undelete(named: "Winter")
        #expect(fixture.catalog.projects.first { $0.name == "Winter" }?.details == "ice")
    }

    @Test("a name taken since stands in the way: refused, nothing changed")
    func nameTaken() throws {
        let fixture = try deletedThenChanged()
        try fixture.add("winter", folder: false)
        let before = fixture.catalog
        #expect(throws: ProjectStoreError.historyBlocked(.nameTaken("Winter", by: "winter"), command: "delete")) {
            try fixture.store("undelete").undelete(named: "Winter")
        }
        #expect(fixture.catalog == before)
    }
}
