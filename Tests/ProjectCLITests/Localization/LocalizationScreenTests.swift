import Foundation
import Testing
@testable import ProjectCLI

/// The tool run in-process in each language, as a French, German or Spanish writer meets it:
/// help, the empty list, a refused name, kinds typed in their language, the delete prompt answered
/// in that language, dates, and the order of names.
@Suite struct LocalizationScreenTests {
    struct Language: Sendable, CustomTestStringConvertible {
        let code: String
        let locale: String
        /// A kind name as a user of this language types it, and the kind it means.
        let typedKind: String
        let kind: String
        let yes: [String]
        let no: String
        let march: String
        /// 80,000 as a writer of the language types it, and targets that may be decimals.
        let targets: [String]
        let decimals: [String]

        var testDescription: String { code }
    }

    static let languages = [
        Language(code: "fr", locale: "fr_FR.UTF-8", typedKind: "poésie", kind: "poetry", yes: ["o", "oui", "OUI", "y"], no: "non", march: "mars",
                 targets: ["80\u{202F}000", "80\u{A0}000", "80 000", "80000"], decimals: ["80,5", "1,5", "80.000"]),
        Language(code: "de", locale: "de_DE.UTF-8", typedKind: "kurzgeschichte", kind: "short-story", yes: ["j", "ja", "Ja", "yes"], no: "nein", march: "März",
                 targets: ["80.000", "80000"], decimals: ["90,000", "1,5"]),
        Language(code: "es", locale: "es_ES.UTF-8", typedKind: "Relato corto", kind: "short-story", yes: ["s", "sí", "si", "SÍ", "y"], no: "no", march: "marzo",
                 targets: ["80.000", "80000"], decimals: ["1,5", "80,000"]),
    ]

    /// A store of its own in a temporary folder, removed afterwards.
    final class Session {
        let folder: URL
        let environment: [String: String]
        let localizer: Localizer

        init(_ environment: [String: String]) {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("project-l10n-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            self.environment = environment.merging([
                "PROJECT_STORE": folder.appendingPathComponent("projects.json").path,
                "PROJECT_ROOT": folder.appendingPathComponent("Writing").path,
            ]) { $1 }
            localizer = Localizer(language: LocaleSettings(environment: environment).language)
        }

        deinit {
            try? FileManager.default.removeItem(at: folder)
        }

