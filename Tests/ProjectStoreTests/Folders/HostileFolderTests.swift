import Foundation
import Testing
@testable import ProjectStore

/// Files the tool reads but others may write (an import, a store edited by hand, another machine's
/// log, the history) never make it move a folder outside the root: the disk outside stays as it was.
@Suite("Folders: nothing outside the root moves because a file said so")
struct HostileFolderTests {
    /// A root `/w` beside the writer's own `/victim`, which holds a file; `/w/Mine` is in the root.
    static func disk() -> MemoryFolderSystem {
        let disk = MemoryFolderSystem()
        for folder in ["/w", "/w/Mine", "/victim", "/victim/Chapters"] { disk.addFolder(folder) }
        disk.addFile("/victim/Chapters/one.md")
        return disk
    }

    static func hostile(_ name: String, _ folder: String, _ number: Int) -> Project {
        Project(id: fixedID("bad", number), name: name, kind: .blank, created: moment(0), details: nil,
                folder: ProjectFolder(recorded: folder, isManaged: true))
    }

    static func store(_ catalog: ProjectCatalog = ProjectCatalog(), disk: MemoryFolderSystem, root: String = "/w") -> ProjectStore {
        ProjectStore(
            storage: MemoryStorage(catalog), folders: disk,
            places: FolderPlaces(environmentRoot: root, homeRoot: nil, templates: nil))
    }

    /// Renames and deletes every project, as a writer would, and checks the disk is as it was.
    static func renameAndDeleteMoveNothing(_ store: ProjectStore, disk: MemoryFolderSystem) throws {
        let before = disk.contents(of: "/")
        for project in try store.catalog().projects {
            let renamed = try store.rename(.id(project.id), to: project.name + " Renamed")
            #expect(renamed.folder.map { if case .renamed = $0 { false } else { true } } ?? true, "\(project.name): \(String(describing: renamed.folder))")
            let deleted = try store.delete(.id(project.id))
            #expect(deleted.folder.map { if case .trashed = $0 { false } else { true } } ?? true, "\(project.name): \(String(describing: deleted.folder))")
        }
        #expect(disk.contents(of: "/") == before)
    }

