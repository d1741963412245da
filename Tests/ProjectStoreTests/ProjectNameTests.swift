import Foundation
import Testing
@testable import ProjectStore

@Suite("Project names: validation")
struct ProjectNameValidationTests {
    @Test("surrounding whitespace is trimmed, inner whitespace kept")
    func trimsSurroundingWhitespace() throws {
        #expect(try ProjectName.validated("  My Novel \t") == "My Novel")
        #expect(try ProjectName.validated("\u{A0}Poems\u{3000}") == "Poems")
        #expect(try ProjectName.validated("My  Novel") == "My  Novel")
        #expect(try ProjectName.validated("\nTrailing newline\n") == "Trailing newline")
    }

    @Test("names that are nothing but whitespace are empty",
          arguments: ["", " ", "   ", "\t", "\n\r\n", "\u{A0}\u{2003}\u{3000}", "\u{2028}"])
    func refusesEmpty(raw: String) {
        #expect(throws: ProjectStoreError.invalidName(raw, .empty)) {
            try ProjectName.validated(raw)
        }
    }

    @Test("control characters inside a name are refused",
          arguments: [
              "a\u{0}b", "a\u{7}b", "a\tb", "a\nb", "a\rb", "line\r\nbreak", "a\u{1B}b", "a\u{1F}b",
              "a\u{7F}b", "a\u{80}b", "a\u{85}b", "a\u{9F}b", "a\u{2028}b", "a\u{2029}b",
          ])
    func refusesControlCharacters(raw: String) {
        #expect(throws: ProjectStoreError.invalidName(raw, .controlCharacter)) {
            try ProjectName.validated(raw)
        }
    }

    @Test("characters next to the forbidden ranges are allowed",
          arguments: ["a b", "a\u{A0}b", "a\u{A1}b", "~\u{7E}", "a\u{2027}b", "a\u{2030}b", "Ode 🇸🇪", "Café"])
    func allowsNeighboursOfForbiddenRanges(raw: String) throws {
        #expect(try ProjectName.validated(raw) == raw)
    }

    @Test("characters that show nothing or reorder the text are refused, named",
          arguments: [
              ("zero\u{200B}width", 0x200B), ("a\u{200C}b", 0x200C), ("a\u{200D}b", 0x200D), ("\u{200E}mark", 0x200E),
              ("mark\u{200F}", 0x200F), ("a\u{202A}b", 0x202A), ("evil\u{202E}txt.exe", 0x202E), ("a\u{2066}b\u{2069}", 0x2066),
              ("a\u{2069}", 0x2069), ("\u{61C}ab", 0x061C), ("soft\u{AD}hyphen", 0x00AD), ("word\u{2060}joiner", 0x2060),
              ("bom\u{FEFF}", 0xFEFF), ("o\u{FE0F}k", 0xFE0F), ("Caf\u{E9}\u{34F}", 0x034F), ("tag\u{E0041}", 0xE0041),
              ("\u{3164}", 0x3164), ("Été\u{200B}", 0x200B),
          ])
    func refusesInvisibleCharacters(raw: String, code: UInt32) {
        #expect(throws: ProjectStoreError.invalidName(raw, .invisibleCharacter(Unicode.Scalar(code)!))) {
            try ProjectName.validated(raw)
        }
    }

    @Test("joiners and selectors that are part of what a reader sees are kept",
          arguments: ["Coder 👩‍💻", "Love ❤️", "Family 👨‍👩‍👧", "Part 1️⃣", "Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
                      "می\u{200C}خواهم", "葛\u{E0100}城"])
    func keepsVisibleJoiners(raw: String) throws {
        #expect(try ProjectName.validated(raw) == raw)
    }

    @Test("the refusal carries the name exactly as typed")
    func refusalCarriesRawName() {
        let raw = "  Bell\u{7} tolls "
        #expect(throws: ProjectStoreError.invalidName(raw, .controlCharacter)) {
            try ProjectName.validated(raw)
        }
    }

    @Test("255 characters is the longest name")
    func lengthLimit() throws {
        let longest = String(repeating: "a", count: 255)
        #expect(try ProjectName.validated(longest) == longest)
        let tooLong = String(repeating: "a", count: 256)
        #expect(throws: ProjectStoreError.invalidName(tooLong, .tooLong(maximum: 255))) {
            try ProjectName.validated(tooLong)
        }
        #expect(ProjectName.maximumLength == 255)
    }

    @Test("length is measured after trimming")
    func lengthAfterTrimming() throws {
        let longest = String(repeating: "x", count: 255)
        #expect(try ProjectName.validated("   \(longest)\t ") == longest)
    }

    @Test("length counts characters as a reader sees them, not code points")
    func lengthCountsGraphemes() throws {
        let decomposed = String(repeating: "e\u{301}", count: 255)   // 510 scalars, 255 characters
        #expect(try ProjectName.validated(decomposed) == decomposed)
        let flags = String(repeating: "🇸🇪", count: 255)              // 510 scalars, 255 characters
        #expect(try ProjectName.validated(flags) == flags)
        let tooMany = String(repeating: "e\u{301}", count: 256)
        #expect(throws: ProjectStoreError.invalidName(tooMany, .tooLong(maximum: 255))) {
            try ProjectName.validated(tooMany)
        }
    }

    @Test("255 characters of up to three code points each are accepted")
    func lengthWithStackedMarks() throws {
        let vietnamese = String(repeating: "e\u{323}\u{302}", count: 255)   // ệ, decomposed: 765 scalars
        #expect(vietnamese.count == 255)
        #expect(try ProjectName.validated(vietnamese) == vietnamese)
    }

    @Test("one character made of a huge run of combining marks is refused")
    func hugeGraphemeRefused() {
        let huge = "a" + String(repeating: "\u{301}", count: 2000)
        #expect(huge.count == 1)
        #expect(throws: ProjectStoreError.invalidName(huge, .tooLong(maximum: 255))) {
            try ProjectName.validated(huge)
        }
    }

    @Test("a control character that is not whitespace is not trimmed away, and wins over length")
    func problemPrecedence() {
        #expect(throws: ProjectStoreError.invalidName("\u{0}", .controlCharacter)) {
            try ProjectName.validated("\u{0}")
        }
        let longWithControl = String(repeating: "a", count: 300) + "\u{7}b"
        #expect(throws: ProjectStoreError.invalidName(longWithControl, .controlCharacter)) {
            try ProjectName.validated(longWithControl)
        }
    }
}

