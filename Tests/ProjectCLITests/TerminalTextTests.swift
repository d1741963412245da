import Testing
@testable import ProjectCLI

@Suite struct TerminalTextTests {
    // MARK: visible

    @Test func plainTextIsUnchanged() {
        #expect(TerminalText.visible("My Novel") == "My Novel")
        #expect(TerminalText.visible("東京 📚 Café") == "東京 📚 Café")
        #expect(TerminalText.visible("") == "")
    }

    @Test func c0ControlsInCaretNotation() {
        #expect(TerminalText.visible("a\u{1B}[31mb") == "a^[[31mb")
        #expect(TerminalText.visible("\u{0}") == "^@")
        #expect(TerminalText.visible("\u{7}") == "^G")
        #expect(TerminalText.visible("tab\there") == "tab^Ihere")
        #expect(TerminalText.visible("\r") == "^M")
        #expect(TerminalText.visible("\u{1F}") == "^_")
    }

    @Test func delete() {
        #expect(TerminalText.visible("a\u{7F}b") == "a^?b")
    }

    @Test func c1ControlsAndSeparatorsAsCodePoints() {
        #expect(TerminalText.visible("a\u{85}b") == "a<U+0085>b")
        #expect(TerminalText.visible("\u{9B}31m") == "<U+009B>31m")
        #expect(TerminalText.visible("\u{80}") == "<U+0080>")
        #expect(TerminalText.visible("\u{9F}") == "<U+009F>")
        #expect(TerminalText.visible("x\u{2028}y\u{2029}") == "x<U+2028>y<U+2029>")
    }

    @Test func newlinesOnlyWhenAsked() {
        #expect(TerminalText.visible("one\ntwo") == "one^Jtwo")
        #expect(TerminalText.visible("one\ntwo", keepingNewlines: true) == "one\ntwo")
        // A carriage return is not a newline, even before one.
        #expect(TerminalText.visible("one\r\ntwo", keepingNewlines: true) == "one^M\ntwo")
        #expect(TerminalText.visible("a\u{1B}\nb", keepingNewlines: true) == "a^[\nb")
    }

    @Test func resultHasNoRawControl() {
        var everything = ""
        for value in UInt32(0)...0xA0 { everything.unicodeScalars.append(Unicode.Scalar(value)!) }
        everything += "\u{2028}\u{2029}"
        #expect(!TerminalText.visible(everything).hasRawControl)
        #expect(!TerminalText.visible(everything).contains("\n"))
        #expect(!TerminalText.visible(everything, keepingNewlines: true).hasRawControl)
    }

    // MARK: width

    @Test(arguments: [
        ("", 0), ("abc", 3), ("My Novel 2", 10), ("東京", 4), ("東京 Stories", 12), ("📚", 2), ("📚 Books", 8),
        ("e\u{301}", 1), ("Cafe\u{301}", 4), ("Café", 4), ("한국어", 6), ("ひらがな", 8), ("カタカナ", 8),
        ("ＡＢ", 4), ("ｱｲ", 2), ("❤️", 2), ("1️⃣", 2), ("zero\u{200B}width", 9), ("\u{3000}", 2), ("Ωμέγα", 5),
        ("🌡️", 2), ("☀", 1), ("a\u{20DD}", 1),
    ])
    func width(_ text: String, _ cells: Int) {
        #expect(TerminalText.width(text) == cells)
    }

    /// A flag is one emoji made of two regional indicators: two cells, on every terminal
    /// (wcwidth gives each indicator one cell; emoji-aware terminals draw one wide flag).
    @Test func flagTakesTwoCells() {
        #expect(TerminalText.width("🇫🇷") == 2)
        #expect(TerminalText.width("🇯🇵 Trip") == 7)
    }

    /// The contract: "emoji take two cells". A ZWJ sequence or a skin-tone emoji is one emoji.
    @Test func emojiSequencesTakeTwoCells() {
        #expect(TerminalText.width("👨‍👩‍👧") == 2)
        #expect(TerminalText.width("👍🏽") == 2)
    }

    /// A Hangul syllable typed decomposed (as macOS file names keep it) is still one wide character:
    /// the medial vowel and final consonant jamo (U+1160–U+11FF) take no cell of their own.
    @Test func decomposedHangulSyllableTakesTwoCells() {
        let decomposed = "\u{1112}\u{1161}\u{11AB}"  // 한 as ᄒ + ᅡ + ᆫ
        #expect(decomposed == "한")
        #expect(TerminalText.width(decomposed) == 2)
        #expect(TerminalText.width("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}") == 4)  // 한국
    }

