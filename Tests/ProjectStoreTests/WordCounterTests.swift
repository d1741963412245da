import Foundation
import Testing
@testable import ProjectStore

private func plain(_ text: String) -> Int {
    WordCounter.count(text, syntax: .plainText)
}

private func markdown(_ text: String) -> Int {
    WordCounter.count(text, syntax: .markdown)
}

/// The count when `bytes` arrive in two chunks split at `offset`.
private func countSplit(_ bytes: [UInt8], at offset: Int, syntax: TextSyntax) -> Int {
    var counter = WordCounter(syntax: syntax)
    bytes[..<offset].withUnsafeBytes { counter.feed($0) }
    bytes[offset...].withUnsafeBytes { counter.feed($0) }
    return counter.finish()
}

@Suite("Word counter: what a word is")
struct WordRuleTests {
    @Test("the issue's examples are one word each")
    func joinedWords() {
        for word in ["cat's", "well-known", "l’homme", "Ödet", "1984", "don't", "rock'n'roll"] {
            #expect(plain(word) == 1, "\(word)")
            #expect(plain("  \(word), ") == 1, "\(word)")
        }
    }

    @Test("apostrophes and hyphens join only between word characters")
    func joinersAtEdges() {
        #expect(plain("'tis") == 1)
        #expect(plain("dogs' bowls") == 2)
        #expect(plain("a - b") == 2)
        #expect(plain("-") == 0)
        #expect(plain("a--b") == 2)
        #expect(plain("end-") == 1)
        #expect(plain("it's-") == 1)
    }

    @Test("numbers keep their separators; other punctuation between words splits them")
    func numbersAndPunctuation() {
        #expect(plain("3.14 1,000 12:30") == 3)
        #expect(plain("e.g. U.S.A.") == 2)
        #expect(plain("and/or") == 2)
        #expect(plain("Note:this") == 2)
        #expect(plain("a,b") == 2)
        #expect(plain("word—word") == 2)
        #expect(plain("snake_case") == 1)
    }

    @Test("Han, hiragana and katakana count one word per character")
    func japaneseAndChinese() {
        #expect(plain("日本語の文章") == 6)
        #expect(plain("我爱你。") == 3)
        #expect(plain("コーヒー") == 4)
        #expect(plain("人々") == 2)
        #expect(plain("Tokyo東京") == 3)
        #expect(plain("ｶﾞｷﾞ") == 2)  // half-width kana with their voicing marks
    }

    @Test("Hangul counts by spaces like Latin")
    func korean() {
        #expect(plain("안녕하세요 세계") == 2)
        #expect(plain("한국어는 띄어쓰기를 합니다.") == 3)
    }

    @Test("Cyrillic, Greek, Arabic, Hebrew and Hindi with combining marks")
    func otherScripts() {
        #expect(plain("Война и мир") == 3)
        #expect(plain("Καλημέρα κόσμε") == 2)
        #expect(plain("مرحبا بالعالم") == 2)
        #expect(plain("مَرْحَبًا") == 1)  // with its vowel marks
        #expect(plain("שלום עולם") == 2)
        #expect(plain("हिन्दी") == 1)
        #expect(plain("नमस्ते दुनिया") == 2)
        #expect(plain("می‌خواهم") == 1)  // Persian joins with a zero-width non-joiner
        #expect(plain("e\u{301}te\u{301}") == 1)  // decomposed accents
        #expect(plain("x² ½") == 2)
        #expect(plain("１２３") == 1)
    }

    @Test("punctuation, symbols and emoji alone are not words")
    func notWords() {
        #expect(plain("— … ! ? « » ¿ ¡ © ™ € $ % & * # @") == 0)
        #expect(plain("👨‍👩‍👧 🇫🇷 🇯🇵 ❤️ 👍🏽 🏳️‍🌈") == 0)
        #expect(plain("1️⃣ #️⃣") == 0)
        #expect(plain("I ❤️ Paris 🇫🇷!") == 2)
        #expect(plain("\u{301}\u{200D}\u{FE0F}") == 0)
        #expect(plain("") == 0)
    }

    @Test("line ends, a byte order mark and non-breaking spaces separate as expected")
    func whitespaceAndMarks() {
        #expect(plain("one\r\ntwo\r\nthree") == 3)
        #expect(plain("\u{FEFF}one two") == 2)
        #expect(markdown("\u{FEFF}one two") == 2)
        #expect(plain("one\u{00A0}two\u{2003}three\tfour") == 4)
        #expect(plain("ภาษา\u{200B}ไทย") == 2)  // a zero-width space between Thai words
        #expect(plain("one\u{3000}two\u{2028}three") == 3)
    }

