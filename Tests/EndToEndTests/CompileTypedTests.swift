import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `project compile` of what writers type (issue 27), read back from each format with the real
/// tools: scene breaks, a story's title, titles from names, other encodings, plain text as typed,
/// a poem's section marks, `END`, and compile's own Markdown left out of the next compile.
@Suite("compile: the text as typed")
struct CompileTypedTests {
    let files = CompileTests()
    let formats = CompileFormatTests()

    /// A novel whose chapters break their scenes each way writers do, seven breaks in all.
    func novel(_ sandbox: Sandbox) async throws -> String {
        await sandbox.ok("add", "Tide", "-t", "novel")
        let folder = sandbox.root + "/Writing/Tide/Chapters"
        try files.write("One.\n\n***\n\nTwo.\n\n* * *\n\nThree.\n\n---\n\nFour.\n\n#\n\nFive.", at: folder + "/01 Harbour.md")
        try files.write("Six.\n#\nSeven.\n\n*\n\nEight.", at: folder + "/02_Shipping Forecast.txt")
        try files.write("Nine.\n\n# \n\nTen.", at: folder + "/3 - Low Water/a.md")
        return folder
    }

    private func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    /// A sandbox with the writer's details, so compile has nothing to say but its result.
    private func sandboxWithAuthor() throws -> Sandbox {
        let sandbox = try Sandbox()
        try files.write("Anna Lindqvist\nanna@example.com", at: sandbox.root + "/.config/project/author")
        return sandbox
    }

