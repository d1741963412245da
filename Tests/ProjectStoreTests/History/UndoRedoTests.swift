import Foundation
import Testing
@testable import ProjectStore

/// A recording store in memory, folders in `/w`.
struct HistoryFixture {
    let storage = MemoryStorage()
    let disk = MemoryFolderSystem()
    let ids = Supply((1...500).map { fixedID("aaaa", $0) })

    func store(_ command: String) -> ProjectStore {
        ProjectStore(
            storage: storage, folders: disk,
            places: FolderPlaces(environmentRoot: "/w", homeRoot: nil, templates: nil),
            recording: command, clock: { moment(0) }, newID: { ids.next() })
    }

    @discardableResult
    func add(_ name: String, folder: Bool = true) throws -> Project {
        try store("add").add(name: name, kind: .novel, details: nil, folder: folder ? .make(.folders(["Chapters"])) : .none).project
    }

    var catalog: ProjectCatalog { storage.load() }
}

@Suite("Undo and redo")
struct UndoRedoTests {
    /// Runs `change`, then checks that undo brings back exactly the catalog and disk before it,
    /// and redo exactly those after it.
    private func roundTrip(_ fixture: HistoryFixture, _ change: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (before, diskBefore) = (fixture.catalog, fixture.disk.contents(of: "/w"))
        try change()
        let (after, diskAfter) = (fixture.catalog, fixture.disk.contents(of: "/w"))
        try fixture.store("undo").undo()
        #expect(fixture.catalog == before, "undo", sourceLocation: sourceLocation)
        #expect(fixture.disk.contents(of: "/w").filter { !$0.hasPrefix(".trash") } == diskBefore.filter { !$0.hasPrefix(".trash") }, sourceLocation: sourceLocation)
        try fixture.store("redo").redo()
        #expect(fixture.catalog == after, "redo", sourceLocation: sourceLocation)
        #expect(fixture.disk.contents(of: "/w").filter { !$0.hasPrefix(".trash") } == diskAfter.filter { !$0.hasPrefix(".trash") }, sourceLocation: sourceLocation)
    }

    @Test("every kind of change is undone and redone exactly, folders included")
    func everyChange() throws {
        let fixture = HistoryFixture()
        try roundTrip(fixture) { try fixture.add("First") }
        try fixture.add("Second")
        try fixture.add("Third", folder: false)
        fixture.disk.addFile("/w/First/Chapters/1.md")
        try roundTrip(fixture) { try fixture.store("rename").rename(.named("First"), to: "Winter") }
        try roundTrip(fixture) { try fixture.store("edit").setDetails(of: .named("Second"), to: "notes") }
        try roundTrip(fixture) { try fixture.store("move").move(.named("Third"), to: .top) }
        try roundTrip(fixture) { try fixture.store("delete").delete(.named("Winter")) }
        try roundTrip(fixture) { try fixture.store("sort").setDefaultOrder(.user) }
        try roundTrip(fixture) { try fixture.store("root").saveRoot("/elsewhere") }
        try roundTrip(fixture) { try fixture.store("edit").detachFolder(of: .named("Second")) }
        try roundTrip(fixture) { try fixture.store("edit").makeFolder(for: .named("Third")) { _ in .folders([]) } }
        let imported = [Project(id: fixedID("bbbb", 1), name: "Imported", kind: .poetry, created: moment(5), details: "x")]
        try roundTrip(fixture) { try fixture.store("import").importProjects(imported) }
        #expect(fixture.disk.entry(at: "/w/.trash/Winter/Chapters/1.md") == .other, "the writer's file went with its folder, each time")
    }

    private static func createdName(_ operation: ChangeOperation) -> String? {
        if case .create(let project) = operation { project.name } else { nil }
    }

    @Test("undo goes back many changes in turn; a new change ends the redo chain")
    func chain() throws {
        let fixture = HistoryFixture()
        for name in ["A", "B", "C"] { try fixture.add(name, folder: false) }
        let undone = try (0..<2).map { _ in try fixture.store("undo").undo().entry.change.operations.first.flatMap(Self.createdName) }
        #expect(undone == ["C", "B"])
        #expect(fixture.catalog.projects.map(\.name) == ["A"])
        try fixture.store("redo").redo()
        #expect(fixture.catalog.projects.map(\.name) == ["A", "B"])
        try fixture.add("D", folder: false)
        #expect(throws: ProjectStoreError.nothingToRedo) { try fixture.store("redo").redo() }
        let history = try fixture.store("history").history()
        #expect(history.entries.map(\.isUndone) == [false, false, true, false])
        #expect(history.nextUndo?.change.operations.first.flatMap(Self.createdName) == "D")
        for _ in 0..<3 { try fixture.store("undo").undo() }
        #expect(fixture.catalog.projects.isEmpty)
        #expect(throws: ProjectStoreError.nothingToUndo) { try fixture.store("undo").undo() }
    }