    @Test("bytes that are not UTF-8 separate words and never stop the count")
    func invalidUTF8() {
        let cases: [([UInt8], Int)] = [
            ([0x61, 0xFF, 0x62], 2),
            ([0x61, 0x80, 0x62], 2),
            ([0x61, 0xC3], 1),  // cut off at the end
            ([0xC3, 0x61], 1),  // a lead byte, then ASCII
            ([0xE0, 0x80, 0x80, 0x61], 1),  // overlong
            ([0xED, 0xA0, 0x80, 0x61], 1),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
            ([0xC0, 0xAF, 0x61, 0x62], 1),
            ([0xEF, 0xBB, 0x61], 1),  // half a byte order mark
            ([0xC3, 0xA9, 0xFE, 0xC3, 0xA9], 2),
        ]
        for (bytes, expected) in cases {
            #expect(WordCounter.count(bytes, syntax: .plainText) == expected, "\(bytes)")
            #expect(WordCounter.count(bytes, syntax: .markdown) == expected, "\(bytes)")
        }
    }

    @Test("random bytes never crash and never count more words than bytes")
    func randomBytes() {
        var generator = SeededGenerator.forThisRun(test: "word counter: random bytes")
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for syntax in [TextSyntax.plainText, .markdown] {
                let count = WordCounter.count(bytes, syntax: syntax)
                #expect(count >= 0 && count <= bytes.count, "\(bytes)")
            }
        }
    }
}

@Suite("Word counter: Markdown")
struct MarkdownWordTests {
    @Test("link and image destinations are skipped, their text counts")
    func links() {
        #expect(markdown("[the link](https://example.com/a-b)") == 2)
        #expect(plain("[the link](https://example.com/a-b)") == 5)
        #expect(markdown("See ![a cat](cat-photo.png \"Title here\") now.") == 4)
        #expect(markdown("[wiki](https://en.wikipedia.org/wiki/Foo_(bar)) after") == 2)
        #expect(markdown("[a] (not a link)") == 4)
        #expect(markdown("[open](unclosed destination\nnext line") == 3)
    }

    @Test("reference definitions and footnote labels are skipped, footnote text counts")
    func referencesAndFootnotes() {
        #expect(markdown("See [the site][home].\n\n[home]: https://example.com/a-b \"Home page\"\nEnd") == 5)
        #expect(markdown("   [id]: <https://example.com> 'x'\n") == 0)
        #expect(markdown("[A] sentence starting with a bracket: yes") == 7)
        #expect(markdown("[a](b) then [c]: d") == 4)
        #expect(markdown("A claim.[^1] More[^note].\n\n[^1]: The source, page 4.") == 7)
        #expect(markdown("[^open\nnext") == 1)
        #expect(plain("[id]: https://example.com") == 3)
    }

    @Test("HTML comments are skipped, across lines")
    func comments() {
        #expect(markdown("one <!-- a note\nto myself --> two") == 2)
        #expect(markdown("<!---->one") == 1)
        #expect(markdown("<!-->one") == 1)
        #expect(markdown("a <!- b") == 2)
        #expect(markdown("a < b > c") == 3)
        #expect(markdown("a <!-- never closed") == 1)
        #expect(plain("one <!-- a note --> two") == 4)
    }

    @Test("front matter at the very top is skipped")
    func frontMatter() {
        #expect(markdown("---\ntitle: My Novel\ntags: [a, b]\n---\nOnce upon a time") == 4)
        #expect(markdown("---\r\ntitle: x\r\n...\r\nOnce upon") == 2)
        #expect(markdown("\u{FEFF}---\ntitle: x\n---\nOnce") == 1)
        #expect(markdown("---\ntitle: x\n---") == 0)
        #expect(markdown("--- \ntitle: x\n---   \nbody") == 1)
    }

    @Test("a --- line that is not at the top, or never closed, is not front matter")
    func notFrontMatter() {
        #expect(markdown("Text\n---\nmore words\n---\nend") == 4)
        #expect(markdown("---\nan unclosed block of words") == 5)
        #expect(markdown("---x\ntitle: x\n---\nbody") == 4)
        #expect(markdown("\n---\ntitle\n---\nbody") == 2)
        #expect(plain("---\ntitle: x\n---\nbody") == 3)
    }

    @Test("markup symbols and list markers are not words")
    func markup() {
        #expect(markdown("# A Title\n\n## Part *one*\n") == 4)
        #expect(markdown("> quoted **bold** and _italic_ text") == 5)
        #expect(markdown("- first\n* second\n+ third") == 3)
        #expect(markdown("1. first\n2) second\n10. tenth\n  3. nested\n> 4. quoted") == 5)
        #expect(markdown("1.\n") == 0)
        #expect(markdown("1.") == 0)
        #expect(markdown("In 1984. Then") == 3)
        #expect(markdown("1984 was a year.") == 4)
        #expect(markdown("1.5 litres") == 2)
        #expect(plain("1. first") == 2)
    }

