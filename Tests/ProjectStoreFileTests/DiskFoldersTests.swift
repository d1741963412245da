import Foundation
import Testing
import ProjectStore
@testable import ProjectStoreFile

@Suite("Disk folders")
struct DiskFoldersTests {
    let disk = DiskFolders()

    @Test("a move never replaces what is there, not even an empty folder")
    func moveNeverReplaces() throws {
        try withTemporaryFolder { folder in
            try disk.makeFolder(folder + "/a")
            try disk.makeFolder(folder + "/b")
            #expect(throws: FolderSystemError(path: folder + "/b", code: EEXIST)) { try disk.move(folder + "/a", to: folder + "/b") }
            #expect(disk.entry(at: folder + "/a") == .folder)
            try disk.move(folder + "/a", to: folder + "/c")
            #expect(disk.entry(at: folder + "/a") == .missing && disk.entry(at: folder + "/c") == .folder)
            #expect(throws: FolderSystemError(path: folder + "/c", code: EEXIST)) { try disk.makeFolder(folder + "/c") }
        }
    }

    @Test("a template's content is copied whole: hidden files, modes, folders; links as links")
    func copiesTemplates() throws {
        try withTemporaryFolder { folder in
            let template = folder + "/template"
            try FileManager.default.createDirectory(atPath: template + "/Parts/One", withIntermediateDirectories: true)
            try writeFile(template + "/.hidden", Array("secret".utf8))
            try writeFile(template + "/Parts/run.sh", Array("#!/bin/sh\n".utf8))
            chmod(template + "/Parts/run.sh", 0o751)
            try FileManager.default.createSymbolicLink(atPath: template + "/outside", withDestinationPath: "/nonexistent/target")
            try disk.makeFolder(folder + "/new")
            try disk.copyContents(of: template, into: folder + "/new")
            #expect(fileBytes(folder + "/new/.hidden") == Array("secret".utf8))
            #expect(disk.entry(at: folder + "/new/Parts/One") == .folder)
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/new/Parts/run.sh")
            #expect((attributes[.posixPermissions] as? Int) == 0o751)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/new/outside") == "/nonexistent/target")
            #expect(disk.fileCount(in: folder + "/new") == 3)
        }
    }

    @Test("only a tree of empty folders is removed; a file anywhere keeps it all")
    func removesOnlyEmptyFolders() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/p/a/b", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/p/c", withIntermediateDirectories: true)
            try writeFile(folder + "/p/a/b/keep.md", Array("words".utf8))
            #expect(!disk.removeIfOnlyEmptyFolders(folder + "/p"))
            #expect(disk.entry(at: folder + "/p/c") == .folder, "nothing of a folder holding a file is removed")
            try FileManager.default.removeItem(atPath: folder + "/p/a/b/keep.md")
            #expect(disk.removeIfOnlyEmptyFolders(folder + "/p"))
            #expect(disk.entry(at: folder + "/p") == .missing)
        }
    }

    @Test("entries: a link to a folder is a folder; a dangling link is not missing")
    func entries() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/to-folder", withDestinationPath: folder)
            try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/none")
            #expect(disk.entry(at: folder + "/to-folder") == .folder)
            #expect(disk.entry(at: folder + "/dangling") == .other)
            #expect(disk.entry(at: folder + "/none") == .missing)
            #expect(disk.entry(at: folder + "/none/deeper") == .missing)
        }
    }

    @Test("canonical paths: relative to the current folder, links resolved as far as they exist")
    func canonicalPaths() throws {
        try withTemporaryFolder { folder in
            let real = try #require(CanonicalPath.resolve(folder))
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: real + "/target")
            try FileManager.default.createDirectory(atPath: real + "/target", withIntermediateDirectories: true)
            #expect(CanonicalPath.resolve(folder + "/link/new/../more/") == real + "/target/more")
            let previous = FileManager.default.currentDirectoryPath
            FileManager.default.changeCurrentDirectoryPath(real)
            defer { FileManager.default.changeCurrentDirectoryPath(previous) }
            #expect(CanonicalPath.resolve("target") == real + "/target")
        }
    }
}

@Suite("Intent file")
struct IntentFileTests {
    @Test("both kinds of step round-trip, names with quotes and new lines included", arguments: [
        FolderIntent(step: .make("/w/A \"b\"\nc"), project: UUID(), committedFolder: ProjectFolder(recorded: "A \"b\"\nc", isManaged: true)),
        FolderIntent(step: .move(from: "/w/A", to: "/w/.trash/A (2)"), project: UUID(), committedFolder: nil),
        FolderIntent(step: .move(from: "/w/A", to: "/w/B"), project: UUID(), committedFolder: ProjectFolder(recorded: "/elsewhere", isManaged: false)),
    ])
    func roundTrip(_ intent: FolderIntent) throws {
        #expect(try IntentFile.decode(IntentFile.encode(intent)) == intent)
    }

    @Test("a damaged or newer intent is refused, never guessed at")
    func refusals() {
        #expect(throws: DocumentProblem.self) { try IntentFile.decode(Array("{\"version\": 1".utf8)) }
        #expect(throws: DocumentProblem.newerVersion(2)) { try IntentFile.decode(Array("{\"version\": 2}".utf8)) }
        #expect(throws: DocumentProblem.missingField("project", project: nil)) { try IntentFile.decode(Array("{\"version\": 1}".utf8)) }
    }

    @Test("FileStorage keeps it beside the store and clears it when the store is written")
    func storage() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let intent = FolderIntent(step: .make("/w/A"), project: UUID(), committedFolder: nil)
            #expect(!storage.hasIntent())
            try storage.update { _ throws(ProjectStoreError) in try storage.recordIntent(intent) }
            #expect(storage.hasIntent())
            #expect(try storage.intent() == intent)
            try storage.update { catalog throws(ProjectStoreError) in catalog.defaultOrder = .date }
            #expect(!storage.hasIntent() && !exists(folder + "/projects.json.intent"))
        }
    }
}