    @Test("after a change the history could not record, undo says so once instead of taking back the one before")
    func unrecordedChange() throws {
        let fixture = HistoryFixture()
        try fixture.add("Recorded", folder: false)
        fixture.storage.historyIsCorrupt = true
        try fixture.add("Unrecorded", folder: false)
        fixture.storage.historyIsCorrupt = false
        #expect(throws: ProjectStoreError.unrecordedChange(at: moment(0))) { try fixture.store("undo").undo() }
        #expect(fixture.catalog.projects.map(\.name) == ["Recorded", "Unrecorded"], "nothing was taken back")
        try fixture.store("undo").undo()
        #expect(fixture.catalog.projects.map(\.name) == ["Unrecorded"], "told once, undo then takes back the change before it")
        try fixture.store("redo").redo()
        try fixture.add("Third", folder: false)
        #expect(fixture.catalog.unrecordedChange == nil, "a recorded change ends it")
    }

    @Test("a change made by hand since refuses the undo, changing nothing")
    func refusals() throws {
        let fixture = HistoryFixture()
        try fixture.add("Kept")
        try fixture.store("rename").rename(.named("Kept"), to: "Renamed")
        // Renamed again without recording, as a hand edit would.
        try ProjectStore(storage: fixture.storage).rename(.named("Renamed"), to: "By Hand")
        let before = fixture.catalog
        #expect(throws: ProjectStoreError.historyBlocked(.projectChanged("Kept"), command: "rename")) { try fixture.store("undo").undo() }
        #expect(fixture.catalog == before)
    }

    @Test("a folder moved by hand, or a name taken meanwhile, refuses the undo")
    func obstacles() throws {
        let fixture = HistoryFixture()
        try fixture.add("Draft")
        try fixture.store("rename").rename(.named("Draft"), to: "Final")
        fixture.disk.remove("/w/Final")
        #expect(throws: ProjectStoreError.historyBlocked(.folderMoved("/w/Final"), command: "rename")) { try fixture.store("undo").undo() }
        fixture.disk.addFolder("/w/Final")
        fixture.disk.addFolder("/w/Draft")
        #expect(throws: ProjectStoreError.historyBlocked(.folderInTheWay("/w/Draft"), command: "rename")) { try fixture.store("undo").undo() }
        fixture.disk.remove("/w/Draft")
        try fixture.store("undo").undo()
        #expect(fixture.catalog.projects.map(\.name) == ["Draft"])

        let second = HistoryFixture()
        try second.add("Gone", folder: false)
        try second.store("delete").delete(.named("Gone"))
        try ProjectStore(storage: second.storage).add(name: "gone")
        #expect(throws: ProjectStoreError.historyBlocked(.nameTaken("Gone", by: "gone"), command: "delete")) { try second.store("undo").undo() }
    }

    @Test("an undone add removes the folder it made, or moves it to the trash when it holds more")
    func undoneAdd() throws {
        let fixture = HistoryFixture()
        try fixture.add("Empty")
        #expect(try fixture.store("undo").undo().trashed == [])
        #expect(fixture.disk.contents(of: "/w").isEmpty, "nor the trash made to take it back")
        try fixture.add("Written")
        fixture.disk.addFile("/w/Written/Chapters/one.md")
        let outcome = try fixture.store("undo").undo()
        #expect(outcome.trashed == ["/w/.trash/Written"])
        #expect(fixture.disk.entry(at: "/w/.trash/Written/Chapters/one.md") == .other)
        // Redo brings that very folder back from the trash, and remakes the one removed.
        try fixture.store("redo").redo()
        #expect(fixture.disk.entry(at: "/w/Written/Chapters/one.md") == .other)
    }

    @Test("an attached folder is never moved by undo or redo: it only stops being the project's")
    func attachedFolder() throws {
        let fixture = HistoryFixture()
        fixture.disk.addFolder("/mine")
        try fixture.store("add").add(name: "Mine", kind: .blank, details: nil, folder: .attach("/mine"))
        try fixture.store("undo").undo()
        #expect(fixture.catalog.projects.isEmpty)
        #expect(fixture.disk.entry(at: "/mine") == .folder)
    }

    @Test("a history that cannot be read: undo refuses; changes go on, unrecorded, and say so")
    func corruptHistory() throws {
        let fixture = HistoryFixture()
        try fixture.add("Before", folder: false)
        fixture.storage.historyIsCorrupt = true
        #expect(throws: ProjectStoreError.self) { try fixture.store("undo").undo() }
        nonisolated(unsafe) var problems: [ProjectStoreError] = []
        let store = ProjectStore(storage: fixture.storage, recording: "add", historyProblem: { problems.append($0) })
        try store.add(name: "After")
        #expect(fixture.catalog.projects.count == 2)
        #expect(problems.count == 1)
        try store.clearHistory()
        try fixture.add("Recorded", folder: false)
        #expect(try fixture.store("history").history().entries.count == 1)
    }
}