    @Test("words in code count; the backticks do not")
    func code() {
        #expect(markdown("Run `make all` now") == 4)
        #expect(markdown("```swift\nlet x = 1\n```\n") == 4)
    }
}

@Suite("Word counter: streaming")
struct StreamingWordTests {
    static let samples: [(String, TextSyntax)] = [
        ("\u{FEFF}---\ntitle: x\n---\n# Ödet, l’homme\r\n1. cat's [link](http://a.b/c-d) <!-- note\n-->日本語の文章 हिन्दी 👨‍👩‍👧 1️⃣ 3.14\n[ref]: http://x.y/z-w\nfin[^2]", .markdown),
        ("well-known Война и мир, 안녕하세요 é\u{301}; 1,000 e.g. x", .plainText),
    ]

    @Test("a text split at any byte counts the same")
    func everySplit() {
        for (text, syntax) in Self.samples {
            let bytes = Array(text.utf8)
            let whole = WordCounter.count(bytes, syntax: syntax)
            #expect(whole > 5)
            for offset in 0...bytes.count {
                #expect(countSplit(bytes, at: offset, syntax: syntax) == whole, "split at \(offset)")
            }
        }
    }

    @Test("a text fed one byte at a time counts the same")
    func byteByByte() {
        for (text, syntax) in Self.samples {
            let bytes = Array(text.utf8)
            var counter = WordCounter(syntax: syntax)
            for byte in bytes {
                [byte].withUnsafeBytes { counter.feed($0) }
            }
            #expect(counter.finish() == WordCounter.count(bytes, syntax: syntax))
        }
    }

    @Test("the fast loop counts as the state machine alone does", arguments: [TextSyntax.plainText, .markdown])
    func fastPathAgrees(syntax: TextSyntax) {
        let pieces = [
            "a", "Z", "9", "0", "'", "-", ".", "_", ",", ":", " ", "\n", "\t", "<", "!", ">", "[", "]", "(", ")",
            "^", "#", "*", "`", "é", "’", "日", "\u{301}", "\u{20E3}", "\u{FE0F}", "🙂", "---\n", "1. ", "<!--", "-->",
        ]
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            var fast = WordCounter(syntax: syntax)
            var reference = WordCounter(syntax: syntax)
            reference.usesFastPath = false
            bytes.withUnsafeBytes { fast.feed($0) }
            bytes.withUnsafeBytes { reference.feed($0) }
            let expected = reference.finish()
            #expect(fast.finish() == expected, "\(text.debugDescription)")
            let split = Int.random(in: 0...bytes.count, using: &generator)
            #expect(countSplit(bytes, at: split, syntax: syntax) == expected, "\(text.debugDescription) at \(split)")
        }
    }

    @Test("the Markdown sample counts what a reader sees")
    func sampleCount() {
        // Ödet l’homme cat's link 日 本 語 の 文 章 हिन्दी 3.14 fin
        #expect(WordCounter.count(Self.samples[0].0, syntax: .markdown) == 13)
    }
}

@Suite("Word counter: the same as wc -w on plain prose")
struct WordCountMatchesWCTests {
    /// Prose as `wc -w` and a word processor agree on it: words between spaces, punctuation at their edges.
    static func prose(words: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let vocabulary = [
            "the", "cat's", "well-known", "l’homme", "Ödet", "1984", "naïve", "café", "Война", "Καλημέρα",
            "don't", "rock'n'roll", "3.14", "1,000", "hello", "world", "über", "Straße", "mañana", "e.g.",
            "안녕하세요", "हिन्दी", "مرحبا", "co-operate", "it’s",
        ]
        let before = ["", "", "", "", "(", "“", "‘", "\"", "'"]
        let after = ["", "", "", "", "", ",", ".", ";", ":", "!", "?", ")", "”", "’", "\"", "…", ".”", "),"]
        let spaces = [" ", " ", " ", " ", "  ", "\n", "\r\n", "\t", "\n\n"]
        var text = ""
        for _ in 0..<words {
            text += before.randomElement(using: &generator)! + vocabulary.randomElement(using: &generator)!
                + after.randomElement(using: &generator)! + spaces.randomElement(using: &generator)!
        }
        return text
    }

    @Test("generated prose")
    func matchesWC() throws {
        let wc = URL(fileURLWithPath: "/usr/bin/wc")
        try #require(FileManager.default.isExecutableFile(atPath: wc.path), "this test runs GNU wc")
        for seed in 1...3 as ClosedRange<UInt64> {
            let text = Self.prose(words: 3_000, seed: seed)
            let process = Process()
            process.executableURL = wc
            process.arguments = ["-w"]
            process.environment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let reply = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let wcCount = Int(String(decoding: reply, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(wcCount == 3_000)
            #expect(plain(text) == wcCount)
        }
    }
}
