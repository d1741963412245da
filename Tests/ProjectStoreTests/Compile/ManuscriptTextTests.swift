import Testing
@testable import ProjectStore

@Suite("Manuscript text")
struct ManuscriptTextTests {
    @Test("front matter and comments are taken out; an unclosed block is kept, as the counter keeps it")
    func takenOut() {
        #expect(ManuscriptText.cleaned("---\ntitle: a\n---\nText <!-- note\nover lines -->here.") == "Text here.")
        #expect(ManuscriptText.cleaned("---\nnot closed\n\nText") == "---\nnot closed\n\nText")
        #expect(ManuscriptText.cleaned("Before <!-- never closed") == "Before ")
    }

    @Test("the heading that opens a file is its title, and leaves the text; a later one does not")
    func titles() {
        #expect(ManuscriptText.markdown("\n## The *Storm* ##\n\nRain.") == ("The *Storm*", "Rain."))
        #expect(ManuscriptText.markdown("Rain.\n\n# Later") == (nil, "Rain.\n\n# Later"))
        #expect(ManuscriptText.markdown("#hashtag") == (nil, "#hashtag"))
    }

    @Test("headings of the first level inside a chapter become second-level, not in code")
    func demoted() {
        #expect(ManuscriptText.demotingFirstLevelHeadings("# Part\n```\n# code\n```\n## Kept") == "## Part\n```\n# code\n```\n## Kept")
    }

    @Test("plain text reads as itself in Markdown")
    func plain() {
        #expect(ManuscriptText.plain("  * not a list\n1. not a number\n# not a heading\n<b>$5 @me") ==
            "\\* not a list\n1\\. not a number\n\\# not a heading\n\\<b\\>\\$5 \\@me")
    }

    @Test("markdown document: metadata, headings, scene breaks, END")
    func document() {
        let manuscript = Manuscript(kind: .shortStory, parts: [ManuscriptPart(title: .none, scenes: ["One.", "Two."], files: [])], words: 2)
        let markdown = ManuscriptMarkdown(title: "A \"B\"", author: nil, language: "en-US", chapterTitle: { "Chapter \($0)" }, end: "END")
        #expect(markdown.render(manuscript) == "---\ncompiled-by: \"project\"\ntitle: \"A \\\"B\\\"\"\nlang: \"en-US\"\n---\n\nOne.\n\n\\#\n\nTwo.\n\nEND\n")
        let novel = Manuscript(kind: .novel, parts: [ManuscriptPart(title: .numbered(1), scenes: ["Text."], files: [])], words: 1)
        #expect(markdown.render(novel).hasSuffix("---\n\n# Chapter 1\n\nText.\n\nEND\n"))
    }

    @Test("numbered chapters: Chapter N above each title, in order, never twice")
    func numberedChapters() {
        let parts = [
            ManuscriptPart(title: .heading("Low *Water*"), scenes: ["One."], files: []),
            ManuscriptPart(title: .numbered(2), scenes: ["Two."], files: []),
            ManuscriptPart(title: .name("Kapitel 3"), scenes: ["Three."], files: []),
            ManuscriptPart(title: .name("Storm"), scenes: ["Four."], files: []),
        ]
        let markdown = ManuscriptMarkdown(
            title: "T", author: nil, language: "de-DE", chapterTitle: { "Kapitel \($0)" }, end: "ENDE", numbersChapters: true, headingBreak: "<br>")
        let headings = markdown.render(Manuscript(kind: .novel, parts: parts, words: 4)).split(separator: "\n").filter { $0.hasPrefix("# ") }
        #expect(headings == [
            "# [Kapitel 1]{.chapter-number style=\"display: block\"} <br>Low *Water*",
            "# Kapitel 2",
            "# Kapitel 3",
            "# [Kapitel 4]{.chapter-number style=\"display: block\"} <br>Storm",
        ])
        // Poems are not chapters, and without the setting nothing is numbered.
        let poems = Manuscript(kind: .poetry, parts: [ManuscriptPart(title: .name("Gull"), scenes: ["Line."], files: [])], words: 1)
        #expect(markdown.render(poems).contains("\n# Gull\n"))
        let plain = ManuscriptMarkdown(title: "T", author: nil, language: "en-US", chapterTitle: { "Chapter \($0)" }, end: "END")
        #expect(plain.render(Manuscript(kind: .novel, parts: parts, words: 4)).contains("\n# Storm\n"))
    }
}

@Suite("Manuscript screenplay")
struct ManuscriptFountainTests {
    private func script(_ acts: String...) -> Manuscript {
        Manuscript(kind: .script, parts: acts.map { ManuscriptPart(title: .none, scenes: [$0], files: []) }, words: 0)
    }

    @Test("the acts in order after a title page made from the project and the writer")
    func titlePage() {
        let author = AuthorDetails(name: "Anna Lindqvist", contact: ["12 Harbour Road", "anna@example.com"])
        #expect(ManuscriptFountain.render(script("INT. HOUSE - NIGHT", "EXT. SEA - DAY"), title: "The Play", author: author) == """
            Title: The Play
            Credit: Written by
            Author: Anna Lindqvist
            Contact:
                12 Harbour Road
                anna@example.com

            INT. HOUSE - NIGHT

            EXT. SEA - DAY

            """)
    }

    @Test("a first act with a title page of its own keeps it, and gets no other")
    func ownTitlePage() {
        let rendered = ManuscriptFountain.render(script("Title: Mine\nAuthor: Me\n\nINT. HOUSE - NIGHT"), title: "X", author: AuthorDetails(name: nil, contact: []))
        #expect(rendered == "Title: Mine\nAuthor: Me\n\nINT. HOUSE - NIGHT\n")
    }
}