@Suite("Project names: clashes")
struct ProjectNameClashTests {
    static let clashing: [(String, String)] = [
        ("My Novel", "my novel"),
        ("My Novel", "MY NOVEL"),
        ("my novel", "My Novel"),
        ("Caf\u{E9}", "Cafe\u{301}"),            // precomposed é against e + combining acute
        ("Cafe\u{301}", "CAF\u{C9}"),
        ("\u{C9}t\u{E9}", "\u{E9}t\u{E9}"),      // Été / été
        ("E\u{301}te\u{301}", "\u{E9}t\u{E9}"),  // decomposed Été / precomposed été
        ("Ångström", "ÅNGSTRÖM"),
        ("\u{212B}ngstr\u{F6}m", "\u{C5}ngstr\u{F6}m"),   // ANGSTROM SIGN is canonically Å
    ]

    @Test("names equal ignoring case and normalization clash", arguments: clashing)
    func clashingNames(first: String, second: String) throws {
        var catalog = try makeCatalog([first])
        let existing = catalog.projects[0]
        #expect(throws: ProjectStoreError.duplicateName(second, existing: existing)) {
            try catalog.add(name: second, kind: .novel, details: nil, id: fixedID("", 99), created: moment(0))
        }
        #expect(catalog.projects == [existing])
        #expect(ProjectName.matchKey(first) == ProjectName.matchKey(second))
    }

    @Test("names that differ in letters or accents do not clash",
          arguments: [("Cafe", "Caf\u{E9}"), ("Cafe", "Cafe\u{301}"), ("Resume", "R\u{E9}sum\u{E9}"),
                      ("My Novel", "My Novel 2"), ("My Novel", "MyNovel"), ("Ode", "\u{D6}de")])
    func distinctNames(first: String, second: String) throws {
        var catalog = try makeCatalog([first])
        try catalog.add(name: second, kind: .poetry, details: nil, id: fixedID("", 99), created: moment(0))
        #expect(catalog.names == [first, second])
        #expect(ProjectName.matchKey(first) != ProjectName.matchKey(second))
    }

    @Test("a clash is found after trimming, and reported with the trimmed name")
    func clashAfterTrimming() throws {
        var catalog = try makeCatalog(["My Novel"])
        #expect(throws: ProjectStoreError.duplicateName("my novel", existing: catalog.projects[0])) {
            try catalog.add(name: "  my novel \t", kind: .novel, details: nil, id: fixedID("", 9), created: moment(0))
        }
        #expect(catalog.projects.count == 1)
    }

    @Test("Greek names differing only in the case of sigma clash (ΟΔΟΣ / οδος)")
    func greekFinalSigma() throws {
        // Σ lowercases to σ, but at the end of a word the lowercase letter is ς: the same word in two cases.
        var catalog = try makeCatalog(["ΟΔΟΣ"])
        #expect(throws: ProjectStoreError.self) {
            try catalog.add(name: "οδος", kind: .novel, details: nil, id: fixedID("", 9), created: moment(0))
        }
        #expect(catalog.names == ["ΟΔΟΣ"])
    }

    @Test("renaming a project to its own name in another case or normalization is allowed",
          arguments: [("My Novel", "my novel"), ("My Novel", "MY NOVEL"), ("Caf\u{E9}", "Cafe\u{301}"),
                      ("\u{C9}t\u{E9}", "\u{E9}t\u{E9}"), ("My Novel", "  My Novel  ")])
    func renameToOwnNameInOtherCase(original: String, renamed: String) throws {
        var catalog = try makeCatalog(["Before", original, "After"])
        let before = catalog.projects[1]
        let trimmed = renamed.trimmingCharacters(in: .whitespaces)
        let result = try catalog.rename(.named(original), to: renamed)
        #expect(result.id == before.id)
        #expect(result.position == 2)
        #expect(result.name.unicodeScalars.elementsEqual(trimmed.unicodeScalars))
        #expect(catalog.projects[1].name.unicodeScalars.elementsEqual(trimmed.unicodeScalars))
        #expect(catalog.names.count == 3)
    }

    @Test("renaming to another project's name in another case or normalization is refused")
    func renameOntoOtherProjectRefused() throws {
        var catalog = try makeCatalog(["My Novel", "Caf\u{E9}"])
        let before = catalog
        #expect(throws: ProjectStoreError.duplicateName("MY NOVEL", existing: catalog.projects[0])) {
            try catalog.rename(.named("Caf\u{E9}"), to: "MY NOVEL")
        }
        #expect(throws: ProjectStoreError.duplicateName("cafe\u{301}", existing: catalog.projects[1])) {
            try catalog.rename(.named("My Novel"), to: "  cafe\u{301} ")
        }
        #expect(catalog == before)
    }
}
