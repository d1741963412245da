import Foundation
import Testing
@testable import ProjectStore

/// The manuscript as the writer typed it (issue 27): the scene breaks writers type, a story's title
/// once, titles without sort numbers, text in another encoding, plain text printed as typed, a
/// poem's section marks, and compile's own Markdown never taken in again.
@Suite("Manuscript as typed")
struct ManuscriptTypedTests {
    private let folder = "/w/Book"

    private func assemble(_ kind: ProjectKind, _ files: [String: [UInt8]], from: [String] = []) throws(ManuscriptError) -> Manuscript {
        let source = MemoryManuscriptSource()
        source.addFolder(folder)
        for (path, bytes) in files { source.add(folder + "/" + path, bytes) }
        let assembly = ManuscriptAssembly(kind: kind, folder: folder, from: from) { [$0.rawValue.capitalized] }
        return try assembly.manuscript(from: source, collator: NameCollator(locale: Locale(identifier: "en")))
    }

    private func assemble(_ kind: ProjectKind, _ files: [String: String], from: [String] = []) throws(ManuscriptError) -> Manuscript {
        try assemble(kind, files.mapValues { Array($0.utf8) }, from: from)
    }

    private let markdown = ManuscriptMarkdown(
        title: "Book", author: nil, language: "en", chapterTitle: { "Chapter \($0)" }, end: "END",
        sceneBreak: { "::: {custom-style=\"Scene Break\"}\n\(ManuscriptText.escaped($0))\n:::" })

    @Test("the breaks writers type are marks; a word, a heading, a dash or emphasis is not", arguments: [
        ("#", "#"), ("***", "***"), ("* * *", "* * *"), ("---", "---"), ("*", "*"), ("  #  ", "#"), ("___", "___"), ("##", "##"),
        ("# Title", nil), ("#hashtag", nil), ("--", nil), ("-", nil), ("**bold**", nil), ("*-*", nil), ("", nil), ("~", nil),
    ] as [(String, String?)])
    func breakMarks(line: String, mark: String?) {
        #expect(ManuscriptText.breakMark(Substring(line)) == mark)
    }

