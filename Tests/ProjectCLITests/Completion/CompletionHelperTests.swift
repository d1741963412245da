import Foundation
import Testing
@testable import ProjectCLI

/// The hidden helper as the scripts call it: its first line says what to do, the candidates follow
/// in each shell's form, and names come from the store on the line or in the environment.
@Suite struct CompletionHelperTests {
    func complete(_ harness: ToolHarness, _ arguments: [String], language: String = "C") -> RunResult {
        harness.run([CompletionHelper.name] + arguments, environment: harness.environment.merging(["LANG": language]) { $1 })
    }

    @Test func namesAreMatchedAndPrintedWhole() throws {
        let harness = try ToolHarness()
        for name in ["L’Été de Marie", "Été", #"It's "odd" $HOME \ x"#, "東京 🎉", "Draft"] { harness.add(name) }
        // A word of the name starts with it, accents and case aside, in the writer's order.
        #expect(complete(harness, ["bash", "--", "show", "ete"]).output == "names\nL’Été de Marie\nÉté\n")
        #expect(complete(harness, ["bash", "--", "show", "MAR"]).output == "names\nL’Été de Marie\n")
        #expect(complete(harness, ["bash", "--", "show", #""l’"#]).output == "names\nL’Été de Marie\n")
        #expect(complete(harness, ["bash", "--", "show", #"It\'s\ "#]).output == "names\nIt's \"odd\" $HOME \\ x\n")
        #expect(complete(harness, ["zsh", "--", "move", "Draft", "--after=東"]).output == "names\n--after=東京 🎉\n")
        #expect(complete(harness, ["bash", "--", "move", "Draft", "--after=東"]).output == "names\n東京 🎉\n")
        #expect(complete(harness, ["fish", "--", "show", "zzz"]).output == "", "nothing to offer prints nothing")
    }

    @Test func marketsAreCompletedWhereAMarketIsAsked() throws {
        let harness = try ToolHarness()
        harness.add("Poems")
        for market in ["Poetry Review", "Ploughshares", "Agni"] { #expect(harness.run(["market", "add", market]).status == 0) }
        #expect(complete(harness, ["bash", "--", "submit", "Poems", "--to", "p"]).output == "names\nPoetry Review\nPloughshares\n")
        #expect(complete(harness, ["bash", "--", "market", "show", "rev"]).output == "names\nPoetry Review\n")
        #expect(complete(harness, ["bash", "--", "market", "sh"]).output == "words\nshow\n")
        #expect(complete(harness, ["bash", "--", "submit", "Po"]).output == "names\nPoems\n")
    }

    @Test("response --piece completes the pieces of the submission named, from any word of their path")
    func piecesOfTheSubmissionNamed() throws {
        let harness = try ToolHarness()
        harness.add("Poems")
        let folder = harness.root + "/Poems/Ready"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for poem in ["Ode", "Long Elegy", "Hymn"] { try Data("A poem.\n".utf8).write(to: URL(fileURLWithPath: folder + "/\(poem).md")) }
        #expect(harness.run(["market", "add", "Acumen"]).status == 0)
        #expect(harness.run(["submit", "Poems", "Ready/Ode.md", "Ready/Long Elegy.md", "--to", "Acumen"]).status == 0)
        #expect(complete(harness, ["bash", "--", "response", "1", "accepted", "--piece", ""]).output == "names\nReady/Ode.md\nReady/Long Elegy.md\n")
        #expect(complete(harness, ["bash", "--", "response", "Acumen", "rejected", "--piece", "el"]).output == "names\nReady/Long Elegy.md\n")
        #expect(complete(harness, ["bash", "--", "response", "9", "rejected", "--piece", ""]).output == "")
        // Named by its file name alone, as it is unambiguous.
        let answered = harness.run(["response", "Acumen", "accepted", "--piece", "Ode.md"])
        #expect(answered.status == 0 && answered.output.contains("(Ready/Ode.md): accepted"), "\(answered.error)")
    }

    @Test func zshIsToldToKeepTheTypedWordWhenTheNamesCommonBeginningWouldLoseIt() throws {
        let harness = try ToolHarness()
        for name in ["Été Indien", "L’Été de Marie", "Harbour Lights", "Harbour lamp"] { harness.add(name) }
        // Nothing in common, or a beginning (`Harbour `) shorter than what was typed: listed.
        #expect(complete(harness, ["zsh", "--", "show", "ete"]).output == "listed-names\nÉté Indien\nL’Été de Marie\n")
        #expect(complete(harness, ["zsh", "--", "show", "harbour l"]).output == "listed-names\nHarbour Lights\nHarbour lamp\n")
        // A beginning that what was typed starts, or one name: zsh may put it in the word's place.
        #expect(complete(harness, ["zsh", "--", "show", "harb"]).output == "names\nHarbour Lights\nHarbour lamp\n")
        #expect(complete(harness, ["zsh", "--", "show", "ind"]).output == "names\nÉté Indien\n")
        // bash's readline keeps the word itself when the names share nothing.
        #expect(complete(harness, ["bash", "--", "show", "ete"]).output == "names\nÉté Indien\nL’Été de Marie\n")
    }

    @Test func theStoreOnTheLineWinsOverTheEnvironment() throws {
        let harness = try ToolHarness()
        harness.add("In the usual store")
        let other = try ToolHarness()
        other.add("In the other store")
        let result = complete(harness, ["bash", "--", "--store", other.storePath.replacing(" ", with: "\\ "), "show", ""])
        #expect(result.output == "names\nIn the other store\n")
        #expect(complete(harness, ["bash", "--", "show", ""]).output == "names\nIn the usual store\n")
        #expect(complete(harness, ["bash", "--", "--store", harness.folder + "/missing.json", "show", ""]).output == "")
    }

    @Test func descriptionsAreInTheUsersLanguage() throws {
        let harness = try ToolHarness()
        let french = Localizer(language: "fr")
        #expect(complete(harness, ["fish", "--", "mo"], language: "fr_FR.UTF-8").output == "words\nmove\t\(french.text("move.summary"))\n")
        #expect(complete(harness, ["zsh", "--", "list", "--type", "no"], language: "de_DE.UTF-8").output
            == "words\nnovel:\(Localizer(language: "de").text("kind.novel"))\n")
        #expect(complete(harness, ["bash", "--", "list", "--js"]).output == "words\n--json\n")
        #expect(complete(harness, ["bash", "--", "import", ""]).output == "files\n")
    }

    @Test func theHelperIsHidden() throws {
        let harness = try ToolHarness()
        #expect(!harness.run(["help"]).output.contains(CompletionHelper.name))
        #expect(!complete(harness, ["bash", "--", "__"]).output.contains(CompletionHelper.name))
        #expect(harness.run([CompletionHelper.name, "tcsh"]).status == 2)
    }

    @Test func completionsPrintsEachShellsScript() throws {
        let harness = try ToolHarness()
        for shell in Shell.allCases {
            let result = harness.run(["completions", shell.rawValue])
            #expect(result.status == 0)
            #expect(result.output.contains("project \(CompletionHelper.name) \(shell.rawValue) --"), "\(shell)")
        }
        #expect(harness.run(["completions", "bash"]).output.contains("complete -F _project_complete project"))
        #expect(harness.run(["completions", "zsh"]).output.hasPrefix("#compdef project\n"))
        let refused = harness.run(["completions", "tcsh"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("bash, zsh, fish") && refused.error.contains("tcsh"))
    }
}
