import Foundation
import Testing
@testable import ProjectStore

/// A store whose folders live in memory, with `/w` as the root (as `PROJECT_ROOT`).
struct FolderFixture {
    let storage = MemoryStorage()
    let disk = MemoryFolderSystem()
    let store: ProjectStore
    static let root = "/w"
    static let novel = FolderLayout.folders(["Chapters", "Scenes"])

    init(templates: String? = nil) {
        store = ProjectStore(
            storage: storage, folders: disk,
            places: FolderPlaces(environmentRoot: Self.root, homeRoot: "/home/me/Writing", templates: templates))
    }

    @discardableResult
    func add(_ name: String, layout: FolderLayout = novel) throws -> (project: Project, folder: FolderOutcome?) {
        try store.add(name: name, kind: .novel, details: nil, folder: .make(layout))
    }

    func recorded(_ name: String) throws -> ProjectFolder? {
        try store.project(.named(name)).folder
    }
}

@Suite("Folders: add")
struct FolderAddTests {
    @Test("add makes the folder and the kind's folders, recorded relative to the root")
    func makesTheFolder() throws {
        let fixture = FolderFixture()
        let (project, outcome) = try fixture.add("My Novel")
        #expect(outcome == .made(path: "/w/My Novel", wantedName: "My Novel"))
        #expect(project.folder == ProjectFolder(recorded: "My Novel", isManaged: true))
        #expect(fixture.disk.contents(of: "/w") == ["My Novel/", "My Novel/Chapters/", "My Novel/Scenes/"])
    }

    @Test("a name taken on disk, or recorded for a missing folder, gets the next free (n)")
    func takenNames() throws {
        let fixture = FolderFixture()
        fixture.disk.addFolder("/w")
        fixture.disk.addFile("/w/Draft")
        let (_, second) = try fixture.add("draft")
        #expect(second == .made(path: "/w/draft", wantedName: "draft"))  // Linux: case matters on disk
        fixture.disk.addFolder("/w/Draft (2)")
        let (_, third) = try fixture.add("Draft?")
        #expect(third == .made(path: "/w/Draft-", wantedName: "Draft-"))
        // A project whose folder was moved away by hand keeps its name reserved.
        try fixture.add("Gone")
        fixture.disk.remove("/w/Gone")
        try fixture.store.rename(.named("Gone"), to: "Gone Away")
        let (_, reused) = try fixture.add("Gone")
        #expect(reused == .made(path: "/w/Gone (2)", wantedName: "Gone"))
    }

    @Test("a template of the writer's is copied instead of the kind's folders")
    func template() throws {
        let fixture = FolderFixture(templates: "/config/templates")
        fixture.disk.addFolder("/config/templates/novel")
        fixture.disk.addFolder("/config/templates/novel/Parts")
        fixture.disk.addFile("/config/templates/novel/.notes")
        let layout = fixture.store.layout(for: .novel) { $0.rawValue }
        #expect(layout == .template("/config/templates/novel"))
        #expect(fixture.store.layout(for: .poetry) { $0.rawValue } == .folders(ProjectKind.poetry.folders.map(\.rawValue)))
        try fixture.add("Templated", layout: layout)
        #expect(fixture.disk.contents(of: "/w/Templated") == [".notes", "Parts/"])
    }

