import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// Every word of every table a person reads, spelled as Debian's hunspell dictionaries spell it
/// (`Tests/install-test-tools.sh` installs them). What is typed rather than read is left out first:
/// placeholders, options, command lines, commands, identifiers, paths. The words the dictionaries
/// lack (zsh, JSON, Vervollständigungsskript) are listed in `Localization/spelling/<language>.words`.
@Suite("spelling")
struct LocalizationSpellingTests {
    /// The dictionary of each table: English is American (docs/localization.md).
    static let dictionaries = ["en": "en_US", "fr": "fr_FR", "de": "de_DE", "es": "es_ES"]

    static let spellingFolder = L10nFixtures.localizationFolder.appendingPathComponent("spelling")

    /// What the user types, the same in every language: commands and their manual pages, kinds,
    /// orders, shells, and compile's formats and papers.
    static let typedWords: Set<String> = Set(["project"] + allCommands.map { $0.spec.name } + allCommands.map { "project-" + $0.spec.name }
        + ProjectKind.allCases.map(\.rawValue) + ProjectOrder.allCases.map(\.rawValue) + Shell.allCases.map(\.rawValue)
        + CompileFormat.allCases.map(\.rawValue) + Paper.allCases.map(\.rawValue)
        + MarketAction.allCases.map(\.rawValue) + MarketKind.allCases.map(\.rawValue) + PieceStatus.allCases.map(\.rawValue)
        + MarketField.yesNoWords)

    /// A command line a message quotes, in any language's quotes: `'project list'`, `„project list“`,
    /// `« project list »`, `"project add"`.
    private static let commandLine = (#"['„«“"]\s?project\b[^'“»”"]*"#)
    /// `{name}`, `--type`, `--sort=user`, `-d`, and a whole line of options and values after them.
    private static let placeholderOrOption = (#"\{[a-z-]+\}|(?<![\p{L}\p{N}])--?[a-z][a-z-]*(=\S*)?"#)
    /// Paths, files and variables: `~/Writing`, `.trash`, `projects.json`, `$EDITOR`, `LC_ALL`.
    private static let pathOrVariable = (#"\S*[/~$]\S*|\S*\w\.\w\S*|(?<!\w)\.\w+|\b[A-Z]+_[A-Z_]+\b"#)

    /// The words of `table` a person reads, each once, with what is typed taken out.
    static func words(of table: MessageTable) -> Set<String> {
        var words: Set<String> = []
        let typed = [commandLine, placeholderOrOption, pathOrVariable].map { try! NSRegularExpression(pattern: $0) }
        for (key, text) in table.entries where !key.hasSuffix("examples") {
            let prose = typed.reduce(text) { text, pattern in
                pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: " ")
            }
            // A word is letters, with an apostrophe or a hyphen inside (l’objectif, peut-être).
            for word in prose.split(whereSeparator: { !($0.isLetter || $0 == "’" || $0 == "'" || $0 == "-") }) {
                let word = word.trimmingCharacters(in: CharacterSet(charactersIn: "’'-"))
                if !word.isEmpty, !typedWords.contains(word) { words.insert(word) }
            }
        }
        return words
    }

    /// The words hunspell does not know, or `nil` when hunspell or the dictionary is missing.
    static func unknown(_ words: Set<String>, dictionary: String) throws -> Set<String>? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hunspell"),
              FileManager.default.fileExists(atPath: "/usr/share/hunspell/\(dictionary).dic") else { return nil }
        // The words go through a file: hunspell reads it whole, and no pipe can fill up both ways.
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID().uuidString).txt")
        try Data(words.sorted().joined(separator: "\n").utf8).write(to: list)
        defer { try? FileManager.default.removeItem(at: list) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hunspell")
        process.arguments = ["-i", "utf-8", "-l", "-d", dictionary, list.path]
        process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Set(String(decoding: answer, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// `Localization/spelling/<language>.words`: one word a line, `#` for a comment.
    static func listed(_ language: String) throws -> Set<String> {
        let text = try String(contentsOf: spellingFolder.appendingPathComponent("\(language).words"), encoding: .utf8)
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func everyWordIsSpelledRight(language: String) throws {
        let table = try #require(L10nFixtures.tables[language])
        let dictionary = try #require(Self.dictionaries[language])
        let words = Self.words(of: table)
        #expect(words.count > 500, "\(language): the table's words were not found")
        guard let unknown = try Self.unknown(words, dictionary: dictionary) else {
            Issue.record("hunspell or its \(dictionary) dictionary is missing: run bash Tests/install-test-tools.sh")
            return
        }
        let listed = try Self.listed(language)
        let misspelled = unknown.subtracting(listed).sorted()
        #expect(misspelled.isEmpty, "\(language): not in the \(dictionary) dictionary: \(misspelled.joined(separator: ", ")). Fix the word, or add it to Localization/spelling/\(language).words if it is right.")
        let unneeded = listed.subtracting(unknown).sorted()
        #expect(unneeded.isEmpty, "\(language): listed in Localization/spelling/\(language).words but no longer needed: \(unneeded.joined(separator: ", "))")
    }

    @Test func whatIsTypedIsLeftOutAndAMisspellingIsFound() throws {
        let table = MessageTable(language: "en", source: """
            a = Teh projcet {name} is in ~/Writing/x.md: see 'project list --sort user' or project add "Poems" --type novel.
            b = Set $EDITOR or LC_ALL, then --store=/tmp/s.json -d.
            """)
        #expect(Self.words(of: table) == ["Teh", "projcet", "is", "in", "see", "or", "Poems", "Set", "then"])
        guard let unknown = try Self.unknown(Self.words(of: table), dictionary: "en_US") else {
            Issue.record("hunspell or its en_US dictionary is missing: run bash Tests/install-test-tools.sh")
            return
        }
        #expect(unknown == ["Teh", "projcet"])
    }
}
