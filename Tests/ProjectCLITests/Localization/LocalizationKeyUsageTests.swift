import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// The tables and the code agree: every key the code asks for exists in English, and no table keeps
/// messages the code no longer uses. Keys are found as string literals in `Sources/`; the few keys
/// the code builds at run time are listed from the enums they come from.
@Suite struct LocalizationKeyUsageTests {
    static let literals = L10nSwiftScanner.literals(under: L10nFixtures.sourcesFolder, excluding: ["EmbeddedTables.swift"])

    /// `kind.novel`, `list.summary`, `usage.unknown-command.suggest`.
    static func isKeyShaped(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return false }
        return segments.allSatisfy { segment in
            !segment.isEmpty && segment.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }

    /// The first segments of the English keys: `help`, `error`, `usage`…
    static let namespaces = Set(L10nFixtures.english.entries.keys.compactMap { $0.split(separator: ".").first.map(String.init) })

    /// A literal passed straight to the localizer or to a spec's text fields.
    static func isInLocalizationCall(_ literal: L10nSwiftLiteral) -> Bool {
        let before = literal.before.trimmingCharacters(in: .whitespaces)
        return ["text(", "message(", "pluralMessage(", "say(", "warn(", "ask(", "confirm(", "help:", "summary:", "discussion:"]
            .contains { before.hasSuffix($0) }
    }

    /// Literals that name a message: key-shaped, and either in a known namespace or handed to the localizer.
    static let keyLiterals: [L10nSwiftLiteral] = literals.filter { literal in
        isKeyShaped(literal.text)
            && (namespaces.contains(String(literal.text.prefix { $0 != "." })) || isInLocalizationCall(literal))
    }

    /// A key whose text is chosen by a count: `text(key, count: n)`, or both forms found at once,
    /// `pluralMessage(key)`.
    static func isCounted(_ literal: L10nSwiftLiteral) -> Bool {
        literal.after.drop { $0 == " " }.hasPrefix(", count:")
            || literal.before.trimmingCharacters(in: .whitespaces).hasSuffix("pluralMessage(")
    }

    static let pluralKeys = Set(keyLiterals.filter(isCounted).map(\.text))

    /// The keys the code builds: `kind.<raw value>` (`ProjectKind.nameKey`), `kind.<raw value>.description`
    /// (`types`), and `order.<raw value>` (`list`, `move`, `sort`).
    static let dynamicKeys: Set<String> = Set(
        ProjectKind.allCases.flatMap { [$0.nameKey, "\($0.nameKey).description"] }
            + ProjectOrder.allCases.map { "order.\($0.rawValue)" }
            + KindFolder.allCases.map { "kind-folder.\($0.rawValue)" }
            + MarketKind.allCases.map { "market.kind.\($0.rawValue)" }
            + PieceStatus.allCases.map { "submissions.status.\($0.rawValue)" })

    @Test func theScannerFindsTheSources() {
        #expect(Self.literals.count > 200, "found only \(Self.literals.count) literals under \(L10nFixtures.sourcesFolder.path)")
        #expect(Self.keyLiterals.count > 100)
    }

    @Test func everyKeyTheCodeUsesIsInEnglish() {
        let english = L10nFixtures.english
        for literal in Self.keyLiterals {
            if Self.isCounted(literal) {
                #expect(english["\(literal.text)[other]"] != nil && english["\(literal.text)[one]"] != nil,
                        "\(literal): used with a count, but en.messages lacks \(literal.text)[one] or [other]")
            } else {
                #expect(english[literal.text] != nil, "\(literal): not a key of en.messages")
            }
        }
    }

    /// The code still builds the dynamic keys the way this test assumes.
    @Test func dynamicKeysAreBuiltFromTheEnums() {
        for kind in ProjectKind.allCases {
            #expect(kind.nameKey == "kind.\(kind.rawValue)")
        }
        let texts = Set(Self.literals.filter { $0.file.hasPrefix("Sources/ProjectCLI/") }.map(\.text))
        let hole = String(L10nSwiftScanner.hole)
        #expect(texts.contains("kind.\(hole)"), "ProjectKind.nameKey no longer builds kind.<raw value>")
        #expect(texts.contains("\(hole).description"), "types no longer builds kind.<raw value>.description")
        #expect(texts.contains("order.\(hole)"), "no command builds order.<raw value> any more")
        for key in Self.dynamicKeys.sorted() {
            #expect(L10nFixtures.english[key] != nil, "en.messages lacks \(key), which the code builds")
        }
    }

    @Test func everyEnglishKeyIsUsed() {
        let used = Set(Self.keyLiterals.map(\.text)).union(Self.dynamicKeys)
        let unused = L10nFixtures.english.entries.keys.filter { !used.contains(L10nFixtures.baseKey($0)) }.sorted()
        #expect(unused.isEmpty, "en.messages has keys no code uses: \(unused.joined(separator: ", "))")
    }

    /// Plural forms only for keys the code looks up with a count, and the other way round.
    @Test func pluralFormsMatchCountedLookups() {
        let english = L10nFixtures.english.entries.keys
        let withForms = Set(english.filter { L10nFixtures.pluralForm($0) != nil }.map(L10nFixtures.baseKey))
        #expect(withForms == Self.pluralKeys, "keys with [one]/[other] \(withForms.sorted()) ≠ keys looked up with a count \(Self.pluralKeys.sorted())")
    }
}
