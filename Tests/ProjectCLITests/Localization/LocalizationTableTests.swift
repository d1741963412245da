import Testing
@testable import ProjectCLI
import ProjectStore

/// The tables under `Localization/` are complete and agree with each other: a translator who forgot
/// a message, a placeholder or a plural form is told which one.
@Suite struct LocalizationTableTests {
    @Test func theShippedLanguagesAreOnDisk() {
        #expect(Set(L10nFixtures.tables.keys).isSuperset(of: ["en", "fr", "de", "es"]))
        for (language, table) in L10nFixtures.tables {
            #expect(!table.entries.isEmpty, "Localization/\(language).messages has no messages")
        }
    }

    @Test(arguments: L10nFixtures.translations)
    func everyEnglishKeyIsTranslated(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        let missing = Set(L10nFixtures.english.entries.keys).subtracting(table.entries.keys).sorted()
        #expect(missing.isEmpty, "Localization/\(language).messages lacks: \(missing.joined(separator: ", "))")
    }

    @Test(arguments: L10nFixtures.translations)
    func noTranslationHasKeysEnglishLacks(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        // A language may need more plural forms than English (`few`, `many`) for a key English counts.
        let englishPlurals = Set(L10nFixtures.english.entries.keys.filter { L10nFixtures.pluralForm($0) != nil }.map(L10nFixtures.baseKey))
        let extra = Set(table.entries.keys).subtracting(L10nFixtures.english.entries.keys).filter { key in
            !(englishPlurals.contains(L10nFixtures.baseKey(key)) && Self.pluralCategories.contains(L10nFixtures.pluralForm(key) ?? ""))
        }.sorted()
        #expect(extra.isEmpty, "Localization/\(language).messages has keys that en.messages lacks: \(extra.joined(separator: ", "))")
    }

    /// CLDR plural categories; `PluralRule` decides which a language uses.
    static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    @Test(arguments: L10nFixtures.translations)
    func placeholdersAreTheSameAsInEnglish(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        for (key, english) in L10nFixtures.english.entries.sorted(by: { $0.key < $1.key }) {
            guard let translated = table[key] else { continue }
            let wanted = L10nFixtures.placeholders(in: english)
            let found = L10nFixtures.placeholders(in: translated)
            #expect(found == wanted, "\(language) \(key): placeholders \(found.sorted()), English has \(wanted.sorted())")
        }
    }

    /// Where English has `key[one]` and `key[other]`, so does every language; and plural forms are
    /// never used without their `[other]`, which is what any count falls back to.
    @Test(arguments: ["en"] + L10nFixtures.translations)
    func pluralKeysHaveTheirForms(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        let englishPlurals = Set(L10nFixtures.english.entries.keys.filter { L10nFixtures.pluralForm($0) != nil })
        for key in englishPlurals.sorted() {
            #expect(table[key] != nil, "\(language): \(key) is missing")
        }
        for key in table.entries.keys.sorted() where L10nFixtures.pluralForm(key) != nil {
            let form = L10nFixtures.pluralForm(key)!
            #expect(Self.pluralCategories.contains(form), "\(language) \(key): \(form) is not a CLDR plural category")
            #expect(table["\(L10nFixtures.baseKey(key))[other]"] != nil, "\(language) \(key) has no [other] form")
        }
    }

