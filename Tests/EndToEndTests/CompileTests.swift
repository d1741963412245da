import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `project compile` through the real binary: what goes in by type, in order, the Markdown it
/// writes itself, the result line and JSON, and every refusal leaving nothing behind.
@Suite("compile")
struct CompileTests {
    func write(_ text: String, at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "<no file at \(path)>"
    }

    /// Everything in the sandbox's own folder (where output goes by default), hidden files included.
    func outputs(_ sandbox: Sandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.root)) ?? [])
            .filter { !["data", "Writing", ".local", ".config"].contains($0) }.sorted()
    }

    /// A novel whose chapters sort wrongly as text, with a folder of scenes, a note to self, front
    /// matter, and words in folders that are not the manuscript.
    func novel(_ sandbox: Sandbox) async throws -> String {
        await sandbox.ok("add", "Novel", "-t", "novel")
        let folder = sandbox.root + "/Writing/Novel"
        try write("---\nstatus: draft\n---\n# The Storm\n\nRain fell <!-- fix this -->on the roofs.", at: folder + "/Chapters/Chapter 10.md")
        try write("It began in *May*.", at: folder + "/Chapters/Chapter 2.md")
        try write("Plain text, 1. not a list\n\nSecond paragraph.", at: folder + "/Chapters/Chapter 1.txt")
        try write("Scene one.", at: folder + "/Chapters/Chapter 3/a.md")
        try write("Scene two.", at: folder + "/Chapters/Chapter 3/b.md")
        try write("secret draft", at: folder + "/Chapters/.old.md")
        try write("research notes", at: folder + "/Research/facts.md")
        try write("loose scene", at: folder + "/Scenes/loose.md")
        try write("PNG", at: folder + "/Chapters/map.png")
        return folder
    }

    @Test("md: a novel's chapters in files order, scenes between breaks, notes and other folders left out")
    func novelMarkdown() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let result = await sandbox.ok("compile", "novel", "--to", "md")
        #expect(result.stdout == "Wrote Novel.md (Markdown): 4 chapters, 23 words.\n")
        #expect(read(sandbox.root + "/Novel.md") == """
            ---
            compiled-by: "project"
            title: "Novel"
            lang: "en"
            ---

            # Chapter 1

            Plain text, 1. not a list

            Second paragraph.

            # Chapter 2

            It began in *May*.

            # Chapter 3

            Scene one.

            \\#

            Scene two.

            # The Storm

            Rain fell on the roofs.

            END

            """)
        #expect(outputs(sandbox) == ["Novel.md"])
        // The same words `files` counts for those files.
        let files = await sandbox.ok("files", "novel", "--json")
        let entries = (parseJSON(files.stdoutBytes) as? [String: Any])?["files"] as? [[String: Any]] ?? []
        let chapterWords = entries.filter { ($0["path"] as? String)?.hasPrefix("Chapters/") == true }.compactMap { $0["words"] as? Int }
        #expect(chapterWords.reduce(0, +) == 23)
    }

    @Test("an --output in a folder that does not exist is refused: the folder is the writer's to make")
    func outputFolderMissing() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let result = await sandbox.run("compile", "novel", "--output", "out/book.markdown")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: Cannot write out/book.markdown: no such file or folder. Nothing was written.\n")
        #expect(outputs(sandbox) == [])
    }

    @Test("--json gives the file, format, unit, count, words and rounded words")
    func jsonResult() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let result = await sandbox.ok("compile", "novel", "--output", "book.markdown", "--json")
        let object = parseJSON(result.stdoutBytes) as? [String: Any]
        #expect(object?["file"] as? String == "book.markdown")
        #expect(object?["format"] as? String == "md")
        #expect(object?["unit"] as? String == "chapters")
        #expect(object?["count"] as? Int == 4)
        #expect(object?["words"] as? Int == 23)
        #expect(object?["roundedWords"] as? Int == 23)
    }

    @Test("a short story: Ready over Draft, scenes between breaks, END; made in French, FIN")
    func shortStory() async throws {
        let sandbox = try Sandbox()
        #expect(await sandbox.run(["add", "Story", "-t", "short-story"], environment: ["LANG": "fr_FR.UTF-8"]).status == 0)
        let folder = sandbox.root + "/Writing/Story"
        try write("Old draft.", at: folder + "/Brouillons/draft.md")
        try write("First.", at: folder + "/Prêts/1.md")
        try write("Second.", at: folder + "/Prêts/2.md")
        let result = await sandbox.run(["compile", "story", "--to", "md"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Story.md écrit (Markdown)\u{00A0}: 2 scènes, 2 mots.\n")
        let text = read(sandbox.root + "/Story.md")
        #expect(text.hasSuffix("lang: \"fr-FR\"\n---\n\nFirst.\n\n\\#\n\nSecond.\n\nFIN\n"), "\(text)")
        #expect(!text.contains("Old draft"))
    }

    @Test("poetry: one poem a part under its heading or file name, every line break kept")
    func poetry() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Poems", "-t", "poetry")
        let folder = sandbox.root + "/Writing/Poems"
        try write("# Winter\n\nthe snow\n  falls\n\nand stays", at: folder + "/Draft/b.md")
        try write("red\nred", at: folder + "/Draft/a rose.txt")
        let result = await sandbox.ok("compile", "poems", "--to", "md")
        #expect(result.stdout == "Wrote Poems.md (Markdown): 2 poems, 8 words, 5 lines.\n")
        let json = parseJSON(await sandbox.ok("compile", "poems", "--to", "md", "--force", "--json").stdoutBytes) as? [String: Any]
        #expect(json?["lines"] as? Int == 5 && json?["pages"] == nil)
        #expect(read(sandbox.root + "/Poems.md").hasSuffix(
            "# a rose\n\nred\\\nred\n\n# Winter\n\nthe snow\\\n\u{A0}\u{A0}falls\n\nand stays\n"))
    }

    @Test("--from: folders and files inside the project, in the order given; a sample, without END")
    func from() async throws {
        let sandbox = try Sandbox()
        let folder = try await novel(sandbox)
        try write("# Extra\n\nMore.", at: folder + "/Extras/extra.md")
        await sandbox.ok("compile", "novel", "--to", "md", "--from", "Extras", "--from", folder + "/Chapters/Chapter 2.md")
        let text = read(sandbox.root + "/Novel.md")
        #expect(text.hasSuffix("---\n\n# Extra\n\nMore.\n\n# Chapter 2\n\nIt began in *May*.\n"), "\(text)")
    }

    @Test("a blank project: every text file; compiled into its own folder again, the last compile is not put in")
    func blankIntoItsFolder() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Notes")
        try write("# Ideas\n\nSome.", at: sandbox.root + "/Writing/Notes/ideas.md")
        try write("More.", at: sandbox.root + "/Writing/Notes/later/more.txt")
        let first = await sandbox.ok("compile", "notes", "--output", "Writing/Notes/Notes.md")
        #expect(first.stdout == "Wrote Writing/Notes/Notes.md (Markdown): 2 chapters, 3 words.\n")
        let written = read(sandbox.root + "/Writing/Notes/Notes.md")
        #expect(written.hasSuffix("---\n\n# more\n\nMore.\n\n# Ideas\n\nSome.\n"), "\(written)")
        let again = await sandbox.ok("compile", "notes", "--output", "Writing/Notes/Notes.md", "--force")
        #expect(again.stdout == first.stdout)
        #expect(read(sandbox.root + "/Writing/Notes/Notes.md") == written)
    }

    @Test("an existing file is refused and named; --force replaces it")
    func existing() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let path = try sandbox.file("Novel.md", "the writer's own file")
        let refused = await sandbox.run("compile", "novel", "--to", "md")
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: Novel.md exists already. Give another --output, or --force to replace it.\n")
        #expect(read(path) == "the writer's own file")
        await sandbox.ok("compile", "novel", "--to", "md", "--force")
        #expect(read(path).hasPrefix("---\ncompiled-by: \"project\"\ntitle: \"Novel\""))
        #expect(outputs(sandbox) == ["Novel.md"])
    }

    @Test("refusals: no folder, an empty manuscript naming where it looked, --from outside or missing, a file that cannot be read")
    func refusals() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Idea", "--no-folder")
        let noFolder = await sandbox.run("compile", "idea", "--to", "md")
        #expect(noFolder.status == 1 && noFolder.stderr.contains("“Idea” has no folder"), "\(noFolder)")

        await sandbox.ok("add", "Empty", "-t", "novel")
        let empty = await sandbox.run("compile", "empty", "--to", "md")
        #expect(empty.status == 1)
        #expect(empty.stderr == "Error: Nothing to compile in “Empty”: no text file in \(sandbox.root)/Writing/Empty/Chapters.\n")

        try FileManager.default.removeItem(atPath: sandbox.root + "/Writing/Empty/Chapters")
        let removed = await sandbox.run("compile", "empty", "--to", "md")
        #expect(removed.stderr == empty.stderr, "\(removed)")

        let folder = try await novel(sandbox)
        let outside = await sandbox.run("compile", "novel", "--to", "md", "--from", "../Empty")
        #expect(outside.status == 1)
        #expect(outside.stderr == "Error: --from ../Empty is outside the folder of “Novel” (\(folder)): give a folder or file inside it.\n")
        let missing = await sandbox.run("compile", "novel", "--to", "md", "--from", "Nowhere")
        #expect(missing.status == 1 && missing.stderr.contains("--from Nowhere: there is no file or folder there"), "\(missing)")

        #expect(symlink(folder + "/gone.md", folder + "/Chapters/Chapter 4.md") == 0)
        let unreadable = await sandbox.run("compile", "novel", "--to", "md")
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr.hasPrefix("Error: Cannot read \(folder)/Chapters/Chapter 4.md: "), "\(unreadable)")
        #expect(outputs(sandbox) == [])
    }

    @Test("the format from --to, else from the extension of --output; an unknown one is a usage error")
    func format() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let unknown = await sandbox.run("compile", "novel", "--output", "book.txt")
        #expect(unknown.status == 2 && unknown.stderr.contains("its extension matches no format"), "\(unknown)")
        let badTo = await sandbox.run("compile", "novel", "--to", "rtf")
        #expect(badTo.status == 2 && badTo.stderr.contains("use one of md, docx, odt, epub, html, pdf"), "\(badTo)")
        // A PDF named .docx would open nowhere: --to and the extension must agree.
        let contradiction = await sandbox.run("compile", "novel", "--to", "pdf", "-o", "book.docx")
        #expect(contradiction.status == 2, "\(contradiction)")
        #expect(contradiction.stderr.hasPrefix("Error: “book.docx” is not a valid value for --output: its extension names another format "
            + "than --to pdf: end the name in .pdf, or leave out --to."), "\(contradiction)")
        #expect(outputs(sandbox) == [])
        let agreeing = await sandbox.run("compile", "novel", "--to", "MD", "-o", "book.markdown")
        #expect(agreeing.status == 0 && agreeing.stdout.hasPrefix("Wrote book.markdown (Markdown)"), "\(agreeing)")
    }

    @Test("a missing converter: exit 3, what to install, nothing written")
    func missingConverter() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let result = await sandbox.run(["compile", "novel"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 3)
        #expect(result.stderr == "Error: DOCX needs pandoc, which is not installed (it is not on PATH). Install it with: apt install pandoc. Nothing was written.\n")
        #expect(outputs(sandbox) == [])
    }
}
