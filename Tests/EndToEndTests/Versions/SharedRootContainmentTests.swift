import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What a shared root holds arrives from elsewhere (issue 41): a link or a kept text in it is
/// someone else's word. The binary never follows a link out of the root, checks every kept text by
/// its hash where it reads one, and lets one bad text block nothing else.
@Suite("a shared root no one can turn against the writer")
struct SharedRootContainmentTests {
    static let secret = "-----BEGIN OPENSSH PRIVATE KEY----- the writer's own secret\n"

    /// A novel whose chapter One has one version, today's text changed since; and a folder outside
    /// the sandbox's root holding a secret. Returns the novel's folder and the kept text's path.
    static func novel(_ sandbox: Sandbox, outside: Sandbox) async throws -> (folder: String, text: String) {
        let folder = try await VersionsTests.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        try VersionsTests.write(folder + "/Chapters/One.md", "Today's words.\n")
        try VersionsTests.write(outside.root + "/id_rsa", secret)
        let texts = try FileManager.default.contentsOfDirectory(atPath: folder + "/.versions/texts")
        return (folder, folder + "/.versions/texts/" + (try #require(texts.first)))
    }

    /// Every file under `folder`, with its bytes and whether it is a link.
    static func tree(_ folder: String) -> [String: String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: paths.map { path in
            let full = folder + "/" + path
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)).map { "link to " + $0 }
            return (path, link ?? VersionsTests.read(full) ?? "<folder>")
        })
    }

    @Test("a kept text replaced by a link to a secret outside: restore and diff refuse, name it, and never print the secret")
    func linkedTextIsRefused() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        let (folder, text) = try await Self.novel(sandbox, outside: outside)
        try FileManager.default.removeItem(atPath: text)
        try FileManager.default.createSymbolicLink(atPath: text, withDestinationPath: outside.root + "/id_rsa")
        for arguments in [["restore", "Novel", "Chapters/One.md", "1"], ["diff", "Novel", "Chapters/One.md"], ["diff", "Novel", "Chapters/One.md", "1", "1"]] {
            let result = await sandbox.run(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(!result.stdout.contains("OPENSSH") && !result.stderr.contains("OPENSSH"), "\(result)")
            #expect(result.stderr.contains(text) && result.stderr.contains("symbolic link"), "\(result)")
        }
        #expect(VersionsTests.read(folder + "/Chapters/One.md") == "Today's words.\n", "the secret was not copied into the project")
        let check = await sandbox.run(["versions", "Novel", "--check"])
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains(text) && check.stdout.contains("version 1 of Chapters/One.md"), "\(check)")
    }

    @Test("a kept text edited in place: snapshot keeps a new version, restore refuses the bad one and names it, versions --check lists it")
    func editedTextIsCaught() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        let (folder, text) = try await Self.novel(sandbox, outside: outside)
        // The documented way to read a version, with an editor that overrides read-only (vim's :w!).
        chmod(text, 0o644)
        try VersionsTests.write(text, "Words typed into the version by mistake.\n")
        let check = await sandbox.run(["versions", "Novel", "--check"])
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains(text) && check.stdout.contains("does not match its hash"), "\(check)")
        #expect(check.stderr.contains("1 kept text fails its check"), "\(check)")
        let restore = await sandbox.run(["restore", "Novel", "Chapters/One.md", "1"])
        #expect(restore.status == 1, "\(restore)")
        #expect(restore.stderr.contains(text) && restore.stderr.contains("git log"), "\(restore)")
        #expect(VersionsTests.read(folder + "/Chapters/One.md") == "Today's words.\n")
        // Today's text matching version 1 is no longer "unchanged": it is kept again, whole.
        try VersionsTests.write(folder + "/Chapters/One.md", "The dog ran home.\n\nIt was late, and the sky was dark.\n")
        let snapshot = await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        #expect(snapshot.stdout.hasPrefix("Kept version 2 of Chapters/One.md"), "\(snapshot)")
        await sandbox.ok("versions", "Novel", "--check")
        await sandbox.ok("restore", "Novel", "Chapters/One.md", "1")
    }

    @Test("a pipe in a kept text's place: diff and restore return at once with a refusal")
    func pipeDoesNotHang() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        let (_, text) = try await Self.novel(sandbox, outside: outside)
        try FileManager.default.removeItem(atPath: text)
        #expect(mkfifo(text, 0o644) == 0)
        for arguments in [["diff", "Novel", "Chapters/One.md"], ["restore", "Novel", "Chapters/One.md", "1"]] {
            let result = await sandbox.run(arguments, timeout: 10)
            #expect(!result.timedOut && result.status == 1, "\(result)")
            #expect(result.stderr.contains("is not a plain file"), "\(result)")
        }
    }

    @Test("a missing kept text does not count as kept: snapshot keeps its file again")
    func missingTextIsKeptAgain() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        let (folder, _) = try await Self.novel(sandbox, outside: outside)
        try VersionsTests.write(folder + "/Chapters/One.md", "The dog ran home.\n\nIt was late, and the sky was dark.\n")
        try FileManager.default.removeItem(atPath: folder + "/.versions/texts")
        let snapshot = await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        #expect(snapshot.stdout.hasPrefix("Kept version 2 of Chapters/One.md"), "\(snapshot)")
        await sandbox.ok("diff", "Novel", "Chapters/One.md", "1")
    }

    @Test("a linked .versions/texts or .versions/machines: snapshot refuses, naming it, and writes nothing outside")
    func linkedShelfFolder() async throws {
        for linked in ["texts", "machines"] {
            let (sandbox, outside) = (try Sandbox(), try Sandbox())
            let (folder, _) = try await Self.novel(sandbox, outside: outside)
            let place = folder + "/.versions/" + linked
            try FileManager.default.removeItem(atPath: place)
            try FileManager.default.createSymbolicLink(atPath: place, withDestinationPath: outside.root)
            let before = Self.tree(outside.root)
            let result = await sandbox.run(["snapshot", "Novel"])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(place + " is a symbolic link"), "\(result)")
            #expect(Self.tree(outside.root) == before, "\(linked)")
        }
    }

    @Test("a chapter arriving as a link to a file outside: snapshot does not keep it, naming it refuses, and it is not sent")
    func chapterLinkedOutside() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        let (folder, _) = try await Self.novel(sandbox, outside: outside)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Chapters/Three.md", withDestinationPath: outside.root + "/id_rsa")
        let named = await sandbox.run(["snapshot", "Novel", "Chapters/Three.md"])
        #expect(named.status == 1, "\(named)")
        #expect(named.stderr.contains("Chapters/Three.md is not a file of the project"), "\(named)")
        await sandbox.ok("snapshot", "Novel")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/.versions/texts").map {
            VersionsTests.read(folder + "/.versions/texts/" + $0) ?? ""
        }
        #expect(!kept.contains(Self.secret), "the secret was kept as a version")
        #expect(await VersionsTests.versionsJSON(sandbox).allSatisfy { ($0["file"] as? String) != "Chapters/Three.md" })
    }

    @Test("a trashed folder replaced by a link to a folder outside: undelete refuses and writes nothing outside")
    func trashedFolderLinkedOutside() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        await sandbox.ok("add", "Poems", "--type", "poetry")
        await sandbox.ok("delete", "Poems", "--yes")
        let trashed = sandbox.root + "/Writing/.trash/Poems"
        #expect(FileManager.default.fileExists(atPath: trashed))
        try FileManager.default.createDirectory(atPath: outside.root + "/Elsewhere", withIntermediateDirectories: true)
        try VersionsTests.write(outside.root + "/Elsewhere/notes.md", "Someone else's folder.\n")
        try FileManager.default.removeItem(atPath: trashed)
        try FileManager.default.createSymbolicLink(atPath: trashed, withDestinationPath: outside.root + "/Elsewhere")
        let before = Self.tree(outside.root)
        let result = await sandbox.run(["undelete", "Poems"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(trashed) && result.stderr.contains("symbolic link"), "\(result)")
        #expect(Self.tree(outside.root) == before)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox.root + "/Writing/Poems")) == nil, "no link in the root")
        // Nothing done: the project is still deleted, and stays so until its folder is put back.
        #expect(await sandbox.names().isEmpty)
    }

    @Test("a project's folder replaced by a link to a folder outside: snapshot, files and restore refuse and write nothing outside")
    func projectFolderLinkedOutside() async throws {
        let (sandbox, outside) = (try Sandbox(), try Sandbox())
        let (folder, _) = try await Self.novel(sandbox, outside: outside)
        try FileManager.default.createDirectory(atPath: outside.root + "/Elsewhere/Chapters", withIntermediateDirectories: true)
        try VersionsTests.write(outside.root + "/Elsewhere/Chapters/One.md", "Someone else's private words.\n")
        try FileManager.default.moveItem(atPath: folder, toPath: sandbox.root + "/Novel aside")
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: outside.root + "/Elsewhere")
        let before = Self.tree(outside.root)
        for arguments in [["snapshot", "Novel"], ["files", "Novel"], ["restore", "Novel", "Chapters/One.md", "1"], ["diff", "Novel", "Chapters/One.md"]] {
            let result = await sandbox.run(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(folder + " is a symbolic link"), "\(result)")
            #expect(!result.stdout.contains("private"), "\(result)")
        }
        #expect(Self.tree(outside.root) == before)
    }

    @Test("sync leaves out a kept text that fails its hash, says so, and the good copy stays on every machine")
    func syncWithholdsAFailingText() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        try machines.write("laptop", "My Novel/Chapters/One.md", "The laptop's first words.\n")
        await machines.ok("laptop", "snapshot", "My Novel", "Chapters/One.md")
        await machines.syncInTurn("laptop", "desktop")
        let text = try #require(machines.files("desktop").first { $0.hasPrefix("My Novel/.versions/texts/") })
        chmod(machines.root("desktop") + "/" + text, 0o644)
        try machines.write("desktop", text, "Overwritten on the desktop.\n")
        try machines.write("desktop", "My Novel/Chapters/Two.md", "A second chapter.\n")
        let sync = await machines.ok("desktop", "sync")
        #expect(sync.stdout.contains(text) && sync.stdout.contains("does not match its hash"), "\(sync)")
        await machines.ok("laptop", "sync")
        #expect(machines.read("laptop", text) == "The laptop's first words.\n", "the good copy was not overwritten")
        #expect(machines.read("laptop", "My Novel/Chapters/Two.md") == "A second chapter.\n", "the rest was sent")
        #expect(machines.git("desktop", "show", "HEAD:" + text).output == "The laptop's first words.\n")
        // The tool's temporary files are never committed.
        #expect(!machines.git("laptop", "ls-files").output.contains(".versions/tmp"))
    }
}