    @Test("a folder that cannot be made leaves the store and the disk as they were")
    func failureChangesNothing() throws {
        let fixture = FolderFixture()
        fixture.disk.addFolder("/w")
        fixture.disk.fail("/w/Locked", code: EACCES)
        #expect(throws: ProjectStoreError.folderFailed(FolderSystemError(path: "/w/Locked", code: EACCES))) {
            try fixture.add("Locked")
        }
        #expect(try fixture.store.catalog().projects.isEmpty)
        #expect(fixture.disk.contents(of: "/w").isEmpty)
        #expect(!fixture.storage.hasIntent())
    }

    @Test("filling the folder failing midway takes the new folder back")
    func fillFailure() throws {
        let fixture = FolderFixture()
        fixture.disk.addFolder("/w")
        fixture.disk.fail("/w/Half/Scenes", code: ENOSPC)
        #expect(throws: ProjectStoreError.self) { try fixture.add("Half") }
        #expect(fixture.disk.contents(of: "/w").isEmpty)
        #expect(try fixture.store.catalog().projects.isEmpty)
        #expect(!fixture.storage.hasIntent())
    }

    @Test("a store that cannot be written takes the new folder back at once")
    func storeWriteFailure() throws {
        let fixture = FolderFixture()
        fixture.storage.failNextWrite = true
        #expect(throws: ProjectStoreError.self) { try fixture.add("Unsaved") }
        #expect(fixture.disk.contents(of: "/w").isEmpty)
        #expect(!fixture.storage.hasIntent())
    }

    @Test("without a root, add refuses rather than guess")
    func noRoot() {
        let store = ProjectStore(storage: MemoryStorage(), folders: MemoryFolderSystem())
        #expect(throws: ProjectStoreError.noRoot) {
            try store.add(name: "X", kind: .blank, details: nil, folder: .make(.folders([])))
        }
    }

    @Test("a root that is a file: add makes nothing, and `project root` does not save it")
    func rootIsAFile() throws {
        let storage = MemoryStorage()
        let disk = MemoryFolderSystem()
        disk.addFolder("/home")
        disk.addFile("/home/notes.txt")
        let places = FolderPlaces(environmentRoot: "/home/notes.txt", homeRoot: nil, templates: nil)
        let store = ProjectStore(storage: storage, folders: disk, places: places)
        #expect(throws: ProjectStoreError.rootNotAFolder(path: "/home/notes.txt")) {
            try store.add(name: "X", kind: .blank, details: nil, folder: .make(.folders([])))
        }
        #expect(try store.catalog().projects.isEmpty)
        #expect(disk.contents(of: "/home") == ["notes.txt"])
        let saving = ProjectStore(storage: storage, folders: disk, places: FolderPlaces(environmentRoot: nil, homeRoot: "/home/Writing", templates: nil))
        #expect(throws: ProjectStoreError.rootNotAFolder(path: "/home/notes.txt")) { try saving.saveRoot("/home/notes.txt") }
        #expect(try saving.catalog().savedRoot == nil)
        // A root not made yet is fine: it is made when first needed.
        try saving.saveRoot("/home/Later")
        #expect(try saving.catalog().savedRoot == "/home/Later")
    }
}

@Suite("Folders: rename and delete")
struct FolderRenameDeleteTests {
    @Test("rename renames the folder the tool made in the root")
    func renameMovesTheFolder() throws {
        let fixture = FolderFixture()
        try fixture.add("Draft")
        fixture.disk.addFile("/w/Draft/Chapters/one.md")
        let (old, renamed, outcome) = try fixture.store.rename(.named("Draft"), to: "Winter: A Novel")
        #expect(old == "Draft")
        #expect(renamed.folder?.recorded == "Winter- A Novel")
        #expect(outcome == .renamed(from: "/w/Draft", to: "/w/Winter- A Novel"))
        #expect(fixture.disk.entry(at: "/w/Winter- A Novel/Chapters/one.md") == .other)
        #expect(fixture.disk.entry(at: "/w/Draft") == .missing)
    }

    @Test("an attached folder, or one outside the root, keeps its name")
    func renameKeepsOtherFolders() throws {
        let fixture = FolderFixture()
        fixture.disk.addFolder("/elsewhere/mine")
        try fixture.store.add(name: "Mine", kind: .blank, details: nil, folder: .attach("/elsewhere/mine"))
        let (_, _, outcome) = try fixture.store.rename(.named("Mine"), to: "Yours")
        #expect(outcome == .kept(path: "/elsewhere/mine"))
        #expect(try fixture.recorded("Yours") == ProjectFolder(recorded: "/elsewhere/mine", isManaged: false))
    }

