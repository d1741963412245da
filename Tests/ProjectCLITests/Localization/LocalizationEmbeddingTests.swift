import Foundation
import Testing
@testable import ProjectCLI

/// The tables are compiled into the binary (a `project` copied alone must still speak every
/// language), by `Localization/embed.sh` into `EmbeddedTables.swift`. These tests fail while that
/// generated file is out of step with the `.messages` files.
@Suite struct LocalizationEmbeddingTests {
    static let advice = "the compiled-in tables differ from Localization/*.messages: run `sh Localization/embed.sh` and rebuild"

    @Test func everyTableOnDiskIsCompiledIn() {
        let onDisk = Set(L10nFixtures.tableSources.keys)
        let compiled = Set(embeddedTables.keys)
        #expect(onDisk == compiled, "\(Self.advice) (on disk: \(onDisk.sorted()), compiled in: \(compiled.sorted()))")
        #expect(Set(Localizer.languages) == onDisk)
    }

    @Test(arguments: L10nFixtures.tableSources.keys.sorted())
    func compiledTableMatchesTheFile(language: String) throws {
        let onDisk = try #require(L10nFixtures.tables[language])
        let source = try #require(embeddedTables[language], "\(language): \(Self.advice)")
        let compiled = MessageTable(language: language, source: source)
        let keys = Set(onDisk.entries.keys).union(compiled.entries.keys).sorted()
        let differing = keys.filter { onDisk[$0] != compiled[$0] }
        #expect(differing.isEmpty, "\(language): \(Self.advice); differing keys: \(differing.joined(separator: ", "))")
    }

    /// The Localizer reads what was compiled in, not files next to the binary.
    @Test(arguments: L10nFixtures.tableSources.keys.sorted())
    func localizerSpeaksEveryCompiledLanguage(language: String) throws {
        let localizer = Localizer(language: language)
        #expect(localizer.language == language)
        let table = try #require(L10nFixtures.tables[language])
        #expect(localizer.text("help.about") == table["help.about"])
    }

    /// A language without a table, or a key missing from one, falls back to English: never a crash.
    @Test func missingTablesAndKeysFallBackToEnglish() {
        let unknown = Localizer(language: "sv")
        #expect(unknown.language == "en")
        #expect(unknown.text("list.summary") == L10nFixtures.english["list.summary"])
        #expect(Localizer(language: "fr").text("no.such.key") == "no.such.key")
    }
}
