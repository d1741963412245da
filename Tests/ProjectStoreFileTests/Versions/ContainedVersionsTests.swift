import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// A project's versions on disk when what its shared root holds came from elsewhere: no link is
/// followed out of the project, no kept text is read but a plain file of sensible size, and no
/// temporary file is left where sync or the writer sees it.
@Suite struct ContainedVersionsTests {
    static let machine = Machine(id: UUID(uuidString: "11111111-1111-1111-1111-111111111111")!, name: "laptop")
    static let secret = "-----BEGIN OPENSSH PRIVATE KEY-----\n"

    /// `<folder>/Novel` with one chapter kept once, and `<folder>/outside/id_rsa` holding a secret.
    static func kept(in folder: String) throws -> (project: String, shelf: VersionShelf, name: String) {
        let project = folder + "/Novel"
        try FileManager.default.createDirectory(atPath: project + "/Chapters", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/outside", withIntermediateDirectories: true)
        try Data("First words.\n".utf8).write(to: URL(fileURLWithPath: project + "/Chapters/One.md"))
        try Data(secret.utf8).write(to: URL(fileURLWithPath: folder + "/outside/id_rsa"))
        let shelf = VersionShelf(folder: DiskVersionFolder(project: project), machine: machine)
        let kept = try shelf.keep(files: ["Chapters/One.md"], note: nil)
        return (project, shelf, kept[0].version.record.text)
    }

    static func replace(_ path: String, withLinkTo target: String) throws {
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// Every file under `folder` with its bytes.
    static func tree(_ folder: String) -> [String: Data] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: paths.map { ($0, FileManager.default.contents(atPath: folder + "/" + $0) ?? Data()) })
    }

