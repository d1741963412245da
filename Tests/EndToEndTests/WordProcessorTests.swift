import Foundation
import Testing

/// Every kind compiled as a writer sends it, then opened as an editor would: each DOCX and ODT in
/// LibreOffice (one `soffice` run prints them all to PDF, since it is slow to start), the PDFs read
/// back with poppler page by page, the EPUBs through epubcheck. `Tests/install-test-tools.sh`
/// installs LibreOffice, poppler and epubcheck; a missing one fails the test, saying which.
@Suite("compile, opened in a word processor")
struct WordProcessorTests {
    let files = CompileTests()

    /// A novel of three chapters, the last a folder of two scenes; a short story long enough for a
    /// second page; a poetry collection; the writer's details with a name that has a particle.
    func projects(_ sandbox: Sandbox) async throws {
        try files.write("Anna van der Berg\n12 Harbour Road, Bristol\nanna@example.com", at: sandbox.root + "/.config/project/author")
        let page = (0..<30).map { "Paragraph \($0) " + String(repeating: "word ", count: 60) }.joined(separator: "\n\n")
        await sandbox.ok("add", "The Girl Who Sailed", "-t", "novel")
        let novel = sandbox.root + "/Writing/The Girl Who Sailed/Chapters"
        try files.write("# Low Water\n\n" + page, at: novel + "/Chapter 1.md")
        try files.write("# High Tide\n\nThe tide came in.", at: novel + "/Chapter 2.md")
        try files.write("The first scene.", at: novel + "/Storm/1.md")
        // A break as writers type it, inside a file, besides the one compile puts between the files.
        try files.write("The second scene.\n\n* * *\n\nThe third scene.", at: novel + "/Storm/2.md")
        await sandbox.ok("add", "Harbour Lights", "-t", "short-story")
        try files.write(page + "\n\nThe lights went out.", at: sandbox.root + "/Writing/Harbour Lights/Draft/story.md")
        await sandbox.ok("add", "Tides", "-t", "poetry")
        try files.write("# Ebb\n\nthe sea\nleaves\n\nand comes back", at: sandbox.root + "/Writing/Tides/Ready/ebb.md")
        try files.write("# Flood\n\nall at once", at: sandbox.root + "/Writing/Tides/Ready/flood.md")
    }

    @Test("DOCX and ODT load in LibreOffice: the header from the text's first page, numbered from 1 after a title page, the titles, centred scene breaks and END, the properties")
    func openedInLibreOffice() async throws {
        let sandbox = try Sandbox()
        try await projects(sandbox)
        var documents: [String] = []
        for (project, name) in [("the girl who sailed", "novel"), ("harbour lights", "story"), ("tides", "poems")] {
            for format in ["docx", "odt"] {
                let result = await sandbox.run(["compile", project, "-o", "\(name).\(format)"], environment: ["LANG": "en_GB.UTF-8"])
                #expect(result.status == 0, "\(result)")
                documents.append(sandbox.root + "/\(name).\(format)")
            }
        }
        let printed = try LibreOffice.printToPDF(documents, in: sandbox.root)

        for format in ["docx", "odt"] {
            let novel = try #require(printed["novel.\(format)"], "LibreOffice could not load novel.\(format)")
            #expect(novel.pages[0].first == "Anna van der Berg about 2,000 words", "\(format): \(novel.pages[0])")
            #expect(!novel.pages[0].contains { $0.contains("Berg /") }, "\(format): a header on the title page")
            #expect(novel.pages[1].prefix(2) == ["van der Berg / THE GIRL WHO SAILED / 1", "Low Water"], "\(format): \(novel.pages[1])")
            let storm = try #require(novel.pages.firstIndex { $0.contains("Storm") }, "\(format): no Storm chapter")
            #expect(novel.pages[storm] == ["van der Berg / THE GIRL WHO SAILED / \(storm)", "Storm", "The first scene.", "#", "The second scene.", "#", "The third scene.", "END"])
            #expect(try novel.isCentred("#", page: storm), "\(format): the scene break is not centred")
            #expect(try novel.isCentred("END", page: storm), "\(format): END is not centred")
            #expect(novel.info.contains("Title:           The Girl Who Sailed\n") && novel.info.contains("Author:          Anna van der Berg\n"),
                    "\(format): \(novel.info)")

            let story = try #require(printed["story.\(format)"], "LibreOffice could not load story.\(format)")
            #expect(story.pages[0].first == "Anna van der Berg about 1,900 words", "\(format): \(story.pages[0])")
            #expect(story.pages[0].contains("HARBOUR LIGHTS") && story.pages[0].contains { $0.hasPrefix("Paragraph 0 word") })
            #expect(story.pages[1].first == "van der Berg / HARBOUR LIGHTS / 2", "\(format): \(story.pages[1])")
            let last = story.pages.count - 1
            #expect(story.pages[last].suffix(2) == ["The lights went out.", "END"], "\(format): \(story.pages[last])")
            #expect(try story.isCentred("END", page: last), "\(format): END is not centred")

            let poems = try #require(printed["poems.\(format)"], "LibreOffice could not load poems.\(format)")
            #expect(poems.pages.count == 3, "\(format): \(poems.pages)")
            #expect(poems.pages[1] == ["van der Berg / TIDES / 1", "Ebb", "the sea", "leaves", "and comes back"], "\(format): \(poems.pages)")
            #expect(poems.pages[2] == ["van der Berg / TIDES / 2", "Flood", "all at once"], "\(format): \(poems.pages)")
        }
    }

    @Test("PDF: the DOCX's page, as many lines as LibreOffice sets; the title page unnumbered; centred scene breaks and END; the properties")
    func pdfMatchesTheDocument() async throws {
        let sandbox = try Sandbox()
        try await projects(sandbox)
        await sandbox.ok("compile", "the girl who sailed", "-o", "novel.pdf")
        await sandbox.ok("compile", "the girl who sailed", "-o", "novel.docx")
        let docx = try #require(try LibreOffice.printToPDF([sandbox.root + "/novel.docx"], in: sandbox.root)["novel.docx"])
        let pdf = try PrintedDocument(sandbox.root + "/novel.pdf")
        #expect(pdf.pages[1].prefix(2) == ["van der Berg / THE GIRL WHO SAILED / 1", "Low Water"], "\(pdf.pages[1])")
        // A full page of text, header aside: standard manuscript format has about 23 lines.
        let lines = pdf.pages[2].count - 1, documentLines = docx.pages[2].count - 1
        #expect(abs(lines - documentLines) <= 1 && (22...26).contains(lines), "PDF \(lines) lines a page, DOCX \(documentLines)")
        #expect(pdf.pages.count == docx.pages.count, "PDF \(pdf.pages.count) pages, DOCX \(docx.pages.count)")
        #expect(pdf.info.contains("Title:           The Girl Who Sailed\n") && pdf.info.contains("Author:          Anna van der Berg\n"), "\(pdf.info)")
        let storm = try #require(pdf.pages.firstIndex { $0.contains("Storm") }, "no Storm chapter")
        #expect(pdf.pages[storm] == ["van der Berg / THE GIRL WHO SAILED / \(storm)", "Storm", "The first scene.", "#", "The second scene.", "#", "The third scene.", "END"])
        #expect(try pdf.isCentred("#", page: storm), "the scene break is not centred")
        #expect(try pdf.isCentred("END", page: storm), "END is not centred")

        await sandbox.ok("compile", "harbour lights", "-o", "story.pdf")
        let story = try PrintedDocument(sandbox.root + "/story.pdf")
        #expect(story.pages[0].first == "Anna van der Berg about 1,900 words", "\(story.pages[0])")
        #expect(story.pages[1].first == "van der Berg / HARBOUR LIGHTS / 2", "\(story.pages[1])")
        let last = story.pages.count - 1
        #expect(story.pages[last].suffix(2) == ["The lights went out.", "END"], "\(story.pages[last])")
        #expect(try story.isCentred("END", page: last), "END is not centred")
    }

    @Test("EPUB: epubcheck finds no error for a novel, a short story or a poetry collection")
    func epubcheck() async throws {
        let sandbox = try Sandbox()
        try await projects(sandbox)
        for project in ["the girl who sailed", "harbour lights", "tides"] {
            let result = await sandbox.run(["compile", project, "--to", "epub", "-o", "book.epub", "--force"])
            #expect(result.status == 0, "\(result)")
            let check = try Tool.run("java", ["-jar", "/usr/share/java/epubcheck.jar", sandbox.root + "/book.epub"], allowFailure: true)
            #expect(check.contains("No errors or warnings detected") || check.contains("0 fatals / 0 errors"), "\(project): \(check)")
        }
    }
}

