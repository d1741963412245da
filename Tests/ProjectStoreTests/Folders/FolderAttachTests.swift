import Foundation
import Testing
@testable import ProjectStore

@Suite("Folders: attach, detach, new folder, root, import")
struct FolderAttachTests {
    @Test("two projects never share a folder, nor nest one in the other")
    func refusals() throws {
        let fixture = FolderFixture()
        try fixture.add("First")
        let first = try fixture.store.project(.named("First"))
        try fixture.store.add(name: "Second", kind: .blank, details: nil, folder: .none)
        for path in ["/w/First", "/w/First/Chapters", "/w", "/", "/w/.trash", "/w/.trash/x", "/nowhere", "/file"] {
            fixture.disk.addFolder("/w/.trash")
            fixture.disk.addFolder("/w/.trash/x")
            fixture.disk.addFile("/file")
            #expect(throws: ProjectStoreError.self, "\(path)") { try fixture.store.attachFolder(path, to: .named("Second")) }
        }
        #expect(throws: ProjectStoreError.folderRefused(path: "/w/First", .projectFolder(of: first))) {
            try fixture.store.attachFolder("/w/First", to: .named("Second"))
        }
        #expect(throws: ProjectStoreError.folderRefused(path: "/w/First/Chapters", .insideProjectFolder(of: first))) {
            try fixture.store.attachFolder("/w/First/Chapters", to: .named("Second"))
        }
        #expect(throws: ProjectStoreError.folderRefused(path: "/nowhere", .missing)) {
            try fixture.store.attachFolder("/nowhere", to: .named("Second"))
        }
        #expect(throws: ProjectStoreError.folderRefused(path: "/file", .notAFolder)) {
            try fixture.store.attachFolder("/file", to: .named("Second"))
        }
        #expect(try fixture.store.project(.named("Second")).folder == nil)
    }

    @Test("attach and detach record only; the disk is untouched")
    func attachDetach() throws {
        let fixture = FolderFixture()
        try fixture.add("Novel")
        fixture.disk.addFolder("/docs/novel")
        let (_, outcome, previous) = try fixture.store.attachFolder("/docs/novel", to: .named("Novel"))
        #expect(outcome == .attached(path: "/docs/novel"))
        #expect(previous == "/w/Novel")
        #expect(fixture.disk.entry(at: "/w/Novel") == .folder)
        let (project, detached) = try fixture.store.detachFolder(of: .named("Novel"))
        #expect(detached == .detached(path: "/docs/novel"))
        #expect(project.folder == nil)
        #expect(fixture.disk.entry(at: "/docs/novel") == .folder)
        // A folder inside the root is recorded relative to it, even when attached.
        fixture.disk.addFolder("/w/Mine")
        let (attached, _, _) = try fixture.store.attachFolder("/w/Mine", to: .named("Novel"))
        #expect(attached.folder == ProjectFolder(recorded: "Mine", isManaged: false))
    }

    @Test("--new-folder only for a project without one")
    func newFolder() throws {
        let fixture = FolderFixture()
        try fixture.store.add(name: "Old Entry", kind: .novel, details: nil, folder: .none)
        let (project, outcome) = try fixture.store.makeFolder(for: .named("Old Entry")) { _ in FolderFixture.novel }
        #expect(outcome == .made(path: "/w/Old Entry", wantedName: "Old Entry"))
        #expect(project.folder?.isManaged == true)
        #expect(throws: ProjectStoreError.alreadyHasFolder(project, path: "/w/Old Entry")) {
            try fixture.store.makeFolder(for: .named("Old Entry")) { _ in FolderFixture.novel }
        }
    }

    @Test("a new root moves nothing: folders under the old root are recorded by absolute path")
    func newRoot() throws {
        let storage = MemoryStorage()
        let disk = MemoryFolderSystem()
        let places = FolderPlaces(environmentRoot: nil, homeRoot: "/home/me/Writing", templates: nil)
        let store = ProjectStore(storage: storage, folders: disk, places: places)
        try store.add(name: "Stays", kind: .blank, details: nil, folder: .make(.folders([])))
        try store.add(name: "Moved By Hand", kind: .blank, details: nil, folder: .make(.folders([])))
        // The writer moves one folder to the new root by hand, as if moving the whole root.
        disk.addFolder("/new")
        try disk.move("/home/me/Writing/Moved By Hand", to: "/new/Moved By Hand")
        let (old, new) = try store.saveRoot("/new")
        #expect(old?.path == "/home/me/Writing" && new == FolderRoot(path: "/new", source: .store))
        #expect(try store.project(.named("Stays")).folder?.recorded == "/home/me/Writing/Stays")
        #expect(try store.project(.named("Moved By Hand")).folder?.recorded == "Moved By Hand")
        #expect(try store.catalog().savedRoot == "/new")
        // Back to the old root: the absolute folder is relative again.
        try store.saveRoot("/home/me/Writing")
        #expect(try store.project(.named("Stays")).folder?.recorded == "Stays")
    }

    @Test("PROJECT_ROOT keeps the root in use: saving another changes no record")
    func rootOverridden() throws {
        let fixture = FolderFixture()
        try fixture.add("Here")
        let (_, new) = try fixture.store.saveRoot("/other")
        #expect(new.source == .environment && new.path == "/w")
        #expect(try fixture.recorded("Here")?.recorded == "Here")
    }

    @Test("import refuses folders shared within the document or with the store")
    func importFolders() throws {
        let fixture = FolderFixture()
        try fixture.add("Existing")
        func incoming(_ name: String, _ folder: String?, _ number: Int) -> Project {
            Project(id: fixedID("abc", number), name: name, kind: .blank, created: moment(0), details: nil,
                    folder: folder.map { ProjectFolder(recorded: $0, isManaged: true) })
        }
        #expect(throws: ProjectStoreError.importRejected([
            .folderInStore(index: 1, folder: "/w/Existing", existing: "Existing"),
            .folderRepeated(index: 3, folder: "/x", otherIndex: 2),
        ])) {
            try fixture.store.importProjects([incoming("A", "Existing", 1), incoming("B", "/x", 2), incoming("C", "/x", 3)])
        }
        let imported = try fixture.store.importProjects([incoming("A", "A", 1), incoming("B", nil, 2)])
        #expect(imported.map { $0.folder?.recorded } == ["A", nil])
        #expect(fixture.disk.entry(at: "/w/A") == .missing, "import never creates a folder")
    }
}

