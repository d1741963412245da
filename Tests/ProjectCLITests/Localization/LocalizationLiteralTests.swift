#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// No English reaches the user from outside the tables. Every string literal of `Sources/ProjectCLI`
/// that holds a word (two letters or more) must be a message key, an identifier the user types or a
/// program reads (command, option, kind and order names, placeholder names, environment variables,
/// language codes), or a command-line example made only of such identifiers. Anything else is text a
/// person would read, and belongs in `Localization/*.messages`.
@Suite struct LocalizationLiteralTests {
    /// Besides the generated tables, the files that write code for other programs: shell scripts, the
    /// completion helper's answers to them, roff requests and the manual folders, the converters'
    /// arguments, the reference documents and stylesheet they are given, the title page's markup added
    /// to a screenplay's HTML (its words come from the Fountain), the file extensions and
    /// regions `compile` reads, git's arguments (sync's, and progress's reading of the history) and lock files, and the names `sync` and errors give their JSON fields. Every word a person
    /// reads in those comes from the tables, as `CompletionTests` and `ManualPageTests` check.
    static let literals = L10nSwiftScanner.literals(
        under: L10nFixtures.sourcesFolder.appendingPathComponent("ProjectCLI"),
        excluding: ["EmbeddedTables.swift", "BashCompletion.swift", "ZshCompletion.swift", "FishCompletion.swift",
                    "CompletionHelper.swift", "Roff.swift", "ManualWriter.swift", "DocumentConverter.swift",
                    "CompileFormat.swift", "ReferenceDOCX.swift", "ReferenceODT.swift", "ManuscriptLayout.swift",
                    "ManuscriptStylesheet.swift", "Git.swift", "GitSync.swift", "GitLocks.swift", "SyncReport+JSON.swift",
                    "ErrorReport+JSON.swift", "ScreenplayHTML.swift", "GitBackfill.swift"])

    static let commands = Set(allCommands.map { $0.spec.name })
    static let options = Set((allCommands.flatMap { $0.spec.options } + CommandLineParser.globalOptions).flatMap { option in
        ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
    })

    /// Words that are identifiers, not language.
    static let identifiers: Set<String> = {
        var words: Set<String> = ["project"]  // the tool's name, as in `project 1.0.0`
        words.formUnion(commands)
        words.formUnion((allCommands.flatMap { $0.spec.options } + CommandLineParser.globalOptions).map(\.long))
        words.formUnion(ProjectKind.allCases.map(\.rawValue))
        words.formUnion(ProjectOrder.allCases.map(\.rawValue))
        words.formUnion(L10nFixtures.english.entries.values.flatMap { L10nFixtures.placeholders(in: $0) })
        words.formUnion(L10nFixtures.tables.keys)  // language codes
        words.formUnion(["one", "other"])  // plural categories
        words.formUnion(["LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_COLLATE", "LC_TIME", "LC_NUMERIC", "C", "POSIX", "en_US_POSIX"])
        words.formUnion(["VISUAL", "EDITOR", "SHELL"])  // what `open` runs
        words.insert("posix_spawn_file_actions_addchdir_np")  // the C function `ProcessLauncher` looks up
        words.formUnion(["PATH", "LC_PAPER"])  // where `compile` finds its converters, and its paper
        words.insert("HOME")  // shown as `~` in the history
        words.insert("COLUMNS")  // the terminal's width when the system does not give it
        words.insert("UTC")  // the time zone due dates are formatted in, as ICU names it
        words.insert("gregorian")  // the calendar type ICU names, compared with what it says
        words.formUnion(ManualPages.environment.flatMap(\.0))  // the variables the manual page describes
        // Words people bring from other tools, answered with "did you mean"; never printed.
        words.formUnion(["ls", "new", "create", "rm", "remove", "del", "mv", "info", "view", "details", "describe"])
        return words
    }()

    /// Whole literals that are format, not language.
    static let formats: Set<String> = [
        "project \(L10nSwiftScanner.hole)\n",  // `--version`
        "/bin/sh",  // the shell `open` falls back on
        "trap : INT QUIT; ",  // the shell code `open` runs before the editor variable
        "1er",  // the first of a month in a French date in full: a date format, following LC_TIME as ICU's month names do
    ]

    /// Text in `Sources/ProjectCLI` that a user reads in English whatever their language, waiting
    /// for a fix there (see the lead's list). Each is reported as a known issue; remove an entry once
    /// its text is in the tables, and the test then keeps it out.
    static let knownUntranslated: Set<String> = []

    static func words(in text: String) -> [String] {
        text.split { !$0.isLetter }.filter { $0.count >= 2 }.map(String.init)
    }

