import Testing
@testable import ProjectStore

/// The word diff against known texts: words, punctuation, paragraphs moved, texts with nothing in common.
@Suite("word diff")
struct WordDiffTests {
    /// The diff as the plain form writes it.
    static func plain(_ diff: WordDiff) -> String {
        diff.pieces.map { piece in
            switch piece {
            case .same(let text), .space(let text): text
            case .removed(let text): "[-\(text)-]"
            case .added(let text): "{+\(text)+}"
            case .moved(let text, let fromLater): (fromLater ? "<moved up>\n" : "<moved down>\n") + text
            }
        }.joined()
    }

    @Test func aChangedWordAndAMark() {
        let diff = WordDiff.compare("The dog ran home.", "The dog walked home!")
        #expect(Self.plain(diff) == "The dog [-ran-]{+walked+} home[-.-]{+!+}")
        #expect(diff.addedWords == 1)
        #expect(diff.removedWords == 1)
    }

    @Test func wordsAddedAndRemovedAreCountedNotMarks() {
        let diff = WordDiff.compare("One, two, three.", "One, two and a half, three.")
        #expect(Self.plain(diff) == "One, two {+and a half+}, three.")
        #expect(diff.addedWords == 3)
        #expect(diff.removedWords == 0)
    }

    @Test func spacesAndLineBreaksAreNotChanges() {
        let diff = WordDiff.compare("A line\nbroken here.", "A line broken   here.")
        #expect(diff.addedWords == 0 && diff.removedWords == 0)
        #expect(!diff.pieces.contains { if case .added = $0 { true } else if case .removed = $0 { true } else { false } })
    }

    @Test func aMovedParagraphIsNeitherRemovedNorAdded() {
        let old = "It was a long night, and the rain did not stop.\n\nShort one.\n\nThe morning came grey and cold over the hills."
        let new = "Short one.\n\nIt was a long night, and the rain did not stop.\n\nThe morning came grey and cold over the hills."
        let diff = WordDiff.compare(old, new)
        #expect(diff.movedParagraphs == 1)
        #expect(diff.addedWords == 0 && diff.removedWords == 0)
        #expect(Self.plain(diff).hasPrefix("<moved up>\nShort one.\n\nIt was a long night"))
    }

    @Test func aParagraphMovedAndAnotherEdited() {
        let old = "The dog ran home.\n\nIt was late, and the sky was dark.\n\nA third paragraph here."
        let new = "A third paragraph here.\n\nThe dog walked home!\n\nIt was late, and the sky was dark."
        let diff = WordDiff.compare(old, new)
        #expect(Self.plain(diff) == "<moved up>\nA third paragraph here.\n\nThe dog [-ran-]{+walked+} home[-.-]{+!+}\n\nIt was late, and the sky was dark.")
        #expect(diff.movedParagraphs == 1)
        #expect(diff.addedWords == 1 && diff.removedWords == 1)
    }

    @Test func aParagraphAddedAndOneRemoved() {
        let diff = WordDiff.compare("Keep this.\n\nDrop this one.", "Keep this.\n\nA new one here.")
        #expect(Self.plain(diff) == "Keep this.\n\n[-Drop this-]{+A new+} one {+here+}.")
        #expect(diff.addedWords == 3 && diff.removedWords == 2)
    }

    @Test func textsWithNothingInCommon() {
        let diff = WordDiff.compare("alpha beta", "gamma delta epsilon")
        #expect(Self.plain(diff) == "[-alpha beta-]{+gamma delta epsilon+}")
        #expect(diff.addedWords == 3 && diff.removedWords == 2)
    }

    @Test func apostrophesAndHyphensStayInsideWords() {
        let diff = WordDiff.compare("It's a well-known tale.", "It's a little-known tale.")
        #expect(Self.plain(diff) == "It's a [-well-known-]{+little-known+} tale.")
    }

    @Test func theShortestEditOfLongTexts() {
        let words = (0..<3_000).map { "w\($0 % 97)x\($0)" }
        var changed = words
        changed[1_500] = "replaced"
        changed.insert("inserted", at: 10)
        let diff = WordDiff.compare(words.joined(separator: " "), changed.joined(separator: " "))
        #expect(diff.addedWords == 2 && diff.removedWords == 1)
    }
}