    /// How far from the middle of its page each `word` of the PDF is, in points, as poppler places it.
    private func offCentre(_ word: String, in pdf: String) throws -> [Double] {
        let boxes = try Tool.run("pdftotext", ["-bbox", pdf, "-"])
        let width = boxes.firstMatch(of: /<page width="([0-9.]+)"/).flatMap { Double($0.1) } ?? 0
        return boxes.matches(of: /<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)<\/word>/)
            .filter { $0.3 == word }
            .map { abs((Double($0.1)! + Double($0.2)!) / 2 - width / 2) }
    }

    @Test("scene breaks as typed (***, * * *, ---, #, a lone *) are the centred # in every format, never a rule or an empty heading")
    func sceneBreaks() async throws {
        let sandbox = try sandboxWithAuthor()
        _ = try await novel(sandbox)
        for format in ["md", "docx", "odt", "pdf", "html", "epub"] {
            let result = await sandbox.run(["compile", "tide", "--to", format])
            #expect(result.status == 0 && result.stdout.hasPrefix("Wrote Tide.\(format) ("), "\(result)")
        }
        let markdown = files.read(sandbox.root + "/Tide.md")
        #expect(count(markdown, "\n\\#\n") == 7, "\(markdown)")
        for typed in ["***", "* * *", "\n\n---\n", "\n#\n", "##", "\\*\n"] { #expect(!markdown.contains(typed), "\(typed) in the Markdown") }

        let document = try Tool.run("unzip", ["-p", sandbox.root + "/Tide.docx", "word/document.xml"])
        #expect(!document.contains("o:hr=\"t\"") && !document.contains("<w:pBdr>"), "a rule in the DOCX")
        #expect(count(document, "<w:t xml:space=\"preserve\">#</w:t>") + count(document, "<w:t>#</w:t>") == 7)
        let odt = try Tool.run("unzip", ["-p", sandbox.root + "/Tide.odt", "content.xml"])
        #expect(count(odt, ">#</text:p>") == 7 && !odt.contains("Horizontal_20_Line"), "\(odt)")

        let marks = try offCentre("#", in: sandbox.root + "/Tide.pdf")
        #expect(marks.count == 7 && marks.allSatisfy { $0 < 3 }, "not seven centred #: \(marks)")
        #expect(!(try Tool.run("pdftotext", [sandbox.root + "/Tide.pdf", "-"])).contains("•"))

        let html = files.read(sandbox.root + "/Tide.html")
        #expect(!html.contains("<hr") && count(html, ">#</p>") == 7, "\(html)")
        var chapters = ""
        for chapter in 1...3 { chapters += try Tool.run("unzip", ["-p", sandbox.root + "/Tide.epub", "EPUB/text/ch00\(chapter).xhtml"]) }
        #expect(!chapters.contains("<hr") && !chapters.contains("\"></h") && count(chapters, ">#</p>") == 7, "\(chapters)")
    }

    @Test("titles from names without their sort numbers, in the table of contents too; a chapter without a heading takes its name")
    func titlesFromNames() async throws {
        let sandbox = try sandboxWithAuthor()
        _ = try await novel(sandbox)
        await sandbox.ok("compile", "tide", "--to", "epub")
        let navigation = try Tool.run("unzip", ["-p", sandbox.root + "/Tide.epub", "EPUB/nav.xhtml"])
        formats.expectInOrder(navigation, [">Harbour<", ">Shipping Forecast<", ">Low Water<"])
        #expect(!navigation.contains("01 Harbour") && !navigation.contains("Chapter"), "\(navigation)")
    }

    @Test("a short story opening with # Title prints it once; the EPUB passes epubcheck")
    func storyTitleOnce() async throws {
        let sandbox = try sandboxWithAuthor()
        await sandbox.ok("add", "The Long Tide", "-t", "short-story")
        let folder = sandbox.root + "/Writing/The Long Tide/Draft"
        try files.write("# The Long Tide\n\nIt began.", at: folder + "/1.md")
        try files.write("It ended.", at: folder + "/2.md")
        await sandbox.ok("compile", "the long tide", "--to", "epub")
        await sandbox.ok("compile", "the long tide", "--to", "docx")
        let text = try Tool.run("pandoc", [sandbox.root + "/The Long Tide.docx", "-t", "plain", "--wrap=none"])
        #expect(count(text.uppercased(), "THE LONG TIDE") == 1, "\(text)")
        guard access("/usr/share/java/epubcheck.jar", R_OK) == 0 else { throw Tool.Missing(name: "epubcheck") }
        let check = try Tool.run("java", ["-jar", "/usr/share/java/epubcheck.jar", sandbox.root + "/The Long Tide.epub"], allowFailure: true)
        #expect(check.contains("0 fatals / 0 errors"), "\(check)")
    }

    @Test("Windows-1252 text is converted, and the note names the file; another encoding is refused with exit 1, naming it")
    func encodings() async throws {
        let sandbox = try sandboxWithAuthor()
        let folder = try await novel(sandbox)
        let latin: [UInt8] = Array("Le caf".utf8) + [0xE9] + Array(" ".utf8) + [0xE9] + Array("tait ferm".utf8) + [0xE9] + Array(".".utf8)
        try Data(latin).write(to: URL(fileURLWithPath: folder + "/04 Cafe.txt"))
        try Data([0xEF, 0xBB, 0xBF] + Array("# Dawn\n\nLight.".utf8)).write(to: URL(fileURLWithPath: folder + "/05.md"))
        let result = await sandbox.run(["compile", "tide"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Note: \(folder)/04 Cafe.txt is not UTF-8; it was read as Windows-1252 (Latin-1)."), "\(result)")
        let text = try Tool.run("pandoc", [sandbox.root + "/Tide.docx", "-t", "plain", "--wrap=none"])
        formats.expectInOrder(text, ["Cafe", "Le café était fermé.", "Dawn", "Light."])
        #expect(!text.contains("\u{FEFF}") && !text.contains("\u{FFFD}"))

        try Data([0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD]).write(to: URL(fileURLWithPath: folder + "/06 Tokyo.txt"))
        let refused = await sandbox.run(["compile", "tide", "--to", "md"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: Cannot read \(folder)/06 Tokyo.txt: its text is neither UTF-8 nor Windows-1252"), "\(refused)")
        #expect(files.outputs(sandbox) == ["Tide.docx"])
    }

    @Test("plain text prints as typed: -- stays two hyphens, quotes stay straight, in DOCX and PDF")
    func plainAsTyped() async throws {
        let sandbox = try sandboxWithAuthor()
        await sandbox.ok("add", "Dash", "-t", "short-story")
        try files.write("\"Wait,\" she said -- it's late...", at: sandbox.root + "/Writing/Dash/Draft/a.txt")
        await sandbox.ok("compile", "dash")
        await sandbox.ok("compile", "dash", "--to", "pdf")
        let docx = try Tool.run("pandoc", [sandbox.root + "/Dash.docx", "-t", "plain", "--wrap=none"])
        let pdf = try Tool.run("pdftotext", [sandbox.root + "/Dash.pdf", "-"])
        for text in [docx, pdf] { #expect(text.contains("\"Wait,\" she said -- it's late..."), "\(text)") }
    }

    @Test("a lone * between stanzas is a centred section break in PDF and DOCX, not a bullet or nothing")
    func poemSectionBreak() async throws {
        let sandbox = try sandboxWithAuthor()
        await sandbox.ok("add", "Verse", "-t", "poetry")
        try files.write("# Tide\n\nthe sea goes out\n\n*\n\nthe sea comes in", at: sandbox.root + "/Writing/Verse/Draft/tide.md")
        await sandbox.ok("compile", "verse", "--to", "pdf")
        await sandbox.ok("compile", "verse")
        let marks = try offCentre("*", in: sandbox.root + "/Verse.pdf")
        #expect(marks.count == 1 && marks.allSatisfy { $0 < 3 }, "not one centred *: \(marks)")
        #expect(!(try Tool.run("pdftotext", [sandbox.root + "/Verse.pdf", "-"])).contains("•"))
        let docx = try Tool.run("pandoc", [sandbox.root + "/Verse.docx", "-t", "plain", "--wrap=none"])
        #expect(docx.contains("the sea goes out\n\n*\n\nthe sea comes in"), "\(docx)")
    }

    @Test("a script: Written by on its title page, a .txt act taken as Fountain, lyrics without a ~, its pages counted")
    func script() async throws {
        let sandbox = try sandboxWithAuthor()
        await sandbox.ok("add", "Play", "-t", "script")
        let folder = sandbox.root + "/Writing/Play/Acts"
        try files.write("EXT. FIELD - DAY\n\nWind in the grass.\n", at: folder + "/Act 1.fountain")
        try files.write("INT. HOUSE - NIGHT\n\nANNA\n~Row, row, row your boat\n", at: folder + "/Act 2.txt")
        let environment: [String: String?] = ["PATH": try Tool.screenplainFolder() + ":/usr/bin:/bin"]
        let result = await sandbox.run(["compile", "play", "--to", "pdf", "--json"], environment: environment)
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        let json = parseJSON(result.stdoutBytes) as? [String: Any]
        #expect(json?["count"] as? Int == 2 && json?["pages"] as? Int == 1 && json?["lines"] == nil, "\(result)")
        let pdf = try Tool.run("pdftotext", [sandbox.root + "/Play.pdf", "-"])
        formats.expectInOrder(pdf, ["Play", "Written by", "Anna Lindqvist", "EXT. FIELD - DAY", "INT. HOUSE - NIGHT", "ANNA", "Row, row, row your boat"])
        #expect(!pdf.contains("~"), "\(pdf)")

        let html = await sandbox.run(["compile", "play", "--to", "html"], environment: environment)
        #expect(html.status == 0, "\(html)")
        let page = files.read(sandbox.root + "/Play.html")
        #expect(page.contains("<title>Play</title>") && !page.contains("~"), "\(page)")
        formats.expectInOrder(page, ["<section class=\"title-page\"", ">Play</p>", ">Written by</p>", ">Anna Lindqvist</p>", "</section>", "EXT. FIELD - DAY"])
    }

    @Test("a project is compiled in the language it was made in, its folders say; a blank project in the writer's")
    func language() async throws {
        let sandbox = try sandboxWithAuthor()
        _ = try await novel(sandbox)
        try files.write("Numbered.", at: sandbox.root + "/Writing/Tide/Chapters/04.md")
        let english = await sandbox.run(["compile", "tide", "--to", "md"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(english.status == 0, "\(english)")
        let text = files.read(sandbox.root + "/Tide.md")
        #expect(text.contains("lang: \"en\"") && text.contains("# Chapter 4\n") && text.hasSuffix("\nEND\n"), "\(text)")

        #expect(await sandbox.run(["add", "Marée", "-t", "novel"], environment: ["LANG": "fr_FR.UTF-8"]).status == 0)
        try files.write("Texte.", at: sandbox.root + "/Writing/Marée/Chapitres/01.md")
        await sandbox.ok("compile", "marée", "--to", "docx")
        let french = try Tool.run("pandoc", [sandbox.root + "/Marée.docx", "-t", "plain", "--wrap=none"])
        formats.expectInOrder(french, ["environ 1 mot", "par Anna Lindqvist", "Chapitre 1", "Texte.", "FIN"])

        await sandbox.ok("add", "Notes")
        try files.write("Some.", at: sandbox.root + "/Writing/Notes/1.md")
        #expect(await sandbox.run(["compile", "notes", "--to", "md"], environment: ["LANG": "es_ES.UTF-8"]).status == 0)
        #expect(files.read(sandbox.root + "/Notes.md").contains("lang: \"es-ES\"\n---\n\n# Capítulo 1\n"))
    }

    @Test("a blank project never takes in its own earlier compile: the default output in its folder, or an -o inside it")
    func earlierCompileLeftOut() async throws {
        let sandbox = try sandboxWithAuthor()
        await sandbox.ok("add", "Loose Notes")
        let folder = sandbox.root + "/Writing/Loose Notes"
        try files.write("# Ideas\n\nSome.", at: folder + "/ideas.md")
        // Compiled where the writer works, in the project's folder: the default output lands in it.
        let first = await sandbox.run(["compile", "loose notes", "--to", "md"], in: folder)
        #expect(first.stdout == "Wrote Loose Notes.md (Markdown): 1 chapter, 2 words.\n" && first.stderr == "", "\(first)")
        try FileManager.default.createDirectory(atPath: folder + "/drafts", withIntermediateDirectories: true)
        let inside = await sandbox.run(["compile", "loose notes", "--to", "md", "-o", "drafts/out.md"], in: folder)
        #expect(inside.stdout == "Wrote drafts/out.md (Markdown): 1 chapter, 2 words.\n")
        #expect(inside.stderr == "Note: \(folder)/Loose Notes.md was left out: compile wrote it, it is not one of your files.\n")
        let again = await sandbox.run(["compile", "loose notes", "--to", "md", "--force"], in: folder)
        #expect(again.stdout == first.stdout)
        #expect(again.stderr == "Note: \(folder)/drafts/out.md was left out: compile wrote it, it is not one of your files.\n")
        #expect(files.read(folder + "/Loose Notes.md") == files.read(folder + "/drafts/out.md"))
    }
}