        @discardableResult
        func run(_ arguments: String..., answers: [String]? = nil, outputIsTerminal: Bool = false) -> (status: Int32, terminal: FakeTerminal) {
            let terminal = FakeTerminal(input: answers ?? [], interactive: answers != nil, outputIsTerminal: outputIsTerminal)
            let status = ProjectTool.run(arguments: arguments, environment: environment, terminal: terminal)
            return (status, terminal)
        }

        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            localizer.text(key, arguments)
        }
    }

    @Test(arguments: languages)
    func helpIsInTheLanguage(_ language: Language) {
        let session = Session(["LANG": language.locale])
        let (status, terminal) = session.run("help")
        #expect(status == 0)
        #expect(terminal.outputText.hasPrefix(session.text("help.about") + "\n"))
        #expect(terminal.outputText.contains(session.text("heading.commands")))
        #expect(terminal.outputText.contains(session.text("add.summary")))
        #expect(!terminal.outputText.contains(Localizer(language: "en").text("add.summary")))
        let add = session.run("add", "--help").terminal.outputText
        #expect(add.contains(session.text("add.discussion")))
        #expect(add.hasPrefix(session.text("heading.usage") + " project add"))
    }

    @Test(arguments: languages)
    func emptyListInvitesToAdd(_ language: Language) {
        let session = Session(["LANG": language.locale])
        let (status, terminal) = session.run("list")
        #expect(status == 0)
        #expect(terminal.outputText == session.text("list.empty") + "\n")
        #expect(terminal.outputText.contains("project add"))
    }

    @Test(arguments: languages)
    func kindsAreTypedAndShownInTheLanguage(_ language: Language) throws {
        let session = Session(["LANG": language.locale])
        let (status, terminal) = session.run("add", "Carnet", "--type", language.typedKind)
        #expect(status == 0, "\(terminal.errorText)")
        let kindName = session.text("kind.\(language.kind)")
        #expect(terminal.outputText.contains("(\(kindName))"))
        let json = session.run("list", "--json").terminal.outputText
        #expect(json.contains("\"type\": \"\(language.kind)\""), "JSON is never translated: \(json)")
        let listed = session.run("list", "--type", kindName.uppercased(), outputIsTerminal: true).terminal.outputText
        #expect(listed.contains("Carnet") && listed.contains(kindName))
        #expect(listed.hasSuffix(session.localizer.text("list.count", count: 1, ["order": session.text("order.name")]) + "\n"))
    }

    @Test(arguments: languages)
    func aDuplicateNameIsRefusedInTheLanguage(_ language: Language) {
        let session = Session(["LANG": language.locale])
        session.run("add", "Les Misérables")
        let (status, terminal) = session.run("add", "LES MISÉRABLES")
        #expect(status == 1)
        let message = session.text("error.duplicate-name", ["existing": "Les Misérables"])
        #expect(terminal.errorText == session.text("error.prefix", ["message": message]) + "\n")
    }

    @Test(arguments: languages)
    func deleteIsConfirmedInTheLanguage(_ language: Language) {
        let session = Session(["LANG": language.locale])
        for answer in language.yes {
            session.run("add", "Brouillon", "--no-folder")
            let (status, terminal) = session.run("delete", "Brouillon", answers: [answer])
            #expect(status == 0, "“\(answer)” should delete: \(terminal.errorText)")
            #expect(terminal.errorText == session.text("delete.confirm", ["name": "Brouillon"]) + " ")
            #expect(terminal.outputText == session.text("delete.done", ["name": "Brouillon"]) + "\n")
        }
        session.run("add", "Brouillon", "--no-folder")
        for answer in [language.no, "", "n", "oui" == language.yes[1] ? "ja" : "oui"] {
            let (status, terminal) = session.run("delete", "Brouillon", answers: [answer])
            #expect(status == 0, "“\(answer)” is an answer, not an error")
            #expect(terminal.errorText == session.text("delete.confirm", ["name": "Brouillon"]) + " "
                + session.text("delete.declined", ["name": "Brouillon"]) + "\n")
        }
        let refused = session.run("delete", "Brouillon")
        #expect(refused.status == 1)
        #expect(refused.terminal.errorText.contains(session.text("error.delete-needs-yes", ["name": "Brouillon"])))
    }

    /// Every delete prompt says what undo does (it brings the project, and its folder, back), and
    /// none says the deletion is for good.
    @Test(arguments: languages)
    func deletePromptsPointToUndo(_ language: Language) {
        let session = Session(["LANG": language.locale])
        for key in ["delete.confirm", "delete.confirm.trash", "delete.confirm.keep"] {
            #expect(session.text(key).contains("project undo"), "\(key)")
        }
        session.run("add", "Brouillon")
        let (status, terminal) = session.run("delete", "Brouillon", answers: [language.yes[0]])
        #expect(status == 0)
        #expect(terminal.errorText.contains("project undo"))
        #expect(session.run("undo").status == 0)
        #expect(FileManager.default.fileExists(atPath: session.folder.appendingPathComponent("Writing/Brouillon").path))
    }

    /// A rename or an edit that changes nothing says so in the language, and exits 0.
    @Test(arguments: languages)
    func changesThatChangeNothingSaySo(_ language: Language) {
        let session = Session(["LANG": language.locale])
        session.run("add", "Brouillon", "--no-folder")
        let renamed = session.run("rename", "brouillon", "Brouillon")
        #expect(renamed.status == 0)
        #expect(renamed.terminal.outputText == session.text("rename.unchanged", ["name": "Brouillon"]) + "\n")
        let edited = session.run("edit", "Brouillon", "--target", "0", "--due=")
        #expect(edited.status == 0)
        #expect(edited.terminal.outputText == session.text("edit.unchanged", ["name": "Brouillon"]) + "\n")
    }

    /// A target is typed as the tool writes it in the language, or as digits alone; what may be a
    /// decimal is refused in the language's words.
    @Test(arguments: languages)
    func targetsAreTypedAsTheToolWritesThem(_ language: Language) throws {
        let session = Session(["LANG": language.locale])
        session.run("add", "Brouillon", "--no-folder")
        let grouped = NumberText(locale: LocaleSettings(environment: session.environment).numbers).string(80_000)
        #expect(language.targets.contains(grouped))
        for typed in language.targets {
            let (status, terminal) = session.run("edit", "Brouillon", "--target", typed)
            #expect(status == 0, "\(typed): \(terminal.errorText)")
            let json = session.run("show", "Brouillon", "--json").terminal.outputText
            #expect(json.contains("\"target\": 80000"), "\(typed): \(json)")
            session.run("edit", "Brouillon", "--target", "0")
        }
        for typed in language.decimals {
            let (status, terminal) = session.run("edit", "Brouillon", "--target", typed)
            #expect(status == 2, "\(typed)")
            #expect(terminal.errorText.contains(session.text("usage.expected-whole-target", ["grouped": grouped])), "\(typed): \(terminal.errorText)")
        }
        #expect(!session.run("show", "Brouillon", "--json").terminal.outputText.contains("\"target\": 8"))
    }

    /// The grouping is LC_NUMERIC's, whatever the language of the messages.
    @Test func targetsFollowLCNumeric() {
        let session = Session(["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"])
        session.run("add", "Draft", "--no-folder")
        #expect(session.run("edit", "Draft", "--target", "80.000").status == 0)
        #expect(session.run("show", "Draft", "--json").terminal.outputText.contains("\"target\": 80000"))
        let refused = session.run("edit", "Draft", "--target", "90,000")
        #expect(refused.status == 2)
        #expect(refused.terminal.errorText.contains("it may be a decimal, but a target is a whole number of words, such as 80000 or 80.000"))
    }

    @Test("an import with markets and submissions says what came of each, with each count's plural form",
          arguments: [
              ("C.UTF-8", "Imported 0 projects, 1 market and 2 submissions."),
              ("fr_FR.UTF-8", "0 projet, 1 revue et 2 envois importés."),
              ("de_DE.UTF-8", "0 Projekte, 1 Markt und 2 Einsendungen importiert."),
              ("es_ES.UTF-8", "0 proyectos, 1 destino y 2 envíos importados."),
          ])
    func importSaysWhatCameOfEachKind(_ locale: String, _ said: String) throws {
        let session = Session(["LANG": locale])
        let document = session.folder.appendingPathComponent("import.json")
        try Data(#"""
        {"version": 4, "sort": "name", "projects": [],
         "markets": [{"id": "3a000000-0000-4000-8000-000000000001", "name": "Agni"}],
         "submissions": [
          {"id": "5b000000-0000-4000-8000-000000000001", "market": "3a000000-0000-4000-8000-000000000001",
           "project": "6f1c2a7e-8a8e-4c55-9b1e-2f8e1d0c9a11", "projectName": "Les Saisons", "sent": "2026-10-01",
           "pieces": [{"file": "Mars.md", "version": "0a1b2c3d4e5f"}]},
          {"id": "5b000000-0000-4000-8000-000000000002", "market": "3a000000-0000-4000-8000-000000000001",
           "project": "6f1c2a7e-8a8e-4c55-9b1e-2f8e1d0c9a11", "projectName": "Les Saisons", "sent": "2026-10-02",
           "pieces": [{"file": "Avril.md", "version": "0a1b2c3d4e5f"}]}
        ]}
        """#.utf8).write(to: document)
        let imported = session.run("import", document.path)
        #expect(imported.status == 0, "\(imported.terminal.errorText)")
        #expect(imported.terminal.outputText == said + "\n")
    }

    @Test(arguments: languages)
    func showWritesTheDateTheLocalWay(_ language: Language) throws {
        let session = Session(["LANG": language.locale])
        let document = session.folder.appendingPathComponent("import.json")
        try Data(#"""
        {"version": 1, "sort": "name", "projects": [
          {"id": "6f1c2a7e-8a8e-4c55-9b1e-2f8e1d0c9a11", "name": "Les Saisons", "type": "poetry",
           "created": "2026-03-15T12:00:00.000Z", "details": null}
        ]}
        """#.utf8).write(to: document)
        let imported = session.run("import", document.path)
        #expect(imported.status == 0, "\(imported.terminal.errorText)")
        #expect(imported.terminal.outputText == session.localizer.text("import.done", count: 1) + "\n")
        let shown = session.run("show", "Les Saisons").terminal.outputText
        #expect(shown.contains(language.march), "\(shown)")
        #expect(shown.contains(session.text("show.created")))
        #expect(shown.contains(session.text("kind.poetry")))
        #expect(!shown.contains("March") && !shown.contains(" PM") && !shown.contains(" AM"), "\(shown)")
    }

    @Test func precedenceEndToEnd() {
        let german = Session(["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"])
        #expect(german.run("list").terminal.outputText == Localizer(language: "de").text("list.empty") + "\n")
        let spanish = Session(["LANGUAGE": "es:fr", "LANG": "de_DE.UTF-8"])
        #expect(spanish.run("list").terminal.outputText == Localizer(language: "es").text("list.empty") + "\n")
        let english = Session(["LANGUAGE": "es:fr", "LC_ALL": "C", "LANG": "de_DE.UTF-8"])
        #expect(english.run("list").terminal.outputText == Localizer(language: "en").text("list.empty") + "\n")
        let canadian = Session(["LANG": "fr_CA.UTF-8"])
        #expect(canadian.run("list").terminal.outputText == Localizer(language: "fr").text("list.empty") + "\n")
    }

    /// In Swedish Ö is a letter after Z; in German it sorts with O. Messages stay English in Swedish.
    @Test func namesSortByTheCollationLocale() {
        let swedish = Session(["LC_COLLATE": "sv_SE.UTF-8", "LANG": "sv_SE.UTF-8"])
        let german = Session(["LANG": "de_DE.UTF-8"])
        for session in [swedish, german] {
            for name in ["Zebra", "Ödet", "Olle", "ödla"] { session.run("add", name) }
        }
        func names(_ session: Session) -> [String] {
            session.run("list", "--sort", "name").terminal.outputText.split(separator: "\n").map {
                String($0.prefix { $0 != " " })
            }
        }
        #expect(names(swedish) == ["Olle", "Zebra", "Ödet", "ödla"])
        #expect(names(german) == ["Ödet", "ödla", "Olle", "Zebra"])
        #expect(swedish.run("list", "--type", "roman").terminal.errorText.contains("is not a valid value"))
    }
}