    @Test("renaming to a name whose folder is taken uses (2); back again reuses nothing it need not")
    func renameIntoATakenName() throws {
        let fixture = FolderFixture()
        try fixture.add("A")
        fixture.disk.addFolder("/w/B")
        let (_, _, outcome) = try fixture.store.rename(.named("A"), to: "B")
        #expect(outcome == .renamed(from: "/w/A", to: "/w/B (2)"))
        let (_, _, again) = try fixture.store.rename(.named("B"), to: "b")
        #expect(again == .renamed(from: "/w/B (2)", to: "/w/b"))
    }

    @Test("a folder removed by hand: rename and delete change the list and say so")
    func missingFolder() throws {
        let fixture = FolderFixture()
        try fixture.add("Lost")
        fixture.disk.remove("/w/Lost")
        #expect(throws: ProjectStoreError.folderMissing(try fixture.store.project(.named("Lost")), path: "/w/Lost")) {
            try fixture.store.existingFolder(of: .named("Lost"))
        }
        let (_, _, renamed) = try fixture.store.rename(.named("Lost"), to: "Found")
        #expect(renamed == .notFound(path: "/w/Lost"))
        #expect(fixture.disk.entry(at: "/w/Found") == .missing)
        let (_, deleted) = try fixture.store.delete(.named("Found"))
        #expect(deleted == .notFound(path: "/w/Lost"))
        #expect(fixture.disk.contents(of: "/w").isEmpty)
    }

    @Test("delete moves the folder to the trash beside it, under a free name, with its files")
    func deleteTrashes() throws {
        let fixture = FolderFixture()
        try fixture.add("Old")
        fixture.disk.addFile("/w/Old/Chapters/1.md")
        fixture.disk.addFile("/w/Old/notes.txt")
        fixture.disk.addFolder("/w/.trash")
        fixture.disk.addFolder("/w/.trash/Old")
        let (project, fate) = try fixture.store.deletion(of: .named("Old"), keepFolder: false)
        #expect(fate == .trashed(from: "/w/Old", to: "/w/.trash", files: 2))
        let (_, outcome) = try fixture.store.delete(.id(project.id))
        #expect(outcome == .trashed(from: "/w/Old", to: "/w/.trash/Old (2)", files: 2))
        #expect(fixture.disk.entry(at: "/w/.trash/Old (2)/notes.txt") == .other)
        #expect(fixture.disk.entry(at: "/w/Old") == .missing)
    }

    @Test("--keep-folder and attached folders stay where they are")
    func deleteKeeps() throws {
        let fixture = FolderFixture()
        try fixture.add("Kept")
        let (_, kept) = try fixture.store.delete(.named("Kept"), keepFolder: true)
        #expect(kept == .kept(path: "/w/Kept"))
        fixture.disk.addFolder("/mine")
        try fixture.store.add(name: "Attached", kind: .blank, details: nil, folder: .attach("/mine"))
        let (_, attached) = try fixture.store.delete(.named("Attached"))
        #expect(attached == .kept(path: "/mine"))
        #expect(fixture.disk.entry(at: "/w/Kept") == .folder && fixture.disk.entry(at: "/mine") == .folder)
    }

    @Test("a folder that cannot be moved to the trash: the project stays")
    func deleteFailure() throws {
        let fixture = FolderFixture()
        try fixture.add("Stuck")
        fixture.disk.fail("/w/Stuck", code: EACCES)
        #expect(throws: ProjectStoreError.self) { try fixture.store.delete(.named("Stuck")) }
        #expect(try fixture.store.project(.named("Stuck")).folder?.recorded == "Stuck")
        #expect(fixture.disk.entry(at: "/w/Stuck") == .folder)
    }
}