    @Test(arguments: ["en"] + L10nFixtures.translations)
    func noMessageIsEmptyOrBadlyEscaped(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        for (key, text) in table.entries.sorted(by: { $0.key < $1.key }) {
            #expect(!text.isEmpty, "\(language) \(key) is empty")
            #expect(text == text.trimmingCharacters(in: .whitespaces), "\(language) \(key) has spaces at an end")
            #expect(!text.contains("\\"), "\(language) \(key) has a stray backslash: \(text)")
            #expect(text.filter { $0 == "{" }.count == text.filter { $0 == "}" }.count, "\(language) \(key) has unbalanced braces")
        }
        let source = try #require(L10nFixtures.tableSources[language])
        var seen: Set<String> = []
        for line in source.split(separator: "\n") where !line.hasPrefix("#") {
            guard let equals = line.firstIndex(of: "=") else {
                Issue.record("\(language): a line that is neither a comment nor `key = text`: \(line)")
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            #expect(seen.insert(key).inserted, "\(language): \(key) is given twice")
        }
    }

    /// A message left in English by mistake. The few that are the same word in both languages are named here.
    @Test(arguments: L10nFixtures.translations)
    func nothingIsLeftInEnglish(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        let sameWord: [String: Set<String>] = [
            "fr": ["show.type", "show.position", "placeholder.shell", "man.heading.synopsis", "man.heading.description",
                   "man.heading.arguments", "man.heading.options", "placeholder.date",
                   "placeholder.format",
                   // Versions (docs/versions.md): the same words in French.
                   "placeholder.note", "placeholder.version", "diff.version", "versions.column.date", "versions.column.machine",
                   "versions.column.note", "versions.column.number",
                   // Submissions (docs/submissions.md): the same words in French.
                   "market.kind.magazine", "market.kind.agent", "market.row.notes", "submit.piece", "submission.row.note"],
            "de": ["show.name", "show.position", "show.details", "prompt.name", "words.in-files", "sync.list", "sync.commit.subject", "versions.column.number",
                   "market.row.name"],
            "es": ["error.prefix", "placeholder.shell", "sync.list", "sync.commit.subject", "market.no"],
        ]
        // Command lines with no sample name in them, and the `<n>` of `--to <n>`, read the same everywhere.
        let sameEverywhere: Set<String> = [
            "sort.examples", "help.command-examples", "placeholder.n", "undo.examples", "redo.examples", "history.examples",
            "history.root.default", "completions.examples", "compile.markdown", "name.numbered",
            // JSON's own word for no value.
            "document.kind.null",
            // A diff's heading and its count of words: names and numbers only.
            "diff.heading", "diff.summary-line",
            // A version's date and note, as completion describes it: no words of its own.
            "completion.version-note",
            // A list of two figures, and a piece with its version's number.
            "market.figures.sent", "submissions.piece",
            // A piece and the answer it holds; a submission's number and id; command lines.
            "error.response.piece-holds", "submission.number", "submission.examples",
        ]
        for (key, english) in L10nFixtures.english.entries.sorted(by: { $0.key < $1.key }) {
            guard let translated = table[key], !(sameWord[language] ?? []).contains(key), !sameEverywhere.contains(key)
            else { continue }
            #expect(translated != english, "\(language) \(key) is still in English: \(english)")
        }
    }

    /// The delete prompt offers the local yes letter, and `answer.yes` accepts it.
    @Test(arguments: [("en", "y", ["y", "yes"]), ("fr", "o", ["o", "oui"]), ("de", "j", ["j", "ja"]), ("es", "s", ["s", "sí", "si"])])
    func yesIsTheLocalWord(language: String, letter: String, answers: [String]) throws {
        let table = try #require(L10nFixtures.tables[language])
        let confirm = try #require(table["delete.confirm"])
        #expect(confirm.hasSuffix("[\(letter)/N]"), "\(language) delete.confirm should end with [\(letter)/N]: \(confirm)")
        let yes = try #require(table["answer.yes"]).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(yes == answers)
        #expect(yes.allSatisfy { $0 == $0.lowercased() }, "answers are compared in lower case")
    }

    /// `--type` accepts kind names in the user's language: they must not be confused with each other
    /// or with another kind's identifier.
    @Test(arguments: ["en"] + L10nFixtures.translations)
    func kindNamesAreDistinctWhenTyped(language: String) {
        let localizer = Localizer(language: language)
        for kind in ProjectKind.allCases {
            let name = localizer.text(kind.nameKey)
            #expect(ProjectKind(typed: name, localizer: localizer) == kind, "\(language): “\(name)” is not read back as \(kind.rawValue)")
            #expect(ProjectKind(typed: name.uppercased(), localizer: localizer) == kind)
            #expect(ProjectKind(typed: kind.rawValue, localizer: localizer) == kind)
        }
    }

    /// French: « » with no-break spaces inside, a no-break space before : and a narrow one before ; ? !
    /// (never a plain space, never nothing). German: „…“. Spanish: «…» and ¿…?. Straight quotes only in
    /// command lines.
    @Test func frenchTypography() throws {
        let table = try #require(L10nFixtures.tables["fr"])
        for (key, text) in table.entries.sorted(by: { $0.key < $1.key }) {
            let characters = Array(text)
            for (offset, character) in characters.enumerated() {
                let previous = offset > 0 ? characters[offset - 1] : nil
                let next = offset + 1 < characters.count ? characters[offset + 1] : nil
                switch character {
                case ":", ";", "?", "!":
                    // `{count}:` never happens in French; a colon inside a word (`12:30`) is not punctuation.
                    guard next == nil || next == " " || next == "\n" || next == "\u{A0}" else { continue }
                    // U+00A0 before a colon, the narrow U+202F before ; ? !, as docs/localization.md says.
                    let space: Character = character == ":" ? "\u{A0}" : "\u{202F}"
                    #expect(previous == space, "fr \(key): not U+\(String(space.unicodeScalars.first!.value, radix: 16, uppercase: true)) before “\(character)”: \(text)")
                case "«":
                    #expect(next == "\u{A0}" || next == "\u{202F}", "fr \(key): no no-break space after «: \(text)")
                case "»":
                    #expect(previous == "\u{A0}" || previous == "\u{202F}", "fr \(key): no no-break space before »: \(text)")
                case "'":
                    Issue.record("fr \(key): use ’ as apostrophe and « » as quotes: \(text)")
                case "“", "”", "„":
                    Issue.record("fr \(key): use « » as quotes: \(text)")
                default:
                    break
                }
            }
            #expect(text.filter { $0 == "«" }.count == text.filter { $0 == "»" }.count, "fr \(key): unpaired « »")
        }
    }

    @Test func germanTypography() throws {
        let table = try #require(L10nFixtures.tables["de"])
        for (key, text) in table.entries.sorted(by: { $0.key < $1.key }) {
            #expect(text.filter { $0 == "„" }.count == text.filter { $0 == "“" }.count, "de \(key): unpaired „“: \(text)")
            #expect(!text.contains(where: { "”«»'".contains($0) }), "de \(key): use „…“ as quotes: \(text)")
        }
    }

    @Test func spanishTypography() throws {
        let table = try #require(L10nFixtures.tables["es"])
        for (key, text) in table.entries.sorted(by: { $0.key < $1.key }) {
            #expect(text.filter { $0 == "«" }.count == text.filter { $0 == "»" }.count, "es \(key): unpaired «»: \(text)")
            #expect(text.filter { $0 == "¿" }.count == text.filter { $0 == "?" }.count, "es \(key): a question needs ¿…?: \(text)")
            #expect(!text.contains(where: { "“”„'".contains($0) }), "es \(key): use «…» as quotes: \(text)")
        }
    }

    /// Straight double quotes belong to command lines the user may copy (`project add "Mon roman"`,
    /// `-d ""`), never to prose.
    @Test(arguments: L10nFixtures.translations)
    func straightQuotesOnlyInCommandLines(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        let allowed: Set<String> = [
            "list.empty", "edit.option.details", "show.folder.none", "error.no-folder", "error.folder-missing", "path.discussion",
            "sync.folder-clash", "sync.dropped", "history.dropped.undelete",
            "versions.none", "versions.none-of-file", "error.versions.none-yet",
            // Submissions (docs/submissions.md): the command to type.
            "market.none", "response.withdraw-elsewhere",
        ]
        for (key, text) in table.entries.sorted(by: { $0.key < $1.key }) where text.contains("\"") {
            let isExamples = key.hasSuffix(".examples") || key.hasSuffix("-examples")
            #expect(allowed.contains(key) || isExamples, "\(language) \(key): straight quotes in prose: \(text)")
        }
    }

    /// What must stay as typed: command names, options and identifiers quoted from English.
    @Test(arguments: L10nFixtures.translations)
    func commandsAndOptionsAreNotTranslated(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        for (key, english) in L10nFixtures.english.entries.sorted(by: { $0.key < $1.key }) {
            guard let translated = table[key] else { continue }
            for token in Self.commandTokens(in: english) {
                #expect(translated.contains(token), "\(language) \(key) should keep “\(token)” as it is: \(translated)")
            }
        }
    }

    /// `--type`, `project list --sort user`, `PROJECT_STORE`: the parts of a message the user types.
    private static func commandTokens(in text: String) -> [String] {
        var tokens: [String] = []
        for word in text.split(whereSeparator: { " ()'\",.:;\n".contains($0) }) {
            if word.hasPrefix("--") && word.count > 2 { tokens.append(String(word)) }
            if word == "PROJECT_STORE" || word == "HOME" { tokens.append(String(word)) }
        }
        var rest = text[...]
        while let start = rest.range(of: "'project ") {
            guard let end = rest[start.upperBound...].firstIndex(of: "'") else { break }
            let command = rest[rest.index(after: start.lowerBound)..<end]
            // The placeholder <command> is the user's to fill in, and may be translated.
            tokens.append(String(command.prefix { $0 != "<" }).trimmingCharacters(in: .whitespaces))
            rest = rest[rest.index(after: end)...]
        }
        return tokens
    }
}
