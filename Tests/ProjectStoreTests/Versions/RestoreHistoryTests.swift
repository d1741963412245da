import Foundation
import Testing
@testable import ProjectStore

/// A restore as a change of the history, in memory: what it records, its undo and redo, and the
/// refusal that keeps text typed since the restore.
@Suite("versions: restore in the history")
struct RestoreHistoryTests {
    let storage = MemoryStorage()
    let disk = MemoryFolderSystem()
    let engine = MemorySharedFolder()
    let shelf = MemoryVersionFolder(files: ["One.md": "The first draft."])

    /// The store as the command named runs it, every command seeing the same list, disk and shelf.
    func store(_ command: String) -> ProjectStore {
        let shelf = shelf
        return ProjectStore(
            storage: storage, folders: disk, shared: engine, places: FolderPlaces(environmentRoot: "/w", homeRoot: nil, templates: nil),
            recording: command, machine: { VersionShelfTests.laptop }, versionFolder: { _ in shelf })
    }

    /// A novel with version 1 of One.md kept, then the file rewritten.
    func novelRewritten() throws -> Project {
        let project = try store("add").add(name: "Novel", kind: .novel, details: nil, folder: .make(.folders([]))).project
        _ = try VersionShelfTests.shelf(shelf).keep(files: ["One.md"], note: nil)
        shelf.setFile("One.md", to: "A rewrite.")
        return project
    }

    func text() throws -> String? { try shelf.contents(of: "One.md").map { String(decoding: $0, as: UTF8.self) } }

    @Test("a restore is one change naming both versions by id; undo puts back the text it found, redo the version")
    func undoAndRedo() throws {
        let project = try novelRewritten()
        let restored = try store("restore").restore("One.md", of: project, version: "1") { "before restoring version \($0)" }
        #expect(try text() == "The first draft.")
        let change = try #require(try store("history").history().entries.first { $0.command == "restore" }?.change)
        #expect(change.command == "restore")
        #expect(change.catalogOperations.isEmpty)
        #expect(change.fileRestore == FileRestore(
            project: project.id, file: "One.md", before: restored.keptFirst?.record.id, restored: restored.restored.record.id, number: 1))

        let undone = try store("undo").undo()
        #expect(undone.entry.change.fileRestore == change.fileRestore)
        #expect(try text() == "A rewrite.")
        _ = try store("redo").redo()
        #expect(try text() == "The first draft.")
        // Nothing kept twice: the text before is version 2, restored and unrestored by id.
        #expect(try VersionShelfTests.shelf(shelf).list().versions(of: "One.md").count == 2)
    }

    @Test("undo refuses, nothing changed, when the file was written since the restore")
    func refusedAfterAnEdit() throws {
        let project = try novelRewritten()
        _ = try store("restore").restore("One.md", of: project, version: "1") { "before restoring version \($0)" }
        shelf.setFile("One.md", to: "Typed after the restore.")
        #expect(throws: ProjectStoreError.historyBlocked(.fileChanged("One.md"), command: "restore")) { try store("undo").undo() }
        #expect(try text() == "Typed after the restore.")
        // The restore is still the change to undo once the writer's text is the restored one again.
        shelf.setFile("One.md", to: "The first draft.")
        _ = try store("undo").undo()
        #expect(try text() == "A rewrite.")
    }

    @Test("undo of a restore that brought a deleted file back takes it out again; redo brings it back")
    func broughtBack() throws {
        let project = try novelRewritten()
        shelf.setFile("One.md", to: nil)
        let restored = try store("restore").restore("One.md", of: project, version: "1") { "before restoring version \($0)" }
        #expect(restored.broughtBack && restored.before == nil)
        _ = try store("undo").undo()
        #expect(try text() == nil)
        _ = try store("redo").redo()
        #expect(try text() == "The first draft.")
    }

    @Test("a restore of the newest version's text names that version as the one before")
    func unchangedTextBefore() throws {
        let project = try novelRewritten()
        _ = try VersionShelfTests.shelf(shelf).keep(files: ["One.md"], note: nil)
        let restored = try store("restore").restore("One.md", of: project, version: "1") { "before restoring version \($0)" }
        #expect(restored.keptFirst == nil)
        #expect(restored.before?.number == 2)
        _ = try store("undo").undo()
        #expect(try text() == "A rewrite.")
    }

    @Test("in a shared root, a restore and its undo write nothing to this machine's shared log: no other machine replays them")
    func sharedRoot() throws {
        let project = try novelRewritten()
        try store("share").share()
        let logged = engine.log(of: VersionShelfTests.laptop.id, in: "/w").count
        _ = try store("restore").restore("One.md", of: project, version: "1") { "before restoring version \($0)" }
        _ = try store("undo").undo()
        #expect(try text() == "A rewrite.")
        #expect(engine.log(of: VersionShelfTests.laptop.id, in: "/w").count == logged)
        #expect(try store("history").history().entries.contains { $0.command == "restore" })
    }
}