    // MARK: padded

    @Test func paddedToCells() {
        #expect(TerminalText.padded("ab", to: 5) == "ab   ")
        #expect(TerminalText.padded("東京", to: 6) == "東京  ")
        #expect(TerminalText.padded("📚", to: 3) == "📚 ")
        #expect(TerminalText.padded("e\u{301}", to: 3) == "e\u{301}  ")
    }

    @Test func paddedNeverCuts() {
        #expect(TerminalText.padded("abcdef", to: 3) == "abcdef")
        #expect(TerminalText.padded("東京", to: 4) == "東京")
        #expect(TerminalText.padded("東京", to: 3) == "東京")
        #expect(TerminalText.padded("", to: 0) == "")
    }

    @Test func paddedWidthIsTheTarget() {
        for text in ["a", "東", "📚", "Cafe\u{301}", "한국", "mixed 東京 📚"] {
            #expect(TerminalText.width(TerminalText.padded(text, to: 20)) == 20)
            #expect(cells(TerminalText.padded(text, to: 20)) == 20)
        }
    }

    // MARK: truncated

    @Test func truncatedKeepsWhatFits() {
        #expect(TerminalText.truncated("Harbour Lights", to: 20) == "Harbour Lights")
        #expect(TerminalText.truncated("Harbour Lights", to: 14) == "Harbour Lights")
        #expect(TerminalText.truncated("Harbour Lights", to: 8) == "Harbour…")
    }

    @Test func truncatedMeasuresCellsNotCharacters() {
        // Each ideograph takes two cells: four cells and the ellipsis make five of six.
        #expect(TerminalText.truncated("東京物語の夏", to: 6) == "東京…")
        #expect(TerminalText.truncated("東京物語の夏", to: 7) == "東京物…")
        // A combining accent stays with its letter.
        #expect(TerminalText.truncated("Cafe\u{301} de Flore", to: 5) == "Cafe\u{301}…")
        for text in ["東京物語の夏", "Cafe\u{301} de Flore", "📚📚📚📚 notes", String(repeating: "x", count: 255)] {
            for cells in 2...12 {
                #expect(TerminalText.width(TerminalText.truncated(text, to: cells)) <= cells)
            }
        }
    }

    // MARK: wrapped

    @Test func wrappedBreaksAtSpaces() {
        #expect(TerminalText.wrapped("the quick brown fox jumps", to: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TerminalText.wrapped("short", to: 10) == ["short"])
        #expect(TerminalText.wrapped("exactly ten", to: 11) == ["exactly ten"])
        #expect(TerminalText.wrapped("two  spaces here", to: 11) == ["two  spaces", "here"])
    }

    @Test func wrappedCutsOnlyAWordWiderThanALine() {
        #expect(TerminalText.wrapped("a verylongwordindeed b", to: 8) == ["a", "verylong", "wordinde", "ed b"])
    }

    @Test func wrappedMeasuresDisplayCells() {
        // Ten cells of ideographs, breakable between any two of them.
        #expect(TerminalText.wrapped("東京物語の", to: 6) == ["東京物", "語の"])
        #expect(TerminalText.wrapped("Café au lait", to: 7) == ["Café au", "lait"])
        #expect(TerminalText.wrapped("Cafe\u{301} au lait", to: 7) == ["Cafe\u{301} au", "lait"])
        #expect(TerminalText.wrapped("📚 books 📚 notes", to: 8) == ["📚 books", "📚 notes"])
    }

    @Test func wrappedKeepsALeadingIndentAndNarrowsLaterLines() {
        #expect(TerminalText.wrapped("  one two three", to: 9) == ["  one two", "three"])
        #expect(TerminalText.wrapped("one two three four", to: 9, thenTo: 5) == ["one two", "three", "four"])
    }

    @Test func wrappedLinesFitAndLoseNothing() {
        let text = "Runs $VISUAL, else $EDITOR, on the folder: 東京物語 and e\u{301}te\u{301} — ~/.config/project/author"
        for cells in 4...40 {
            let lines = TerminalText.wrapped(text, to: cells)
            #expect(lines.allSatisfy { TerminalText.width($0) <= cells }, "\(cells): \(lines)")
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        }
    }
}
