import Foundation
import Testing

/// A reference that names no project: the nearest names are asked about, in the writer's language,
/// and never acted on.
@Suite("near names")
struct NearNameTests {
    @Test("a mistyped name is answered with the nearest names, in each language", arguments: [
        ("C.UTF-8", "Error: No project is named “Sonets”. Did you mean “Sonnets for Winter”?\n"),
        ("fr_FR.UTF-8", "Erreur\u{A0}: Aucun projet ne s’appelle «\u{A0}Sonets\u{A0}». Vouliez-vous dire «\u{A0}Sonnets for Winter\u{A0}»\u{202F}?\n"),
        ("de_DE.UTF-8", "Fehler: Kein Projekt heißt „Sonets“. Meinten Sie „Sonnets for Winter“?\n"),
        ("es_ES.UTF-8", "Error: Ningún proyecto se llama «Sonets». ¿Querías decir «Sonnets for Winter»?\n"),
    ])
    func oneSuggestion(language: String, expected: String) async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Sonnets for Winter", "My Novel")
        let result = await sandbox.run(["show", "Sonets"], environment: ["LANG": language])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == expected)
    }

    @Test("several near names are listed, three at most, the nearest first")
    func several() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Winter Tales", "A Winter", "Winters", "Wintre", "Draft")
        let english = await sandbox.run("show", "winter")
        #expect(english.status == 1)
        #expect(english.stderr == "Error: No project is named “winter”. Did you mean “Winter Tales”, “Winters” or “A Winter”?\n")
        // "Wintre" starts with it; "Winter" is one letter away in two names.
        let german = await sandbox.run(["show", "wintr"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stderr == "Fehler: Kein Projekt heißt „wintr“. Meinten Sie „Wintre“, „Winter Tales“ oder „A Winter“?\n")
        // Nothing near: the words of before.
        let none = await sandbox.run("show", "Poems")
        #expect(none.stderr.hasPrefix("Error: No project is named “Poems”, and no id starts with it."))
    }

    @Test("a word of the name, accents and case aside", arguments: [("ete", "L’Été de Marie"), ("MARIE", "L’Été de Marie"), ("Novle", "My Novel")])
    func wordsAndEdits(typed: String, suggested: String) async throws {
        let sandbox = try Sandbox()
        await sandbox.add("L’Été de Marie", "My Novel", "Draft")
        let result = await sandbox.run("show", typed)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("Did you mean “\(suggested)”?\n"), "\(result)")
    }

    @Test("a changing command never acts on a suggestion", arguments: [
        ["rename", "Sonets", "Autumn"], ["delete", "Sonets", "--yes"], ["move", "Sonets", "--top"],
        ["edit", "Sonets", "-d", "guessed"], ["move", "Draft", "--after", "Sonets"],
    ])
    func changingCommands(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Draft", "Sonnets for Winter")
        let before = await sandbox.ok("export").stdout
        let result = await sandbox.run(arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Did you mean “Sonnets for Winter”?"), "\(result)")
        #expect(await sandbox.ok("export").stdout == before)
    }
}