    @Test func aLinkInAKeptTextsPlaceIsNeverRead() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, name) = try Self.kept(in: folder)
            let path = project + "/.versions/texts/" + name
            try Self.replace(path, withLinkTo: "../../../outside/id_rsa")
            #expect(throws: VersionError.keptText(path: path, problem: .link)) { try shelf.folder.text(name) }
            #expect(throws: VersionError.keptText(path: path, problem: .link)) {
                try shelf.restore("Chapters/One.md", version: "1", note: { _ in "" })
            }
            #expect(DiskVersionFolder.problem(ofTextAt: path) == .link)
        }
    }

    @Test func aPipeInAKeptTextsPlaceIsRefusedWithoutWaiting() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, name) = try Self.kept(in: folder)
            let path = project + "/.versions/texts/" + name
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o644) == 0)
            let started = Date()
            #expect(throws: VersionError.keptText(path: path, problem: .notAFile)) { try shelf.text(name) }
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    @Test func aFileOfGigabytesUnderATextsNameIsNotRead() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, name) = try Self.kept(in: folder)
            let path = project + "/.versions/texts/" + name
            chmod(path, 0o644)
            #expect(truncate(path, off_t(2) << 30) == 0, "a sparse file of 2 GB")
            #expect(throws: VersionError.keptText(path: path, problem: .tooLarge)) { try shelf.text(name) }
            // Snapshot does not take it for today's text: it puts the text back in its place.
            guard case .kept(let version) = try shelf.keep(files: ["Chapters/One.md"], note: nil)[0] else {
                Issue.record("taken for unchanged")
                return
            }
            #expect(version.number == 2)
            #expect(try shelf.text(name) == Array("First words.\n".utf8))
        }
    }

    @Test func aTextEditedInPlaceFailsItsHashAndSnapshotKeepsItAgain() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, name) = try Self.kept(in: folder)
            let path = project + "/.versions/texts/" + name
            chmod(path, 0o644)
            try Data("Edited through the editor.\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: VersionError.keptText(path: path, problem: .changed)) { try shelf.text(name) }
            #expect(DiskVersionFolder.problem(ofTextAt: path) == .changed)
            #expect(try shelf.check().failing.map(\.path) == [path])
            guard case .kept = try shelf.keep(files: ["Chapters/One.md"], note: nil)[0] else { Issue.record("unchanged"); return }
            #expect(DiskVersionFolder.problem(ofTextAt: path) == nil)
        }
    }

    @Test(arguments: ["texts", "machines", "tmp"])
    func aLinkedFolderOfTheShelfIsRefusedAndNothingIsWrittenOutside(linked: String) throws {
        try withTemporaryFolder { folder in
            let (project, shelf, _) = try Self.kept(in: folder)
            let outsideBefore = Self.tree(folder + "/outside")
            let place = project + "/.versions/" + linked
            if FileManager.default.fileExists(atPath: place) { try FileManager.default.removeItem(atPath: place) }
            try FileManager.default.createSymbolicLink(atPath: place, withDestinationPath: folder + "/outside")
            try Data("Second words.\n".utf8).write(to: URL(fileURLWithPath: project + "/Chapters/One.md"))
            #expect(throws: VersionError.linkedFolder(path: place)) { try shelf.keep(files: ["Chapters/One.md"], note: nil) }
            #expect(Self.tree(folder + "/outside") == outsideBefore)
        }
    }

    @Test func aChapterLinkedOutsideTheProjectIsNoFileOfIt() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, _) = try Self.kept(in: folder)
            try FileManager.default.createSymbolicLink(atPath: project + "/Chapters/Two.md", withDestinationPath: folder + "/outside/id_rsa")
            try FileManager.default.createSymbolicLink(atPath: project + "/Chapters/Three.md", withDestinationPath: "One.md")
            #expect(throws: VersionError.outsideProject(file: "Chapters/Two.md")) { try shelf.keep(files: ["Chapters/Two.md"], note: nil) }
            #expect(try shelf.folder.textFiles().sorted() == ["Chapters/One.md", "Chapters/Three.md"], "a link inside the project is a file of it")
            let all = try shelf.keep(files: [], note: nil)
            #expect(all.map(\.version.record.file) == ["Chapters/One.md", "Chapters/Three.md"])
        }
    }

    @Test func aRestoreThroughAFolderLinkedOutsideIsRefused() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, _) = try Self.kept(in: folder)
            let outsideBefore = Self.tree(folder + "/outside")
            try FileManager.default.moveItem(atPath: project + "/Chapters", toPath: project + "/Old")
            try FileManager.default.createSymbolicLink(atPath: project + "/Chapters", withDestinationPath: folder + "/outside")
            #expect(throws: VersionError.outsideProject(file: "Chapters/One.md")) {
                try shelf.restore("Chapters/One.md", version: "1", note: { _ in "" })
            }
            #expect(Self.tree(folder + "/outside") == outsideBefore)
        }
    }

    @Test func temporaryFilesLiveInAFolderGitIgnoresAndAreTakenAwayByTheNextCommand() throws {
        try withTemporaryFolder { folder in
            let (project, shelf, _) = try Self.kept(in: folder)
            let temporaries = project + "/.versions/tmp"
            #expect(FileManager.default.contents(atPath: temporaries + "/.gitignore") == Data("*\n".utf8))
            let texts = try FileManager.default.contentsOfDirectory(atPath: project + "/.versions/texts")
            #expect(texts.allSatisfy { !$0.hasSuffix(".tmp") })
            // What a killed snapshot or restore left, and a file that is not this tool's temporary.
            try Data("half".utf8).write(to: URL(fileURLWithPath: temporaries + "/" + String(repeating: "a", count: 64) + ".md.4242.tmp"))
            try Data("half".utf8).write(to: URL(fileURLWithPath: temporaries + "/file.4243.tmp"))
            try Data("mine".utf8).write(to: URL(fileURLWithPath: temporaries + "/notes.txt"))
            try Data("Second words.\n".utf8).write(to: URL(fileURLWithPath: project + "/Chapters/One.md"))
            _ = try shelf.restore("Chapters/One.md", version: "1", note: { _ in "" })
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporaries).sorted() == [".gitignore", "notes.txt"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: project + "/Chapters") == ["One.md"], "no temporary beside the file")
        }
    }

    @Test func aTrashedFolderReplacedByALinkIsNotMoved() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/root/.trash", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/outside/Poems", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/root/.trash/Poems", withDestinationPath: folder + "/outside/Poems")
            #expect(throws: FolderSystemError(path: folder + "/root/.trash/Poems", code: ELOOP)) {
                try DiskFolders().move(folder + "/root/.trash/Poems", to: folder + "/root/Poems")
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/root/Poems"))
            // A trash that is a link is not moved into either.
            try FileManager.default.createDirectory(atPath: folder + "/root/Novel", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/root2", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/root2/.trash", withDestinationPath: folder + "/outside")
            #expect(throws: FolderSystemError(path: folder + "/root2/.trash", code: ELOOP)) {
                try DiskFolders().move(folder + "/root/Novel", to: folder + "/root2/.trash/Novel")
            }
        }
    }
}
