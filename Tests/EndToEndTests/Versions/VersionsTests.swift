import Foundation
import Testing

/// snapshot, versions, diff, restore and path --version through the binary, as a writer uses them.
@Suite("versions")
struct VersionsTests {
    /// A novel with two chapters; returns its folder.
    static func novel(_ sandbox: Sandbox) async throws -> String {
        await sandbox.ok("add", "Novel", "--type", "novel")
        let folder = await sandbox.ok("path", "Novel").stdout.trimmingCharacters(in: .newlines)
        try write(folder + "/Chapters/One.md", "The dog ran home.\n\nIt was late, and the sky was dark.\n")
        try write(folder + "/Chapters/Two.md", "A second chapter.\n")
        return folder
    }

    static func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under the folder's `.versions`, with its bytes: what a refusal must leave as it was.
    static func shelf(_ folder: String) -> [String: String] {
        let base = folder + "/.versions"
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
        return Dictionary(uniqueKeysWithValues: paths.map { ($0, read(base + "/" + $0) ?? "<folder>") })
    }

    static func versionsJSON(_ sandbox: Sandbox, _ arguments: String...) async -> [[String: Any]] {
        let result = await sandbox.run(["versions", "Novel"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result)")
        return (parseJSON(result.stdoutBytes) as? [String: Any])?["versions"] as? [[String: Any]] ?? []
    }

    @Test("snapshot keeps each file once and says so; an unchanged file is not kept again")
    func snapshotKeepsAndSays() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        let first = await sandbox.ok("snapshot", "Novel", "-m", "first draft")
        #expect(first.stdout == """
            Kept version 1 of Chapters/One.md (12 words): first draft
            Kept version 1 of Chapters/Two.md (3 words): first draft

            """)
        let again = await sandbox.ok("snapshot", "Novel")
        #expect(again.stdout == "2 files are unchanged since their last version: nothing kept of them.\n")
        let named = await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        #expect(named.stdout == "Chapters/One.md is unchanged since version 1: nothing kept.\n")
        try Self.write(folder + "/Chapters/One.md", "The dog walked home!\n")
        let second = await sandbox.ok("snapshot", "Novel", folder + "/Chapters/One.md", "-m", "before cutting the flashback")
        #expect(second.stdout == "Kept version 2 of Chapters/One.md (4 words): before cutting the flashback\n")
        // Kept texts are plain read-only files with the original extension, named by their content.
        let texts = try FileManager.default.contentsOfDirectory(atPath: folder + "/.versions/texts").sorted()
        #expect(texts.count == 3)
        #expect(texts.allSatisfy { $0.hasSuffix(".md") && $0.count == 64 + 3 })
        for text in texts {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: folder + "/.versions/texts/" + text)[.posixPermissions] as? Int)
            #expect(mode == 0o444)
        }
    }

    @Test("a kept text a crash cut short is not taken for the text it is named for: the next snapshot of it writes it whole")
    func textCutShortIsWrittenAgain() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/Two.md")
        let texts = folder + "/.versions/texts"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: texts).first)
        chmod(texts + "/" + name, 0o644)
        try Self.write(texts + "/" + name, "")
        try Self.write(folder + "/Chapters/Three.md", "A second chapter.\n")
        await sandbox.ok("snapshot", "Novel", "Chapters/Three.md")
        #expect(Self.read(texts + "/" + name) == "A second chapter.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: texts) == [name], "no temporary file left")
    }

    @Test("versions lists newest first with number, machine, words, note and id; --json gives each file's path")
    func versionsListsThem() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("sync", "--name", "laptop")
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md", "-m", "first")
        try Self.write(folder + "/Chapters/One.md", "Shorter now.\n")
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md", "-m", "second")
        let lines = await sandbox.ok("versions", "Novel").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(matches(lines[0], #"^File +Version +Date +Machine +Words +Id +Note$"#), "\(lines)")
        #expect(matches(lines[1], #"^Chapters/One\.md +2  .+  laptop +2  [0-9a-f]{12}  second$"#), "\(lines)")
        #expect(matches(lines[2], #"^Chapters/One\.md +1  .+  laptop +12  [0-9a-f]{12}  first$"#), "\(lines)")
        let json = await Self.versionsJSON(sandbox, "Chapters/One.md")
        #expect(json.map { $0["number"] as? Int } == [2, 1])
        #expect(json.map { $0["note"] as? String } == ["second", "first"])
        #expect(json.allSatisfy { $0["present"] as? Bool == true && $0["machineName"] as? String == "laptop" })
        let oldest = try #require(json.last?["path"] as? String)
        #expect(Self.read(oldest) == "The dog ran home.\n\nIt was late, and the sky was dark.\n")
        // path --version names the same file, for an editor; by number, by id, or the newest.
        #expect(await sandbox.ok("path", "Novel", "--version", "Chapters/One.md", "1").stdout == oldest + "\n")
        let id = try #require(json.last?["id"] as? String)
        #expect(await sandbox.ok("path", "Novel", "--version", "Chapters/One.md", id).stdout == oldest + "\n")
        #expect(await sandbox.ok("path", "Novel", "--version", "Chapters/One.md").stdout == (json.first?["path"] as? String ?? "") + "\n")
        #expect(await sandbox.ok("versions", "Novel", "Chapters/Two.md").stdout
            == "Chapters/Two.md has no versions yet. To keep one: project snapshot \"Novel\" \"Chapters/Two.md\"\n")
    }

    @Test("diff in a pipe: words and marks changed, a paragraph moved, the count of words at the end")
    func diffInAPipe() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        try Self.write(folder + "/Chapters/One.md", "The dog ran home.\n\nIt was late, and the sky was dark.\n\nA third paragraph here.\n")
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        try Self.write(folder + "/Chapters/One.md", "A third paragraph here.\n\nThe dog walked home, slowly!\n\nIt was late, and the sky was dark.\n")
        let diff = await sandbox.ok("diff", "Novel", "Chapters/One.md")
        #expect(diff.stdout == """
            Chapters/One.md: version 1 → today's text
            [moved here from later in the text]
            A third paragraph here.

            The dog [-ran-]{+walked+} home[-.-]{+, slowly!+}

            It was late, and the sky was dark.
            +2 words, −1 word
            1 paragraph moved, its words not counted.

            """)
        #expect(!diff.stdout.contains("\u{1B}["))
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        let between = await sandbox.ok("diff", "Novel", "Chapters/One.md", "2", "1")
        #expect(between.stdout.hasPrefix("Chapters/One.md: version 2 → version 1\n"))
        #expect(between.stdout.contains("The dog [-walked-]{+ran+} home[-, slowly!-]{+.+}"))
        #expect(between.stdout.contains("+1 word, −2 words\n"))
    }

    @Test("diff at a terminal is in colour, and plain with NO_COLOR")
    func diffColour() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/Two.md")
        try Self.write(folder + "/Chapters/Two.md", "A third chapter.\n")
        let coloured = try await TerminalSession(sandbox, ["diff", "Novel", "Chapters/Two.md"], stdoutOnTerminal: true).finish()
        #expect(coloured.status == 0)
        #expect(coloured.terminal.contains("A \u{1B}[31msecond\u{1B}[m\u{1B}[32mthird\u{1B}[m chapter."), "\(coloured)")
        #expect(!coloured.terminal.contains("[-"))
        let plain = try await TerminalSession(
            sandbox, ["diff", "Novel", "Chapters/Two.md"], environment: ["NO_COLOR": "1"], stdoutOnTerminal: true).finish()
        #expect(plain.terminal.contains("A [-second-]{+third+} chapter."), "\(plain)")
        #expect(!plain.terminal.contains("\u{1B}[3"))
    }

    @Test("restore keeps today's text first, then puts the version back; restoring that version takes it back")
    func restoreAndTakeBack() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        try Self.write(folder + "/Chapters/One.md", "Rewritten and never kept.\n")
        let restored = await sandbox.ok("restore", "Novel", "Chapters/One.md", "1")
        #expect(restored.stdout == """
            Restored version 1 of Chapters/One.md (12 words).
            Today's text was kept first, as version 2.

            """)
        #expect(Self.read(folder + "/Chapters/One.md") == "The dog ran home.\n\nIt was late, and the sky was dark.\n")
        let json = await Self.versionsJSON(sandbox, "Chapters/One.md")
        #expect(json.first?["note"] as? String == "before restoring version 1")
        await sandbox.ok("restore", "Novel", "Chapters/One.md", "2")
        #expect(Self.read(folder + "/Chapters/One.md") == "Rewritten and never kept.\n")
    }

    @Test("a deleted file keeps its versions, is listed as no longer there, and restore brings it back")
    func deletedFile() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "Chapters/Two.md")
        try FileManager.default.removeItem(atPath: folder + "/Chapters/Two.md")
        try FileManager.default.removeItem(atPath: folder + "/Chapters")
        #expect(await sandbox.ok("versions", "Novel").stdout.contains("Chapters/Two.md (no longer there)"))
        #expect(await Self.versionsJSON(sandbox).first?["present"] as? Bool == false)
        let back = await sandbox.ok("restore", "Novel", "Chapters/Two.md", "1")
        #expect(back.stdout == "Brought back Chapters/Two.md as version 1 (3 words).\n")
        #expect(Self.read(folder + "/Chapters/Two.md") == "A second chapter.\n")
    }

    @Test("refusals: no folder, not text, outside the project, no such file or version; exit 1, nothing changed")
    func refusals() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("add", "Loose", "--no-folder")
        try Self.write(folder + "/cover.jpg", "not text")
        await sandbox.ok("snapshot", "Novel", "Chapters/One.md")
        let before = Self.shelf(folder)
        let cases: [([String], String)] = [
            (["snapshot", "Loose"], "“Loose” has no folder"),
            (["snapshot", "Novel", "cover.jpg"], "cover.jpg is not a text file"),
            (["snapshot", "Novel", "../Other/One.md"], "../Other/One.md is not a file of the project"),
            (["snapshot", "Novel", ".versions/texts/x.md"], "is not a file of the project"),
            (["snapshot", "Novel", "Chapters/One.md", "Chapters/Missing.md"], "Chapters/Missing.md is not in the project's folder"),
            (["restore", "Novel", "Chapters/One.md", "9"], "Chapters/One.md has no version “9”: it has 1 version, number 1."),
            (["diff", "Novel", "Chapters/Two.md"], "Chapters/Two.md has no versions yet."),
            (["path", "Novel", "--version", "Chapters/One.md", "abcdefabcdef"], "has no version “abcdefabcdef”"),
            (["versions", "Loose"], "“Loose” has no folder"),
        ]
        for (arguments, message) in cases {
            let result = await sandbox.run(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
            #expect(result.stdout == "", "\(result)")
        }
        #expect(Self.shelf(folder) == before)
        #expect(Self.read(folder + "/Chapters/One.md") == "The dog ran home.\n\nIt was late, and the sky was dark.\n")
    }

    @Test("files and compile never count versions")
    func versionsLeftOutOfFilesAndCompile() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel")
        try Self.write(folder + "/Chapters/One.md", "Now different.\n")
        await sandbox.ok("snapshot", "Novel")
        let files = await sandbox.ok("files", "Novel")
        #expect(!files.stdout.contains(".versions"))
        #expect(files.stdout.contains("Total: 5 words in 2 files"), "\(files)")
        let compiled = await sandbox.ok("compile", "Novel", "--to", "md")
        #expect(compiled.stdout.contains("5 words"), "\(compiled)")
        let manuscript = Self.read(sandbox.root + "/Novel.md") ?? ""
        #expect(!manuscript.contains("The dog ran home"))
    }

    @Test("versions move with the project on rename, go to the trash with it on delete, and come back with undo")
    func renameAndDelete() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel", "-m", "kept")
        await sandbox.ok("rename", "Novel", "Saga")
        let renamed = await sandbox.ok("versions", "Saga")
        #expect(renamed.stdout.contains("Chapters/One.md"))
        let newFolder = await sandbox.ok("path", "Saga").stdout.trimmingCharacters(in: .newlines)
        #expect(FileManager.default.fileExists(atPath: newFolder + "/.versions/texts"))
        await sandbox.ok("delete", "Saga", "--yes")
        let trash = sandbox.root + "/Writing/.trash"
        let trashed = (try? FileManager.default.subpathsOfDirectory(atPath: trash)) ?? []
        #expect(trashed.contains { $0.hasSuffix(".versions/texts") }, "\(trashed)")
        await sandbox.ok("undo")
        let back = await sandbox.ok("versions", "Saga", "--json")
        #expect(((parseJSON(back.stdoutBytes) as? [String: Any])?["versions"] as? [Any])?.count == 2)
    }

    @Test("open keeps a version of what the session changed when PROJECT_VERSION_ON_OPEN=1, and nothing otherwise")
    func versionOnOpen() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.novel(sandbox)
        await sandbox.ok("snapshot", "Novel")
        let editor = try sandbox.file("editor.sh", "#!/bin/sh\necho 'One more line.' >> \"$1/Chapters/One.md\"\n")
        chmod(editor, 0o755)
        let off = await sandbox.run(["open", "Novel"], environment: ["EDITOR": editor])
        #expect(off.status == 0, "\(off)")
        // The session's own line (docs/progress.md), and no version.
        #expect(off.stdout == "This session: 3 words added, 0 words removed (18 words now).\n", "\(off)")
        #expect(await Self.versionsJSON(sandbox).count == 2)
        let on = await sandbox.run(["open", "Novel"], environment: ["EDITOR": editor, "PROJECT_VERSION_ON_OPEN": "1"])
        #expect(on.status == 0, "\(on)")
        #expect(on.stdout == "This session: 3 words added, 0 words removed (21 words now).\nKept version 2 of Chapters/One.md (18 words): end of an open session\n", "\(on)")
        #expect(Self.read(folder + "/Chapters/One.md")?.hasSuffix("One more line.\nOne more line.\n") == true)
    }

    @Test("in the writer's language", arguments: [
        ("fr_FR.UTF-8", "Version 1 de Chapters/Two.md gardée (3 mots)."),
        ("de_DE.UTF-8", "Version 1 von Chapters/Two.md aufbewahrt (3 Wörter)."),
        ("es_ES.UTF-8", "Guardada la versión 1 de Chapters/Two.md (3 palabras)."),
    ])
    func languages(language: String, sentence: String) async throws {
        let sandbox = try Sandbox()
        _ = try await Self.novel(sandbox)
        let kept = await sandbox.run(["snapshot", "Novel", "Chapters/Two.md"], environment: ["LANG": language])
        #expect(kept.status == 0)
        #expect(kept.stdout == sentence + "\n", "\(kept)")
        let refused = await sandbox.run(["restore", "Novel", "Chapters/Two.md", "4"], environment: ["LANG": language])
        #expect(refused.status == 1)
        #expect(!refused.stderr.contains("has no version"), "\(refused)")
    }
}
