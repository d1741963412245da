import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `project compile` to the formats pandoc makes, read back with the real tools: what is in them,
/// in order, and the standard manuscript's page. Each tool the tests need is installed by
/// `Tests/install-test-tools.sh`; a missing one fails the test, saying which.
@Suite("compile with the real converters")
struct CompileFormatTests {
    let files = CompileTests()

    /// The novel of `CompileTests`, and the writer's details.
    func novel(_ sandbox: Sandbox) async throws -> String {
        let folder = try await files.novel(sandbox)
        try files.write("Anna Lindqvist\n12 Harbour Road, Bristol\nanna@example.com", at: sandbox.root + "/.config/project/author")
        return folder
    }

    @Test("DOCX: every chapter in order and nothing left out; double spacing, 12 points, 1-inch margins, the header, the first page")
    func docx() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let result = await sandbox.run(["compile", "novel"], environment: ["LC_PAPER": "en_US.UTF-8"])
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        #expect(result.stdout == "Wrote Novel.docx (DOCX): 4 chapters, 23 words.\n")
        let path = sandbox.root + "/Novel.docx"
        let text = try Tool.run("pandoc", [path, "-t", "plain", "--wrap=none"])
        expectInOrder(text, ["Anna Lindqvist about 23 words", "12 Harbour Road, Bristol", "anna@example.com", "NOVEL",
                             "by Anna Lindqvist", "Chapter 1", "Plain text", "Second paragraph.", "Chapter 2", "It began in May.",
                             "Chapter 3", "Scene one.", "#", "Scene two.", "The Storm", "Rain fell on the roofs."])
        for absent in ["fix this", "status: draft", "research notes", "loose scene", "secret draft"] {
            #expect(!text.contains(absent), "\(absent) is in the DOCX")
        }
        let styles = try Tool.run("unzip", ["-p", path, "word/styles.xml"])
        #expect(styles.contains("<w:spacing w:after=\"0\" w:before=\"0\" w:line=\"480\" w:lineRule=\"auto\" />"), "no double spacing: \(styles.prefix(800))")
        #expect(styles.contains("<w:sz w:val=\"24\" />"), "not 12 points")
        #expect(styles.contains("<w:ind w:firstLine=\"720\" />"), "no half-inch indent")
        #expect(styles.contains("<w:pageBreakBefore />"), "chapters do not start a page")
        let document = try Tool.run("unzip", ["-p", path, "word/document.xml"])
        #expect(document.contains("<w:pgSz w:h=\"15840\" w:w=\"12240\" />"), "not Letter for en_US")
        #expect(document.contains("<w:pgMar w:bottom=\"1440\" w:footer=\"720\" w:gutter=\"0\" w:header=\"720\" w:left=\"1440\" w:right=\"1440\" w:top=\"1440\" />"))
        #expect(document.contains("<w:headerReference"))
        let header = try Tool.run("unzip", ["-p", path, "word/header1.xml"])
        #expect(header.contains(">Lindqvist / NOVEL / </w:t>") && header.contains(" PAGE "), "\(header)")
        #expect(files.outputs(sandbox) == ["Novel.docx"])
    }

    @Test("DOCX: A4 outside the United States; poetry single-spaced with its line breaks; END after a short story")
    func docxKinds() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Poems", "-t", "poetry")
        try files.write("# Winter\n\nthe snow\nfalls\n\nand stays", at: sandbox.root + "/Writing/Poems/Ready/winter.md")
        let poems = await sandbox.run(["compile", "poems"], environment: ["LC_PAPER": "fr_FR.UTF-8"])
        #expect(poems.status == 0, "\(poems)")
        let path = sandbox.root + "/Poems.docx"
        #expect(try Tool.run("unzip", ["-p", path, "word/document.xml"]).contains("<w:pgSz w:h=\"16838\" w:w=\"11906\" />"))
        #expect(try Tool.run("unzip", ["-p", path, "word/styles.xml"]).contains("w:line=\"240\" w:lineRule=\"auto\" />"))
        let text = try Tool.run("pandoc", [path, "-t", "plain", "--wrap=none"])
        #expect(text.contains("Winter\n\nthe snow\nfalls\n\nand stays"), "\(text)")

        #expect(await sandbox.run(["add", "Story", "-t", "short-story"], environment: ["LANG": "de_DE.UTF-8"]).status == 0)
        try files.write("It ended.", at: sandbox.root + "/Writing/Story/Entwürfe/story.md")
        let story = await sandbox.run(["compile", "story", "--to", "odt"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(story.status == 0, "\(story)")
        let odt = try Tool.run("pandoc", [sandbox.root + "/Story.odt", "-t", "plain", "--wrap=none"])
        #expect(odt.hasSuffix("It ended.\n\nENDE\n"), "\(odt)")
    }

    @Test("ODT: a standard manuscript too: double spacing, 12 points, margins, the header")
    func odt() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let result = await sandbox.run(["compile", "novel", "--to", "odt", "--paper", "letter"], environment: ["LC_PAPER": "de_DE.UTF-8"])
        #expect(result.status == 0, "\(result)")
        let path = sandbox.root + "/Novel.odt"
        let styles = try Tool.run("unzip", ["-p", path, "styles.xml"])
        for part in ["fo:line-height=\"200%\"", "fo:font-size=\"12pt\"", "fo:text-indent=\"0.5in\"", "fo:break-before=\"page\"",
                     "fo:margin-left=\"1in\" fo:margin-right=\"1in\"", "fo:page-height=\"11.0000in\" fo:page-width=\"8.5000in\"",
                     "Lindqvist / NOVEL / ", "<text:page-number"] {
            #expect(styles.contains(part), "\(part) is not in styles.xml")
        }
        let text = try Tool.run("pandoc", [path, "-t", "plain", "--wrap=none"])
        expectInOrder(text, ["Anna Lindqvist about 23 words", "NOVEL", "Chapter 1", "Chapter 2", "Chapter 3", "Scene one.", "#", "The Storm"])
    }

    @Test("EPUB: title, author, language, a table of contents, the cover; epubcheck finds no error")
    func epub() async throws {
        let sandbox = try Sandbox()
        let folder = try await novel(sandbox)
        // The smallest PNG: one transparent pixel.
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
            0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D,
            0x0A, 0x2D, 0xB4, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        try Data(png).write(to: URL(fileURLWithPath: folder + "/cover.png"))
        let result = await sandbox.run(["compile", "novel", "--to", "epub"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(result.status == 0, "\(result)")
        let path = sandbox.root + "/Novel.epub"
        let opf = try Tool.run("unzip", ["-p", path, "EPUB/content.opf"])
        #expect(opf.contains("<dc:title id=\"epub-title-1\">Novel</dc:title>"), "\(opf)")
        #expect(opf.contains(">Anna Lindqvist</dc:creator>"))
        // Made in English, it is in English whatever the locale compiling it.
        #expect(opf.contains("<dc:language>en</dc:language>"))
        #expect(opf.contains("cover-image"))
        let navigation = try Tool.run("unzip", ["-p", path, "EPUB/nav.xhtml"])
        expectInOrder(navigation, ["Chapter 1", "Chapter 2", "Chapter 3", "The Storm"])
        // Debian's /usr/bin/epubcheck is the jar itself, run through binfmt_misc where that is set up.
        guard access("/usr/share/java/epubcheck.jar", R_OK) == 0 else { throw Tool.Missing(name: "epubcheck") }
        let check = try Tool.run("java", ["-jar", "/usr/share/java/epubcheck.jar", path], allowFailure: true)
        #expect(check.contains("No errors or warnings detected") || check.contains("0 fatals / 0 errors"), "\(check)")
    }

    @Test("HTML: one self-contained file with every chapter")
    func html() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        await sandbox.ok("compile", "novel", "--output", "book.html")
        let html = files.read(sandbox.root + "/book.html")
        expectInOrder(html, ["<title>Novel</title>", "Chapter 1", "Chapter 2", "Chapter 3", "The Storm"])
        #expect(!html.contains("<link rel=\"stylesheet\"") && !html.contains("src=\"http"))
    }

    @Test("PDF: the paper LC_PAPER asks for, or --paper; chapters on new pages under the header; the first page without it")
    func pdf() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let letter = await sandbox.run(["compile", "novel", "--to", "pdf"], environment: ["LANG": "en_US.UTF-8"])
        #expect(letter.status == 0 && letter.stdout == "Wrote Novel.pdf (PDF): 4 chapters, 23 words.\n" && letter.stderr == "", "\(letter)")
        let path = sandbox.root + "/Novel.pdf"
        #expect(try Tool.run("pdfinfo", [path]).contains("Page size:       612 x 792 pts (letter)"))
        let pages = try Tool.run("pdftotext", [path, "-"]).components(separatedBy: "\u{0C}").map {
            $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        #expect(pages.count == 6, "\(pages)")  // the first page, four chapters, the empty end after the last form feed
        guard pages.count == 6 else { return }
        // The word count floats right of the name: read in the order of the page's text, it comes after the contact block.
        #expect(pages[0] == ["Anna Lindqvist", "12 Harbour Road, Bristol", "anna@example.com", "about 23 words", "NOVEL", "by Anna Lindqvist"])
        // The title page stands alone, unnumbered: the text's first page is page 1.
        #expect(pages[1].prefix(2) == ["Lindqvist / NOVEL / 1", "Chapter 1"])
        #expect(pages[2].prefix(3) == ["Lindqvist / NOVEL / 2", "Chapter 2", "It began in May."])
        #expect(pages[3] == ["Lindqvist / NOVEL / 3", "Chapter 3", "Scene one.", "#", "Scene two."])
        #expect(pages[4] == ["Lindqvist / NOVEL / 4", "The Storm", "Rain fell on the roofs.", "END"])
        let firstLine = try Tool.run("pdftotext", ["-layout", "-l", "1", path, "-"]).split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("Anna Lindqvist") && firstLine.hasSuffix("about 23 words"), "\(firstLine)")
        let info = try Tool.run("pdfinfo", [path])
        #expect(info.contains("Title:           Novel\n") && info.contains("Author:          Anna Lindqvist\n"), "\(info)")

        let a4 = await sandbox.run(["compile", "novel", "--to", "pdf", "--force"], environment: ["LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"])
        #expect(a4.status == 0, "\(a4)")
        #expect(try Tool.run("pdfinfo", [path]).contains("(A4)"))
        await sandbox.ok("compile", "novel", "--to", "pdf", "--force", "--paper", "letter")
        #expect(try Tool.run("pdfinfo", [path]).contains("(letter)"))
        #expect(files.outputs(sandbox) == ["Novel.pdf"])
    }

    @Test("PDF of an accented title under a locale the system does not have, or the C locale: the converters run in UTF-8")
    func pdfUnderAMissingLocale() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Café Noël", "-t", "short-story")
        try files.write("Il était une fois.", at: sandbox.root + "/Writing/Café Noël/Draft/story.md")
        for locale in [["LANG": "xx_XX.UTF-8"], ["LC_ALL": "C"]] {
            let result = await sandbox.run(["compile", "café noël", "--to", "pdf", "--force"], environment: locale)
            #expect(result.status == 0, "\(locale): \(result)")
            #expect(try Tool.run("pdftotext", [sandbox.root + "/Café Noël.pdf", "-"]).contains("CAFÉ NOËL"), "\(locale)")
        }
    }

    @Test("PDF where neither Times New Roman nor Liberation Serif is installed: made all the same, and said, with the package to install")
    func pdfWithoutTheManuscriptFont() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        // A fontconfig that knows only DejaVu, as a system without the Liberation fonts has.
        let configuration = sandbox.root + "/fonts.conf"
        try files.write("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(sandbox.root)/font-cache</cachedir></fontconfig>
            """, at: configuration)
        // fontconfig builds its cache anew in the sandbox first: under the full parallel run this
        // took WeasyPrint past the usual 15 s once.
        let result = await sandbox.run(["compile", "novel", "--to", "pdf"], environment: ["FONTCONFIG_FILE": configuration], timeout: 60)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Note: neither Times New Roman nor Liberation Serif, its twin of the same widths, is installed, so the PDF is set "
            + "in another font and its pages will not match a manuscript's. Install it with: apt install fonts-liberation.\n", "\(result)")
        #expect(try Tool.run("pdffonts", [sandbox.root + "/Novel.pdf"]).contains("DejaVu"))
    }

    @Test("PDF without WeasyPrint: exit 3, what to install, nothing written")
    func pdfWithoutWeasyPrint() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let bin = sandbox.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        #expect(symlink("/usr/bin/pandoc", bin + "/pandoc") == 0)
        let result = await sandbox.run(["compile", "novel", "--to", "pdf"], environment: ["PATH": bin])
        #expect(result.status == 3)
        #expect(result.stderr == "Error: PDF needs weasyprint, which is not installed (it is not on PATH). Install it with: apt install weasyprint. Nothing was written.\n")
        #expect(files.outputs(sandbox) == ["bin"])
    }

    @Test("a script: its acts through screenplain, scene headings at the margin, names and dialogue indented; other formats refused")
    func script() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Play", "-t", "script")
        let folder = sandbox.root + "/Writing/Play"
        try files.write("INT. HOUSE - NIGHT\n\nAnna enters.\n\nANNA\nHello there.\n", at: folder + "/Acts/Act 2.fountain")
        try files.write("EXT. FIELD - DAY\n\nWind in the grass.\n", at: folder + "/Acts/Act 1.fountain")
        try files.write("NOTES ONLY", at: folder + "/Acts/notes.md")
        try files.write("EXT. NOWHERE - DAY", at: folder + "/Research/cut.fountain")
        let environment: [String: String?] = ["PATH": try Tool.screenplainFolder() + ":/usr/bin:/bin"]

        let pdf = await sandbox.run(["compile", "play", "--to", "pdf"], environment: environment)
        #expect(pdf.status == 0 && pdf.stdout == "Wrote Play.pdf (PDF): 2 acts, 15 words, 1 page (about 1 minute on screen).\n", "\(pdf)")
        let lines = try Tool.run("pdftotext", ["-layout", sandbox.root + "/Play.pdf", "-"]).split(separator: "\n").map(String.init)
        func indent(_ text: String) -> Int? { lines.first { $0.trimmingCharacters(in: .whitespaces) == text }.map { $0.prefix { $0 == " " }.count } }
        expectInOrder(lines.joined(separator: "\n"), ["Play", "EXT. FIELD - DAY", "Wind in the grass.", "INT. HOUSE - NIGHT", "ANNA", "Hello there."])
        #expect(!lines.joined().contains("NOTES ONLY") && !lines.joined().contains("NOWHERE"))
        let heading = try #require(indent("INT. HOUSE - NIGHT")), name = try #require(indent("ANNA")), dialogue = try #require(indent("Hello there."))
        #expect(heading < dialogue && dialogue < name, "scene heading \(heading), dialogue \(dialogue), character \(name)")

        let html = await sandbox.run(["compile", "play", "--to", "html"], environment: environment)
        #expect(html.status == 0, "\(html)")
        let page = files.read(sandbox.root + "/Play.html")
        #expect(page.contains("<h6>INT. HOUSE - NIGHT</h6>") && page.contains("<p class=\"character\">ANNA</p>"), "\(page)")

        let docx = await sandbox.run(["compile", "play"], environment: environment)
        #expect(docx.status == 1)
        #expect(docx.stderr == "Error: A script compiles to pdf or html, in screenplay format, not to docx. Nothing was written.\n")
        // A PATH without screenplain, wherever it is installed: a folder of nothing.
        let empty = sandbox.root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let missing = await sandbox.run(["compile", "play", "--to", "pdf", "--force"], environment: ["PATH": empty])
        #expect(missing.status == 3)
        #expect(missing.stderr == "Error: PDF needs screenplain, which is not installed (it is not on PATH). Install it with: pipx install screenplain. Nothing was written.\n")
        #expect(files.outputs(sandbox) == ["Play.html", "Play.pdf", "empty"])
    }

    @Test("without the author settings file: compiled all the same, no contact block, said once; --author names the writer")
    func withoutAuthorFile() async throws {
        let sandbox = try Sandbox()
        _ = try await files.novel(sandbox)
        let result = await sandbox.run("compile", "novel", "--author", "Jo March")
        #expect(result.status == 0)
        #expect(result.stderr == "Note: no name or contact lines in \(sandbox.root)/.config/project/author, so the first page has no contact block. "
            + "Write your name on its first line, then your address, e-mail and phone, one a line.\n")
        let path = sandbox.root + "/Novel.docx"
        let text = try Tool.run("pandoc", [path, "-t", "plain", "--wrap=none"])
        #expect(text.hasPrefix("Jo March about 23 words\n\nNOVEL\n\nby Jo March\n"), "\(text)")
        #expect(try Tool.run("unzip", ["-p", path, "word/header1.xml"]).contains(">March / NOVEL / </w:t>"))
        // Markdown has no first page: nothing to say.
        let markdown = await sandbox.run(["compile", "novel", "--to", "md"], environment: ["XDG_CONFIG_HOME": sandbox.root + "/elsewhere"])
        #expect(markdown.status == 0 && markdown.stderr == "", "\(markdown)")
    }

    @Test("on a terminal, compile says what it runs while it runs")
    func progress() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let session = try TerminalSession(sandbox, ["compile", "novel", "--to", "html"], stdoutOnTerminal: true)
        #expect(await session.waitFor("Making HTML with pandoc…"))
        let result = await session.finish()
        #expect(result.status == 0)
        #expect(result.terminal.contains("Wrote Novel.html (HTML): 4 chapters, 23 words."))
    }

    @Test("a converter that fails: its message shown, nothing left behind")
    func converterFails() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        // A pandoc that fails the way a real one does: a message, then a status.
        let bin = sandbox.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try writeClosedOnExec(Array("#!/bin/sh\necho 'pandoc: out of memory' >&2\nexit 7\n".utf8), to: bin + "/pandoc")
        chmod(bin + "/pandoc", 0o755)
        let result = await sandbox.run(["compile", "novel"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stderr == "pandoc: out of memory\nError: pandoc failed (status 7); its message is above. Nothing was written.\n")
        #expect(files.outputs(sandbox) == ["bin"])
    }

    func expectInOrder(_ text: String, _ parts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        var rest = text[...]
        for part in parts {
            guard let found = rest.range(of: part) else {
                Issue.record("“\(part)” missing or out of order in:\n\(text)", sourceLocation: sourceLocation)
                return
            }
            rest = rest[found.upperBound...]
        }
    }
}

/// The real tools the tests read documents back with.
enum Tool {
    /// The folder pip put screenplain's command in (pyenv's shims need an environment the sandbox
    /// does not give, so the real script is used), asked of the test runner's python3.
    static func screenplainFolder() throws -> String {
        let folder = try run("python3", ["-c", "import sysconfig; print(sysconfig.get_path('scripts'))"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for candidate in [folder, "/usr/local/bin", "/usr/bin"] where access(candidate + "/screenplain", X_OK) == 0 {
            return candidate
        }
        throw Missing(name: "screenplain")
    }

    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is not installed: run Tests/install-test-tools.sh" }
    }

    /// Runs `name` (found on the test runner's PATH, else in the system's folders), returning its standard output; a failure
    /// throws with its standard error unless `allowFailure` (epubcheck exits 1 on any error found).
    static func run(_ name: String, _ arguments: [String], allowFailure: Bool = false) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        guard let path = folders.map({ $0 + "/" + name }).first(where: { access($0, X_OK) == 0 }) else {
            throw Missing(name: name)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if process.terminationStatus != 0 && !allowFailure {
            throw Missing(name: "\(name) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
