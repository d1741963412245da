import Foundation
import Testing
@testable import ProjectStore

/// What the next command does with an intent a crash left, at each point a crash can hit.
@Suite("Folders: finishing what a crash interrupted")
struct FolderIntentTests {
    @Test("make, crash before the store: the folder is taken back (empty) by the next read")
    func makeNotCommitted() throws {
        let fixture = FolderFixture()
        fixture.disk.addFolder("/w")
        fixture.disk.addFolder("/w/Half")
        fixture.disk.addFolder("/w/Half/Chapters")
        let intent = FolderIntent(step: .make("/w/Half"), project: fixedID("dead", 1), committedFolder: ProjectFolder(recorded: "Half", isManaged: true))
        fixture.storage.leaveIntent(intent)
        #expect(try fixture.store.catalog().projects.isEmpty)
        #expect(fixture.disk.contents(of: "/w").isEmpty)
        #expect(!fixture.storage.hasIntent())
    }

    @Test("make, crash before the store, the writer already put a file there: it goes to the trash")
    func makeWithFilesGoesToTrash() throws {
        let fixture = FolderFixture()
        fixture.disk.addFolder("/w")
        fixture.disk.addFolder("/w/Half")
        fixture.disk.addFile("/w/Half/kept.md")
        fixture.storage.leaveIntent(FolderIntent(step: .make("/w/Half"), project: fixedID("dead", 1), committedFolder: ProjectFolder(recorded: "Half", isManaged: true)))
        _ = try fixture.store.catalog()
        #expect(fixture.disk.entry(at: "/w/.trash/Half/kept.md") == .other)
    }

    @Test("make, crash after the store: the change stands")
    func makeCommitted() throws {
        let fixture = FolderFixture()
        let (project, _) = try fixture.add("Done")
        fixture.storage.leaveIntent(FolderIntent(step: .make("/w/Done"), project: project.id, committedFolder: project.folder))
        #expect(try fixture.store.catalog().projects.count == 1)
        #expect(fixture.disk.entry(at: "/w/Done") == .folder)
        #expect(!fixture.storage.hasIntent())
    }

    @Test("move, crash before the store: the folder goes back; after: it stays")
    func moves() throws {
        let fixture = FolderFixture()
        let (project, _) = try fixture.add("Name")
        fixture.disk.addFile("/w/Name/text.md")
        // The rename's step done, the store not yet written.
        try fixture.disk.move("/w/Name", to: "/w/New")
        fixture.storage.leaveIntent(FolderIntent(
            step: .move(from: "/w/Name", to: "/w/New"), project: project.id,
            committedFolder: ProjectFolder(recorded: "New", isManaged: true)))
        let (_, path) = try fixture.store.existingFolder(of: .named("Name"))
        #expect(path == "/w/Name")
        #expect(fixture.disk.entry(at: "/w/Name/text.md") == .other)
        // A delete's step done and the store written: the project stays deleted, the folder in the trash.
        let (_, trashed) = try fixture.store.delete(.named("Name"))
        fixture.storage.leaveIntent(FolderIntent(step: .move(from: "/w/Name", to: "/w/.trash/Name"), leaving: nil, of: project.id))
        #expect(try fixture.store.catalog().projects.isEmpty)
        #expect(trashed == .trashed(from: "/w/Name", to: "/w/.trash/Name", files: 1))
        #expect(fixture.disk.entry(at: "/w/.trash/Name/text.md") == .other)
    }

    @Test("an interruption that cannot be undone stops every change until it can, and says why")
    func undoFailure() throws {
        let fixture = FolderFixture()
        let (project, _) = try fixture.add("Name")
        try fixture.disk.move("/w/Name", to: "/w/New")
        fixture.storage.leaveIntent(FolderIntent(
            step: .move(from: "/w/Name", to: "/w/New"), project: project.id,
            committedFolder: ProjectFolder(recorded: "New", isManaged: true)))
        fixture.disk.fail("/w/New", code: EACCES)
        #expect(throws: ProjectStoreError.interruptedChange(FolderSystemError(path: "/w/New", code: EACCES))) {
            try fixture.store.setDetails(of: .named("Name"), to: "x")
        }
        #expect(fixture.storage.hasIntent())
        // Once the cause is gone, the next command finishes it.
        #expect(try fixture.store.setDetails(of: .named("Name"), to: "x").details == "x")
        #expect(fixture.disk.entry(at: "/w/Name") == .folder)
    }
}
