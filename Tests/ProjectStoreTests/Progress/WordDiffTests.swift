import Testing
@testable import ProjectStore

@Suite("Word diff")
struct WordDiffTests {
    func words(_ text: String) -> [Substring] { text.split(separator: " ") }

    @Test("a rewritten paragraph is words removed and words added, not the difference of two counts")
    func rewrite() {
        let change = WordDiff.changes(from: words("the cat sat on the mat"), to: words("the dog lay on the rug today"))
        #expect(change.added == 4 && change.removed == 3)
        let same = WordDiff.changes(from: words("one two three"), to: words("three two one"))
        #expect(same.added == 2 && same.removed == 2)
    }

    @Test("words typed at the end, cut from the middle, a file new or emptied")
    func simpleEdits() {
        #expect(WordDiff.changes(from: words("a b c"), to: words("a b c d e")) == (2, 0))
        #expect(WordDiff.changes(from: words("a b c d e"), to: words("a e")) == (0, 3))
        #expect(WordDiff.changes(from: [], to: words("a b")) == (2, 0))
        #expect(WordDiff.changes(from: words("a b"), to: []) == (0, 2))
    }

    @Test("past the longest edit compared word by word, the words are compared as bags: the same totals here")
    func longEdit() {
        let old = (0..<3_000).map { "old\($0)" }
        let new = (0..<3_000).map { "new\($0)" }
        #expect(WordDiff.changes(from: old, to: new) == (3_000, 3_000))
    }
}
