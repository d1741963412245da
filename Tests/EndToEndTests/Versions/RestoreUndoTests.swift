import Foundation
import Testing

/// A restore in the history, through the binary: `history` says it, `undo` takes it back, `redo`
/// restores again, and an undo after the writer typed in the file is refused with nothing changed.
@Suite("versions: undo and redo of restore")
struct RestoreUndoTests {
    static let draft = "The dog ran home.\n\nIt was late, and the sky was dark.\n"
    static let rewrite = "Rewritten and never kept.\n"

    /// The novel with version 1 of One.md kept, then the chapter rewritten and version 1 restored.
    static func restored(_ sandbox: Sandbox) async throws -> String {
        let folder = try await VersionsTests.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        try VersionsTests.write(folder + "/Chapters/One.md", rewrite)
        await sandbox.ok("restore", "Novel", "Chapters/One.md", "1")
        return folder + "/Chapters/One.md"
    }

    @Test("history says the restore; undo gives back today's text, redo the version again")
    func undoAndRedo() async throws {
        let sandbox = try Sandbox()
        let file = try await Self.restored(sandbox)
        #expect(await sandbox.ok("history").stdout.contains("restored version 1 of Chapters/One.md in “Novel”\n"))
        let undone = await sandbox.ok("undo")
        #expect(undone.stdout == "Undone: gave Chapters/One.md in “Novel” back the text it had before version 1 was restored.\n")
        #expect(VersionsTests.read(file) == Self.rewrite)
        let redone = await sandbox.ok("redo")
        #expect(redone.stdout == "Redone: restored version 1 of Chapters/One.md in “Novel”.\n")
        #expect(VersionsTests.read(file) == Self.draft)
        // The undo and redo kept nothing more: the two texts were versions already.
        #expect(await VersionsTests.versionsJSON(sandbox, "Chapters/One.md").count == 2)
    }

    @Test("undo after the writer typed in the restored file: refused, exit 1, file and versions unchanged")
    func refusedAfterAnEdit() async throws {
        let sandbox = try Sandbox()
        let file = try await Self.restored(sandbox)
        let folder = String(file.dropLast("/Chapters/One.md".count))
        try VersionsTests.write(file, "Typed after the restore.\n")
        let shelf = VersionsTests.shelf(folder)
        let refused = await sandbox.run(["undo"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("Chapters/One.md has changed since it was restored"), "\(refused)")
        #expect(refused.stdout == "")
        #expect(VersionsTests.read(file) == "Typed after the restore.\n")
        #expect(VersionsTests.shelf(folder) == shelf)
    }

    @Test("undo of a restore that brought a deleted file back takes it out again")
    func broughtBack() async throws {
        let sandbox = try Sandbox()
        let folder = try await VersionsTests.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/Two.md")
        try FileManager.default.removeItem(atPath: folder + "/Chapters/Two.md")
        await sandbox.ok("restore", "Novel", "Chapters/Two.md", "1")
        let undone = await sandbox.ok("undo")
        #expect(undone.stdout == "Undone: took Chapters/Two.md out of “Novel” again, as it was before version 1 brought it back.\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Chapters/Two.md"))
    }

    @Test("the history line in the writer's language", arguments: [
        ("fr_FR.UTF-8", "version 1 de Chapters/One.md restaurée dans «\u{A0}Novel\u{A0}»"),
        ("de_DE.UTF-8", "Version 1 von Chapters/One.md in „Novel“ wiederhergestellt"),
        ("es_ES.UTF-8", "restaurada la versión 1 de Chapters/One.md en «Novel»"),
    ])
    func languages(language: String, sentence: String) async throws {
        let sandbox = try Sandbox()
        _ = try await Self.restored(sandbox)
        let history = await sandbox.run(["history"], environment: ["LANG": language])
        #expect(history.status == 0)
        #expect(history.stdout.contains(sentence), "\(history)")
    }
}