    static func isIdentifierToken(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// `kind.\(raw)`, `\(key)[other]`, `order.\(raw)`: a key built at run time.
    static func isKeyTemplate(_ text: String) -> Bool {
        guard text.contains(L10nSwiftScanner.hole) else { return false }
        var filled = text.replacingOccurrences(of: String(L10nSwiftScanner.hole), with: "x")
        if let open = filled.firstIndex(of: "["), filled.hasSuffix("]") { filled = String(filled[..<open]) }
        return filled == "x" || LocalizationKeyUsageTests.isKeyShaped(filled)
    }

    /// `project list --sort user`: what is wrong in a command-line example, if anything.
    static func problemInExample(_ text: String) -> String? {
        var tokens: [(text: String, quoted: Bool)] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                wasQuoted = true
            } else if character == " " && !quoted {
                if !current.isEmpty || wasQuoted { tokens.append((current, wasQuoted)) }
                current = ""
                wasQuoted = false
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty || wasQuoted { tokens.append((current, wasQuoted)) }
        for token in tokens {
            if token.quoted {
                if !words(in: token.text).isEmpty { return "sample text “\(token.text)”" }
                continue
            }
            let allowed = token.text == "project" || commands.contains(token.text) || options.contains(token.text)
                || ["-", "--", "|", ">"].contains(token.text) || identifiers.contains(token.text)
                || token.text.allSatisfy(\.isHexDigit)
            if !allowed { return "“\(token.text)”" }
        }
        return nil
    }

    /// Why `literal` is text for people, or `nil` when it is not.
    static func problem(_ literal: L10nSwiftLiteral) -> String? {
        let text = literal.text
        if words(in: text).isEmpty || formats.contains(text) { return nil }
        if L10nFixtures.english[text] != nil || L10nFixtures.english["\(text)[other]"] != nil { return nil }
        if LocalizationKeyUsageTests.isKeyShaped(text), LocalizationKeyUsageTests.namespaces.contains(String(text.prefix { $0 != "." })) {
            return nil  // a key; LocalizationKeyUsageTests checks that it exists
        }
        if isKeyTemplate(text) { return nil }
        if isIdentifierToken(text) { return identifiers.contains(text) ? nil : "an English word" }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("project ") || trimmed.contains("| project ") {
            return problemInExample(trimmed).map { "a command example with \($0)" }
        }
        return "English text"
    }

    @Test func theScannerReadsSwift() {
        let source = ##"""
        let a = "plain \(b("inner")) end" // "comment"
        /* "block /* nested */ comment" */
        let c = #"raw "quoted" \#(d)"#
        let e = """
            multi "line"
            """
        #if canImport(Glibc)
        """##
        let found = L10nSwiftScanner.literals(in: source, file: "x.swift").map(\.text)
        #expect(found == ["plain \u{FFFC} end", "inner", "raw \"quoted\" \u{FFFC}", "multi \"line\""])
        #expect(Self.literals.count > 150, "found only \(Self.literals.count) literals under Sources/ProjectCLI")
    }

    @Test func theRulesTellTextFromIdentifiers() {
        func check(_ text: String) -> String? {
            Self.problem(L10nSwiftLiteral(file: "x.swift", line: 1, text: text, before: "", after: ""))
        }
        #expect(check("add.summary") == nil)
        #expect(check("order.\u{FFFC}") == nil)
        #expect(check("  \u{FFFC})\n") == nil)
        #expect(check("short-story") == nil)
        #expect(check("LC_ALL") == nil)
        #expect(check("project list --sort user") == nil)
        #expect(check("project show 3f2a --json") == nil)
        #expect(check("Nothing was changed.") != nil)
        #expect(check("Error") != nil)
        #expect(check("project add \"My Novel\"") != nil)
        #expect(check("(none)") != nil)
    }

    @Test func noUserFacingEnglishOutsideTheTables() {
        var known: [String] = []
        var seenKnown: Set<String> = []
        for literal in Self.literals {
            guard let problem = Self.problem(literal) else { continue }
            let file = literal.file.replacingOccurrences(of: "Sources/ProjectCLI/", with: "")
            let id = "\(file): \(literal.text)"
            if Self.knownUntranslated.contains(id) {
                seenKnown.insert(id)
                known.append("\(literal) is \(problem)")
            } else {
                Issue.record("\(literal) is \(problem): put the text in Localization/*.messages and look it up with its key")
            }
        }
        for stale in Self.knownUntranslated.subtracting(seenKnown).sorted() {
            Issue.record("“\(stale)” is no longer in Sources: remove it from knownUntranslated")
        }
        for message in known {
            withKnownIssue("English text in Sources/ProjectCLI, to be moved into the tables") {
                Issue.record("\(message)")
            }
        }
    }

    /// The `<name>`, `<kind>`, `<text>` placeholders of usage lines and option labels are words too.
    @Test(arguments: L10nFixtures.translations)
    func helpPlaceholdersAreInTheUsersLanguage(language: String) {
        func placeholders(_ text: String) -> Set<String> {
            var found: Set<String> = []
            var rest = text[...]
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                found.insert(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            return found.filter { Self.words(in: $0).count > 0 }
        }
        let english = HelpView(localizer: Localizer(language: "en"))
        let local = HelpView(localizer: Localizer(language: language))
        let specs = allCommands.map { $0.spec }
        var untranslated: Set<String> = []
        for spec in specs {
            untranslated.formUnion(placeholders(english.command(spec)).intersection(placeholders(local.command(spec))))
        }
        untranslated.formUnion(placeholders(english.overview(commands: specs, storePath: nil))
            .intersection(placeholders(local.overview(commands: specs, storePath: nil))))
        // Words that are the same in both languages, written as a native speaker would.
        let sameWord: [String: Set<String>] = ["fr": ["options", "shell", "date", "format", "note", "version"], "es": ["shell"]]
        untranslated.subtract(sameWord[language] ?? [])
        #expect(untranslated.isEmpty, "\(language) help shows English placeholders: \(untranslated.sorted().map { "<\($0)>" })")
    }

    /// `strerror` speaks English (the process never calls setlocale, and the C library may have no
    /// translations): the reasons of store and import errors should come from the tables.
    @Test(arguments: L10nFixtures.translations)
    func systemErrorReasonsAreInTheUsersLanguage(language: String) {
        let english = String(cString: strerror(ENOENT))
        let report = ErrorReport(CommandError.importUnreadable(path: "/nowhere.json", code: ENOENT), localizer: Localizer(language: language))
        #expect(!report.text.contains(english), "\(language): \(report.text)")
    }
}