/// LibreOffice, run as an editor opens a file: headless, with a profile of its own for the run.
enum LibreOffice {
    /// Prints every document to PDF in one run (it takes seconds to start) and reads each back; a
    /// document it could not load has no entry (it says so on its output and still exits 0).
    static func printToPDF(_ documents: [String], in folder: String) throws -> [String: PrintedDocument] {
        let output = folder + "/printed"
        _ = try Tool.run("soffice", ["-env:UserInstallation=file://\(folder)/libreoffice-profile", "--headless",
                                     "--convert-to", "pdf", "--outdir", output] + documents)
        var printed: [String: PrintedDocument] = [:]
        for document in documents {
            let name = (document as NSString).lastPathComponent
            let pdf = output + "/" + (name as NSString).deletingPathExtension + ".pdf"
            if FileManager.default.fileExists(atPath: pdf) { printed[name] = try PrintedDocument(pdf) }
        }
        return printed
    }
}

/// A PDF as poppler reads it: each page's lines, blank ones dropped, and its properties.
struct PrintedDocument {
    /// Each page's lines, trimmed.
    let pages: [[String]]
    let info: String
    let path: String

    init(_ path: String) throws {
        self.path = path
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        var pages = text.components(separatedBy: "\u{0C}").map { page in
            page.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        if pages.last?.isEmpty == true { pages.removeLast() }
        self.pages = pages.map { $0.map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #"\s{2,}"#, with: " ", options: .regularExpression) } }
        info = try Tool.run("pdfinfo", [path])
    }

    /// Whether `text` is a word of the page (0-based), and every such word's middle is the page's, to a few points.
    func isCentred(_ text: String, page: Int) throws -> Bool {
        let boxes = try Tool.run("pdftotext", ["-bbox", "-f", String(page + 1), "-l", String(page + 1), path, "-"])
        func number(_ name: String, in line: Substring) -> Double? {
            guard let start = line.range(of: name + "=\"") else { return nil }
            return Double(line[start.upperBound...].prefix { $0 != "\"" })
        }
        let lines = boxes.split(separator: "\n")
        let words = lines.filter { $0.hasSuffix(">\(text)</word>") }
        guard let width = lines.lazy.compactMap({ number("width", in: $0) }).first, !words.isEmpty else { return false }
        return words.allSatisfy { word in
            guard let left = number("xMin", in: word), let right = number("xMax", in: word) else { return false }
            return abs((left + right) / 2 - width / 2) < 6
        }
    }
}
