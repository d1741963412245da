import Foundation
import Testing

/// "Chapter N" above each chapter's title, as the author file asks, in every format compile
/// writes: the word processors' files opened in LibreOffice, the PDF read back with poppler, the
/// EPUB through epubcheck.
@Suite("compile, chapters numbered")
struct ChapterNumberTests {
    let files = CompileTests()

    /// A novel whose chapters are titled by a heading, by their number alone and by a file's name;
    /// one project kept without numbers.
    func novels(_ sandbox: Sandbox) async throws {
        try files.write("Anna Lind\n1 Quay Street\nChapter numbers: yes\nChapter numbers: Harbour = no", at: sandbox.root + "/.config/project/author")
        await sandbox.ok("add", "Tide", "-t", "novel")
        let chapters = sandbox.root + "/Writing/Tide/Chapters"
        try files.write("# Low Water\n\nThe sea went out.", at: chapters + "/01 Low Water.md")
        try files.write("Nothing moved.", at: chapters + "/02.md")
        try files.write("The storm came.", at: chapters + "/03 Storm Season.txt")
        await sandbox.ok("add", "Harbour", "-t", "novel")
        try files.write("# Lights\n\nThey went out.", at: sandbox.root + "/Writing/Harbour/Chapters/1.md")
    }

    @Test("DOCX, ODT and PDF: Chapter N centred above the title on the chapter's first page, never twice")
    func onThePage() async throws {
        let sandbox = try Sandbox()
        try await novels(sandbox)
        var printed: [String: PrintedDocument] = [:]
        for format in ["docx", "odt", "pdf"] {
            await sandbox.ok("compile", "tide", "-o", "tide.\(format)")
        }
        printed = try LibreOffice.printToPDF([sandbox.root + "/tide.docx", sandbox.root + "/tide.odt"], in: sandbox.root)
        printed["tide.pdf"] = try PrintedDocument(sandbox.root + "/tide.pdf")
        for name in ["tide.docx", "tide.odt", "tide.pdf"] {
            let tide = try #require(printed[name], "\(name) could not be loaded")
            #expect(tide.pages.count == 4, "\(name): \(tide.pages)")
            guard tide.pages.count == 4 else { continue }
            #expect(tide.pages[1] == ["Lind / TIDE / 1", "Chapter 1", "Low Water", "The sea went out."], "\(name): \(tide.pages[1])")
            #expect(tide.pages[2] == ["Lind / TIDE / 2", "Chapter 2", "Nothing moved."], "\(name): \(tide.pages[2])")
            #expect(tide.pages[3] == ["Lind / TIDE / 3", "Chapter 3", "Storm Season", "The storm came.", "END"], "\(name): \(tide.pages[3])")
            #expect(try centred(["Chapter", "1"], page: 1, of: tide), "\(name): the number is not centred")
            #expect(try centred(["Storm", "Season"], page: 3, of: tide), "\(name): the title is not centred")
        }
    }

    @Test("HTML, EPUB and Markdown: the number in the chapter's heading, the table of contents whole, the manuscript's language, a project left unnumbered")
    func inTheHeading() async throws {
        let sandbox = try Sandbox()
        try await novels(sandbox)
        await sandbox.ok("compile", "tide", "-o", "tide.html")
        let html = files.read(sandbox.root + "/tide.html")
        #expect(html.contains(">Chapter 1</span> Low Water</h1>"), "\(html)")
        #expect(html.contains(">Chapter 2</h1>") && !html.contains(">Chapter 2</span>"), "\(html)")

        await sandbox.ok("compile", "tide", "-o", "tide.epub")
        let check = try Tool.run("java", ["-jar", "/usr/share/java/epubcheck.jar", sandbox.root + "/tide.epub"], allowFailure: true)
        #expect(check.contains("No errors or warnings detected") || check.contains("0 fatals / 0 errors"), "\(check)")
        let contents = try Tool.run("unzip", ["-p", sandbox.root + "/tide.epub", "EPUB/toc.ncx"])
        #expect(contents.contains("<text>Chapter 1 Low Water</text>") && contents.contains("<text>Chapter 3 Storm Season</text>"), "\(contents)")

        await sandbox.ok("compile", "harbour", "-o", "harbour.md")
        #expect(files.read(sandbox.root + "/harbour.md").contains("\n# Lights\n"))

        // A novel whose chapters folder is German is numbered in German.
        try FileManager.default.moveItem(atPath: sandbox.root + "/Writing/Tide/Chapters", toPath: sandbox.root + "/Writing/Tide/Kapitel")
        await sandbox.ok("compile", "tide", "-o", "tide.md")
        let markdown = files.read(sandbox.root + "/tide.md")
        #expect(markdown.contains("\n# [Kapitel 1]{.chapter-number style=\"display: block\"} Low Water\n"), "\(markdown)")
        #expect(markdown.contains("\n# Kapitel 2\n") && markdown.contains("ENDE"), "\(markdown)")
    }

    /// Whether the words, in a row on the page, are centred between the page's edges as a line.
    private func centred(_ line: [String], page: Int, of document: PrintedDocument) throws -> Bool {
        let boxes = try Tool.run("pdftotext", ["-bbox", "-f", String(page + 1), "-l", String(page + 1), document.path, "-"])
        func number(_ name: String, in line: Substring) -> Double? {
            guard let start = line.range(of: name + "=\"") else { return nil }
            return Double(line[start.upperBound...].prefix { $0 != "\"" })
        }
        let lines = boxes.split(separator: "\n")
        let words = lines.filter { $0.contains("<word ") }
        guard let width = lines.lazy.compactMap({ number("width", in: $0) }).first,
              let first = words.indices.first(where: { index in
                  index + line.count <= words.count && zip(words[index...], line).allSatisfy { $0.hasSuffix(">\($1)</word>") }
              }),
              let left = number("xMin", in: words[first]), let right = number("xMax", in: words[first + line.count - 1]) else { return false }
        return abs((left + right) / 2 - width / 2) < 6
    }
}