@Suite("Folders: unclaimed folders in the root")
struct UnclaimedFolderTests {
    @Test("a folder in the root is unclaimed unless a project's folder is it or lies in it; hidden ones and files are not reported")
    func unclaimed() throws {
        let fixture = FolderFixture()
        try fixture.add("Novel")
        try fixture.store.add(name: "Nested", kind: .blank, details: nil, folder: .none)
        for folder in ["/w/Series", "/w/Series/Book One", "/w/Loose", "/w/.trash", "/w/Caf\u{65}\u{301}", "/elsewhere"] {
            fixture.disk.addFolder(folder)
        }
        fixture.disk.addFile("/w/notes.txt")
        try fixture.store.attachFolder("/w/Series/Book One", to: .named("Nested"))
        try fixture.store.add(name: "Café", kind: .blank, details: nil, folder: .none)
        try fixture.store.attachFolder("/w/Caf\u{65}\u{301}", to: .named("Café"))
        let unclaimed = try #require(try fixture.store.unclaimedFolders(in: fixture.store.catalog()))
        #expect(unclaimed.root.path == "/w")
        #expect(unclaimed.names == ["Loose"])
    }

    @Test("a root that cannot be read is an error, a missing one nothing to report")
    func unreadable() throws {
        let fixture = FolderFixture()
        #expect(try fixture.store.unclaimedFolders(in: fixture.store.catalog()) == nil)
        fixture.disk.addFolder("/w")
        fixture.disk.fail("/w", code: EIO)
        #expect(throws: ProjectStoreError.folderFailed(FolderSystemError(path: "/w", code: EIO))) {
            try fixture.store.unclaimedFolders(in: fixture.store.catalog())
        }
    }
}