    @Test("an import whose folder climbs out with .. or names the trash is refused, and nothing is imported")
    func importRefusesClimbingAndTrash() throws {
        let disk = Self.disk()
        let store = Self.store(disk: disk)
        #expect(throws: ProjectStoreError.importRejected([
            .folderRefused(index: 1, folder: "../victim", .climbsOut),
            .folderRefused(index: 2, folder: "/w/../victim", .climbsOut),
            .folderRefused(index: 3, folder: ".trash/Old", .trash),
        ])) {
            try store.importProjects([
                Self.hostile("Trojan", "../victim", 1), Self.hostile("Horse", "/w/../victim", 2),
                Self.hostile("Bin", ".trash/Old", 3),
            ])
        }
        #expect(try store.catalog().projects.isEmpty)
    }

    @Test("an imported folder the tool did not make in the root is the writer's own, and never moves")
    func importedOutsideTheRootIsTheWritersOwn() throws {
        let disk = Self.disk()
        let store = Self.store(disk: disk)
        let imported = try store.importProjects([
            Self.hostile("Trojan", "/victim", 1), Self.hostile("Hidden", ".git", 2), Self.hostile("Mine", "Mine", 3),
        ])
        #expect(imported.map(\.folder) == [
            ProjectFolder(recorded: "/victim", isManaged: false), ProjectFolder(recorded: ".git", isManaged: false),
            ProjectFolder(recorded: "Mine", isManaged: true),
        ])
        let before = disk.contents(of: "/")
        let renamed = try store.rename(.named("Trojan"), to: "Renamed Trojan")
        #expect(renamed.folder == .kept(path: "/victim"))
        let deleted = try store.delete(.named("Renamed Trojan"))
        #expect(deleted.folder == .kept(path: "/victim"))
        #expect(disk.contents(of: "/") == before)
        // A folder the tool made in the root, exported and imported back, is still the tool's.
        #expect(try store.rename(.named("Mine"), to: "Ours").folder == .renamed(from: "/w/Mine", to: "/w/Ours"))
    }

    @Test("a store edited by hand: a folder climbing out or in the trash is refused on reading, one outside the root never moves")
    func storeEditedByHand() throws {
        for (folder, refusal) in [("../victim", FolderRefusal.climbsOut), ("/w/.trash/Old", .trash), ("a/../../victim", .climbsOut)] {
            #expect(throws: DocumentProblem.folderRefused(path: folder, refusal, project: 2)) {
                try ProjectCatalog(projects: [Self.hostile("Fine", "Fine", 1), Self.hostile("Bad", folder, 2)], defaultOrder: .standard)
            }
        }
        let disk = Self.disk()
        disk.addFolder("/w/.project")
        let catalog = try ProjectCatalog(projects: [
            Self.hostile("Absolute", "/victim", 1), Self.hostile("Sync", ".project", 2), Self.hostile("Dotted", "./Mine", 3),
        ], defaultOrder: .standard)
        try Self.renameAndDeleteMoveNothing(Self.store(catalog, disk: disk), disk: disk)
    }

    @Test("another machine's log cannot make this machine move a folder outside the root")
    func hostileLog() throws {
        let engine = MemorySharedFolder()
        let disk = Self.disk()
        let me = Machine(id: fixedID("aa", 1), name: "laptop")
        let store = ProjectStore(
            storage: MemoryStorage(), folders: disk, shared: engine,
            places: FolderPlaces(environmentRoot: "/w", homeRoot: nil, templates: nil),
            clock: { moment(10_000) }, machine: { me })
        try store.add(name: "Winter")
        try store.share()
        let intruder = Machine(id: fixedID("ee", 1), name: "intruder")
        let projects = [
            Self.hostile("Trojan", "/victim", 1), Self.hostile("Climber", "../victim", 2),
            Self.hostile("Binned", ".trash/Old", 3), Self.hostile("Later", "Later", 4),
        ]
        var operations = projects.dropLast().map { ChangeOperation.create($0) }
        operations.append(.create(Project(id: fixedID("bad", 4), name: "Later", kind: .blank, created: moment(0), details: nil)))
        operations.append(.set(fixedID("bad", 4), .folder(from: nil, to: ProjectFolder(recorded: "../../victim", isManaged: true))))
        _ = engine.append(SharedChange(change: Change(
            revision: 1, time: moment(20_000), clock: HybridTime(milliseconds: 20_000, counter: 0), machine: intruder,
            kind: .command("import"), operations: operations), seen: [:]), in: "/w")
        let catalog = try store.catalog()
        // Where each lands in the order is the merge's business; what matters here is each one's folder.
        let folders = Dictionary(uniqueKeysWithValues: catalog.projects.map { ($0.name, $0.folder) })
        let expected: [String: ProjectFolder?] = [
            "Winter": nil, "Trojan": ProjectFolder(recorded: "/victim", isManaged: false), "Climber": nil, "Binned": nil, "Later": nil,
        ]
        #expect(folders == expected)
        try Self.renameAndDeleteMoveNothing(store, disk: disk)
    }

    @Test("an undo moves nothing outside the root in use, whatever the history recorded")
    func undoOutsideTheRoot() throws {
        let disk = MemoryFolderSystem()
        let storage = MemoryStorage()
        func store(root: String) -> ProjectStore {
            ProjectStore(
                storage: storage, folders: disk, places: FolderPlaces(environmentRoot: root, homeRoot: nil, templates: nil),
                recording: "test")
        }
        try store(root: "/w").add(name: "Alpha", kind: .blank, details: nil, folder: .make(.folders([])))
        try store(root: "/w").rename(.named("Alpha"), to: "Gamma")
        let before = disk.contents(of: "/")
        #expect(throws: ProjectStoreError.historyBlocked(.rootChanged, command: "test")) {
            try store(root: "/elsewhere").undo()
        }
        #expect(disk.contents(of: "/") == before)
        #expect(try store(root: "/w").undo().entry.command == "test")
        #expect(disk.entry(at: "/w/Alpha") == .folder)
    }

    @Test("what the tool may move: made by it, recorded inside the root by plain names")
    func movable() {
        let root = FolderRoot(path: "/w", source: .environment)
        #expect(ProjectFolder(recorded: "Novel", isManaged: true).movablePath(in: root) == "/w/Novel")
        #expect(ProjectFolder(recorded: "Old Root/Novel", isManaged: true).movablePath(in: root) == "/w/Old Root/Novel")
        #expect(ProjectFolder(recorded: "Novel", isManaged: true).movablePath(in: nil) == nil)
        for recorded in ["Novel", "/w/Novel", "../Novel", "a/../Novel", "./Novel", ".project", "a//b", "Novel/", ".trash/Novel"] {
            #expect(ProjectFolder(recorded: recorded, isManaged: false).movablePath(in: root) == nil, "\(recorded)")
            if recorded != "Novel" {
                #expect(ProjectFolder(recorded: recorded, isManaged: true).movablePath(in: root) == nil, "\(recorded)")
            }
        }
        #expect(ProjectFolder.isMovable("/w/.trash/Novel (2)", in: root))
        #expect(!ProjectFolder.isMovable("/w/.project", in: root))
        #expect(!ProjectFolder.isMovable("/victim", in: root))
        #expect(!ProjectFolder.isMovable("/w", in: root))
    }

    @Test("a project's folder that another machine replaced by a link is refused, never followed")
    func aLinkInAProjectFoldersPlaceIsRefused() throws {
        let disk = Self.disk()
        let project = Self.hostile("Mine", "Mine", 1)
        let store = Self.store(try ProjectCatalog(projects: [project], defaultOrder: .standard), disk: disk)
        #expect(try store.existingFolder(of: .id(project.id)).1 == "/w/Mine")
        disk.remove("/w/Mine")
        disk.addLinkToFolder("/w/Mine")
        #expect(throws: ProjectStoreError.folderRefused(path: "/w/Mine", .link)) { try store.existingFolder(of: .id(project.id)) }
    }
}
