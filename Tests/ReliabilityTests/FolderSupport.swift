import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// What the folder tests check of a store and its root, after a kill, a refusal or a crowd of
// writers: the store and the disk agree, and nothing of the writer's is lost.

/// A store with project folders in a root of the test's own, and the files the test put in them.
struct FolderWorld {
    let store: String
    let root: String
    /// The marker files the test put in project folders: file name → the id of the project whose
    /// folder it was put in. Names are unique, so a file is found wherever its folder went.
    var markers: [String: String] = [:]

    init(store: String, root: String) {
        self.store = store
        self.root = root
    }

    /// The folder of `project` on disk, as the store records it (relative to the root inside it).
    func path(of project: StoredProject) -> String? {
        project.folder.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 }
    }

    /// Puts a new marker file in `project`'s folder (in `sub`, a folder of its kind, when given).
    mutating func putMarker(in project: StoredProject, sub: String? = nil, number: Int) throws {
        guard let folder = path(of: project) else { throw SpawnError("\(project) has no folder") }
        let name = "marker-\(number).txt"
        let place = sub.map { folder + "/" + $0 } ?? folder
        try writeFile(place + "/" + name, Array("written by the test for \(project.name)\n".utf8), mode: 0o644)
        markers[name] = project.id
    }

    /// Checks every rule of the pair as the next command sees it, recording an issue for each one
    /// broken, and returns the store (nil when it does not load):
    /// - the store is a valid document (names, ids, positions);
    /// - every project's recorded folder exists where the store says, and no two projects share one;
    /// - no intent record is left;
    /// - in the root, no folder without a project but `.trash`;
    /// - every marker is exactly once in the root: in its project's folder while the project is in
    ///   the store, in the trash once it is not.
    @discardableResult
    func check(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) -> StoredDocument? {
        let document: StoredDocument
        do {
            document = try StoredDocument(fileBytes(store) ?? Array("{}".utf8))
        } catch {
            Issue.record("\(context): the store is not a valid document: \(error)", sourceLocation: sourceLocation)
            return nil
        }
        checkInvariants(document.projects, context, sourceLocation: sourceLocation)

        var folders: [String: StoredProject] = [:]
        for project in document.projects {
            guard let folder = path(of: project) else { continue }
            #expect(isFolder(folder), "\(context): the folder of \(project) is not on disk", sourceLocation: sourceLocation)
            if let other = folders[folder] {
                Issue.record("\(context): \(project) and \(other) share \(folder)", sourceLocation: sourceLocation)
            }
            folders[folder] = project
        }
        #expect(access(store + ".intent", F_OK) != 0, "\(context): an intent record was left", sourceLocation: sourceLocation)

        let orphans = folderListing(root).filter { name in
            name != ".trash" && isFolder(root + "/" + name) && folders[root + "/" + name] == nil
        }
        #expect(orphans.isEmpty, "\(context): folders in the root without a project: \(orphans)", sourceLocation: sourceLocation)

        let files = folderTree(root).filter { !$0.hasSuffix("/") }
        for (marker, owner) in markers.sorted(by: { $0.key < $1.key }) {
            let found = files.filter { $0 == marker || $0.hasSuffix("/" + marker) }.map { root + "/" + $0 }
            guard found.count == 1, let place = found.first else {
                Issue.record("\(context): \(marker) is found \(found.count) times: \(found)", sourceLocation: sourceLocation)
                continue
            }
            // An undone `edit --new-folder` leaves its project without a folder, and the folder in the trash.
            if let project = document.projects.first(where: { $0.id == owner }), let folder = path(of: project) {
                #expect(place.hasPrefix(folder + "/"), "\(context): \(marker) of \(project) is at \(place), not in its folder \(folder)", sourceLocation: sourceLocation)
            } else {
                #expect(place.hasPrefix(root + "/.trash/"), "\(context): \(marker) of a project deleted or without a folder is at \(place), not in the trash", sourceLocation: sourceLocation)
            }
        }
        return document
    }
}

func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
}

/// The folders `add` makes for a novel, in English.
let novelFolders = ["Chapters", "Characters", "Locations", "Research", "Scenes", "Set Aside"]

extension Tool {
    /// The same tool with `PROJECT_ROOT` set: project folders go to a root of the test's own.
    func rooted(at root: String) -> Tool {
        var copy = self
        copy.environment["PROJECT_ROOT"] = root
        return copy
    }
}
