import Foundation
import Testing
@testable import ProjectStore

/// A change that changes nothing is no change: it says so and records nothing, so that undo takes
/// back the last change that did something.
@Suite("Changes that change nothing")
struct EmptyChangeTests {
    /// "Winter" with a folder and notes, then "Spring" given its details: the last real change.
    private func fixture() throws -> HistoryFixture {
        let fixture = HistoryFixture()
        try fixture.add("Winter")
        try fixture.store("edit").setDetails(of: .named("Winter"), to: "notes")
        try fixture.add("Spring", folder: false)
        try fixture.store("edit").edit(.named("Spring"), ProjectEdit(details: .set("a sequel")))
        return fixture
    }

    private func entries(_ fixture: HistoryFixture) throws -> Int {
        try fixture.store("history").history().entries.count
    }

    /// Undo takes back the details given to "Spring", the last real change, and nothing else.
    private func expectUndoTakesBackTheLastRealChange(_ fixture: HistoryFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try fixture.store("undo").undo()
        let spring = fixture.catalog.projects.first { $0.name == "Spring" }
        #expect(spring?.details == nil, sourceLocation: sourceLocation)
        #expect(fixture.catalog.projects.first { $0.name == "Winter" }?.details == "notes", sourceLocation: sourceLocation)
    }

    @Test("a rename to the very name, however the project is named, records nothing",
          arguments: ["Winter", "winter", "WINTER"])
    func renameToTheSameName(reference: String) throws {
        let fixture = try fixture()
        let (before, disk, recorded) = (fixture.catalog, fixture.disk.contents(of: "/w"), try entries(fixture))
        let (oldName, project, folder) = try fixture.store("rename").rename(.named(reference), to: "Winter")
        #expect(ProjectCatalog.sameText(oldName, project.name))
        #expect(folder == nil)
        #expect(fixture.catalog == before)
        #expect(fixture.disk.contents(of: "/w") == disk)
        #expect(try entries(fixture) == recorded)
        try expectUndoTakesBackTheLastRealChange(fixture)
    }

    @Test("a rename to another case of the name is a change")
    func renameToAnotherCase() throws {
        let fixture = try fixture()
        let recorded = try entries(fixture)
        let (oldName, project, _) = try fixture.store("rename").rename(.named("Winter"), to: "WINTER")
        #expect(!ProjectCatalog.sameText(oldName, project.name))
        #expect(try entries(fixture) == recorded + 1)
        try fixture.store("undo").undo()
        #expect(fixture.catalog.projects.map(\.name) == ["Winter", "Spring"])
    }

    @Test("an edit that sets each field to what it is records nothing and says it changed nothing",
          arguments: [
            ProjectEdit(target: .set(nil)), ProjectEdit(due: .set(nil)), ProjectEdit(details: .set("notes")),
            ProjectEdit(details: .set("notes"), target: .set(nil), due: .set(nil)),
          ])
    func editThatChangesNothing(_ edit: ProjectEdit) throws {
        let fixture = try fixture()
        let (before, recorded) = (fixture.catalog, try entries(fixture))
        let (project, changed) = try fixture.store("edit").edit(.named("Winter"), edit)
        #expect(changed.isEmpty)
        #expect(project.details == "notes")
        #expect(fixture.catalog == before)
        #expect(try entries(fixture) == recorded)
        try expectUndoTakesBackTheLastRealChange(fixture)
    }

    @Test("an edit reports only the fields it changed")
    func editThatChangesSome() throws {
        let fixture = try fixture()
        let recorded = try entries(fixture)
        let (project, changed) = try fixture.store("edit").edit(
            .named("Winter"), ProjectEdit(details: .set("notes"), target: .set(500), due: .set(nil)))
        #expect(changed == ProjectEdit(target: .set(500)))
        #expect(project.target == 500)
        #expect(try entries(fixture) == recorded + 1)
        try fixture.store("undo").undo()
        #expect(fixture.catalog.projects.first { $0.name == "Winter" }?.target == nil)
        #expect(fixture.catalog.projects.first { $0.name == "Spring" }?.details == "a sequel")
    }
}
