import Testing
@testable import ProjectStore

/// What writers count besides words (issue 27): a collection's lines, a screenplay's pages; and
/// the screenplay's title page credit and lyrics.
@Suite("Manuscript lines and pages")
struct ManuscriptLengthTests {
    private func manuscript(_ kind: ProjectKind, _ scenes: [String]...) -> Manuscript {
        Manuscript(kind: kind, parts: scenes.map { ManuscriptPart(title: .none, scenes: $0, files: []) }, words: 0)
    }

    @Test("poems count their lines that are not blank, section by section; other kinds count none")
    func poemLines() {
        #expect(manuscript(.poetry, ["one\\\ntwo\n\n  \nthree", "four"], ["five"]).lines == 5)
        #expect(manuscript(.novel, ["one\ntwo"]).lines == nil)
    }

    @Test("a screenplay's pages at 55 lines a page, from its elements; its title page, notes and boneyard print nothing")
    func screenplayPages() {
        let scene = "INT. HOUSE - NIGHT\n\nAnna crosses the room and opens the window to the sea.\n\nANNA\n(quietly)\nThey are back.\n"
        // A scene heading is 3 lines, the action 2, the dialogue 4 (blank, name, parenthetical, line): 9 lines.
        #expect(ScreenplayLength.pages(scene) == 1)
        #expect(ScreenplayLength.pages(Array(repeating: scene, count: 6).joined(separator: "\n")) == 1)
        #expect(ScreenplayLength.pages(Array(repeating: scene, count: 7).joined(separator: "\n")) == 2)
        let unprinted = "Title: X\nAuthor: Y\n\n" + scene + "\n/* " + String(repeating: "cut words\n\n", count: 200) + "*/\n[[ a note ]]\n# Act One\n"
        #expect(ScreenplayLength.pages(unprinted) == 1)
        #expect(ScreenplayLength.pages("") == 0)
        #expect(manuscript(.script, [scene]).pages == 1 && manuscript(.poetry, ["x"]).pages == nil)
    }

    @Test("the title page made for a script says Written by above the name; lyrics are italics, not a literal ~")
    func creditAndLyrics() {
        let rendered = ManuscriptFountain.render(
            manuscript(.script, ["ANNA\n~Row, row, row\n\n~ Gently down\n\n~"]), title: "Play",
            author: AuthorDetails(name: "Anna", contact: []), credit: "Écrit par")
        #expect(rendered == "Title: Play\nCredit: Écrit par\nAuthor: Anna\n\nANNA\n*Row, row, row*\n\n*Gently down*\n\n\n")
    }
}