    @Test("a file is cut at its breaks; in Markdown a fence keeps its lines and --- under text underlines a heading")
    func sections() {
        #expect(ManuscriptText.sections("#\nOne.\n\n* * *\n\nTwo.\n***\n", markdown: false) ==
            .init(texts: ["One.", "Two."], mark: "* * *"))
        #expect(ManuscriptText.sections("```\n#\n```\n\nHeading\n---\n\nText.", markdown: true) ==
            .init(texts: ["```\n#\n```\n\nHeading\n---\n\nText."], mark: nil))
        #expect(ManuscriptText.sections("Heading\n---\n", markdown: false).texts == ["Heading"])
    }

    @Test("every break typed, in Markdown and plain text, is the manuscript's centred # between scenes")
    func sceneBreaks() throws {
        let manuscript = try assemble(.novel, [
            "Chapters/1 Storm.md": "# Storm\n\nOne.\n\n***\n\nTwo.\n\n* * *\n\nThree.\n\n---\n\nFour.\n\n#\n\nFive.",
            "Chapters/2 Calm.txt": "Six.\n#\nSeven.\n\n*\n\nEight.",
            "Chapters/3 Night/a.md": "Nine.\n\n# \n\nTen.",
        ])
        #expect(manuscript.parts.map(\.scenes) == [["One.", "Two.", "Three.", "Four.", "Five."], ["Six.", "Seven.", "Eight."], ["Nine.", "Ten."]])
        let text = markdown.render(manuscript)
        #expect(text.components(separatedBy: "::: {custom-style=\"Scene Break\"}\n\\#\n:::").count == 8)
        for typed in ["***", "* * *", "\n\n---\n\n", "\n#\n", "##", "\\*\n"] { #expect(!text.contains(typed), "\(typed) is left in") }
    }

    @Test("a story's # Title opening its first file is not printed twice; a ## Part or a later file's heading stays")
    func storyTitle() throws {
        let story = try assemble(.shortStory, ["Draft/1.md": "# The Long Tide\n\nIt began.", "Draft/2.md": "# Later\n\nIt ended."])
        #expect(story.parts.map(\.scenes) == [["It began.", "## Later\n\nIt ended."]])
        let part = try assemble(.shortStory, ["Draft/1.md": "## Part One\n\nIt began."])
        #expect(part.parts.map(\.scenes) == [["## Part One\n\nIt began."]])
    }

    @Test("titles from names lose the sort number and what separates it; a name that is only a number has none", arguments: [
        ("04 Storm Season.md", "Storm Season"), ("02_Shipping Forecast.txt", "Shipping Forecast"), ("3 - Low Water.txt", "Low Water"),
        ("12. Tide.md", "Tide"), ("07) Sea.md", "Sea"), ("1st Light.md", "1st Light"), ("Chapter 3.md", "Chapter 3"), ("03.md", nil),
        ("2\u{2014}Fog.md", "Fog"),
    ] as [(String, String?)])
    func titleFromName(name: String, title: String?) {
        #expect(ManuscriptText.title(fromName: name, isFile: true) == title)
    }

    @Test("a folder's name has no extension to take off")
    func folderTitle() {
        #expect(ManuscriptText.title(fromName: "02 Mr. Brown", isFile: false) == "Mr. Brown")
    }

    @Test("a chapter without a heading takes its cleaned name, a folder too; only a bare number is numbered")
    func chapterTitles() throws {
        let manuscript = try assemble(.novel, [
            "Chapters/01 Storm Season.md": "Rain.", "Chapters/02_Shipping Forecast/a.md": "Wind.",
            "Chapters/03 - Low Water.txt": "Mud.", "Chapters/04.md": "Sun.", "Chapters/05 Dusk.md": "## Evening\n\nDark.",
        ])
        #expect(manuscript.parts.map(\.title) == [
            .name("Storm Season"), .name("Shipping Forecast"), .name("Low Water"), .numbered(4), .heading("Evening"),
        ])
        let poems = try assemble(.poetry, ["Ready/01 Winter.txt": "snow"])
        #expect(poems.parts.map(\.title) == [.name("Winter")])
    }

    @Test("Windows-1252 text is converted and noted; a byte order mark is dropped; another encoding is refused, naming the file")
    func encodings() throws {
        // "Le café était fermé – “déjà”." as Windows-1252: é is E9, the dash 96, the quotes 93 and 94.
        let latin: [UInt8] = Array("Le caf".utf8) + [0xE9] + Array(" ".utf8) + [0xE9] + Array("tait ferm".utf8) + [0xE9, 0x20, 0x96, 0x20, 0x93]
            + Array("d".utf8) + [0xE9] + Array("j".utf8) + [0xE0, 0x94] + Array(".".utf8)
        let converted = try assemble(.novel, ["Chapters/a.txt": latin, "Chapters/b.md": [0xEF, 0xBB, 0xBF] + Array("# Two\n\nFine.".utf8)])
        #expect(converted.parts.map(\.scenes) == [["Le café était fermé – “déjà”."], ["Fine."]])
        #expect(converted.parts.map(\.title) == [.name("a"), .heading("Two")])
        #expect(converted.notes.windows1252 == ["Chapters/a.txt"])
        #expect(converted.words == 5 + 2)
        // Shift JIS Japanese, UTF-16 and Cyrillic Windows-1251 are none of these.
        let shiftJIS: [UInt8] = [0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD]
        let utf16: [UInt8] = [0xFF, 0xFE, 0x48, 0x00, 0x69, 0x00]
        let cyrillic: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x20, 0xEC, 0xE8, 0xF0]
        for bytes in [shiftJIS, utf16, cyrillic] {
            #expect(throws: ManuscriptError.unknownEncoding(path: "/w/Book/Chapters/b.txt")) {
                try assemble(.novel, ["Chapters/a.md": Array("Fine.".utf8), "Chapters/b.txt": bytes])
            }
        }
    }

    @Test("plain text prints as typed: quotes stay straight, -- and ... are not made a dash or an ellipsis")
    func plainAsTyped() {
        #expect(ManuscriptText.plain("\"No,\" she said -- it's late... ---") ==
            "\\\"No,\\\" she said -\\- it\\'s late.\\.\\. -\\-\\-")
    }

    @Test("a lone * between stanzas is the poem's section break, in its own mark; a Markdown poem too")
    func poemSections() throws {
        let manuscript = try assemble(.poetry, [
            "Ready/a.txt": "first stanza\nends\n\n*\n\nsecond part",
            "Ready/b.md": "# Tide\n\nout\n\n* * *\n\nin",
        ])
        #expect(manuscript.parts.map(\.scenes) == [["first stanza\\\nends", "second part"], ["out", "in"]])
        #expect(manuscript.parts.map(\.breakMark) == ["*", "* * *"])
        let text = markdown.render(manuscript)
        #expect(text.contains("ends\n\n::: {custom-style=\"Scene Break\"}\n\\*\n:::\n\nsecond part"), "\(text)")
    }

    @Test("a novel ends with END, as a story does; poems and a sample chosen with --from do not")
    func novelEnd() throws {
        let novel = try assemble(.novel, ["Chapters/a.md": "Text."])
        #expect(novel.endsWithEnd && markdown.render(novel).hasSuffix("Text.\n\nEND\n"))
        #expect(try !assemble(.poetry, ["Ready/a.md": "Text."]).endsWithEnd)
        #expect(try !assemble(.novel, ["Chapters/a.md": "Text."], from: ["Chapters/a.md"]).endsWithEnd)
    }

    @Test("Markdown compile wrote is never taken in again, whatever its name, and is noted")
    func earlierCompile() throws {
        let first = try assemble(.blank, ["Notes.md": "# Ideas\n\nSome."])
        let compiled = markdown.render(first)
        let second = try assemble(.blank, ["Notes.md": "# Ideas\n\nSome.", "Loose Notes.md": compiled, "draft/out.md": compiled])
        #expect(second.parts.map(\.files) == [["Notes.md"]])
        #expect(second.notes.earlierCompiles == ["draft/out.md", "Loose Notes.md"])
        #expect(second.words == first.words)
        // The writer's own front matter is theirs.
        let own = try assemble(.blank, ["a.md": "---\ntitle: Mine\n---\nText."])
        #expect(own.parts.count == 1 && own.notes.earlierCompiles.isEmpty)
    }
}
