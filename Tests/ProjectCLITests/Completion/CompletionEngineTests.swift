import Testing
@testable import ProjectCLI
import ProjectStore

/// What the engine offers for a line, read with the command specs as the parser reads it.
@Suite struct CompletionEngineTests {
    let engine = CompletionEngine(commands: allCommands.map { $0.spec })

    func words(_ line: [String]) -> [String]? {
        guard case .words(let candidates) = engine.complete(line).source else { return nil }
        return candidates.map(\.word)
    }

    @Test func commandsComeFromTheTable() {
        #expect(words([""]) == allCommands.map { $0.spec.name })
        #expect(words(["co"]) == ["compile", "completions"])
        #expect(words(["--store", "x.json", "mo"]) == ["move"])
        #expect(words(["nothing-like-it", ""]) == nil)
    }

    @Test func everyOptionOfEveryCommandIsOffered() {
        for spec in allCommands.map { $0.spec } {
            let offered = Set(words([spec.name, "-"]) ?? [])
            let options = spec.allOptions
            let expected = options.map { "--" + $0.long } + options.compactMap { $0.short.map { "-" + String($0) } }
            let missing = expected.filter { !offered.contains($0) }
            #expect(missing.isEmpty, "\(spec.name) does not offer \(missing)")
        }
        #expect(words(["list", "--so"]) == ["--sort"])
        #expect(words(["--"]) == ["--store", "--help", "--version"])
    }

    @Test func valuesFollowThePlaceholders() {
        #expect(words(["list", "--type", ""]) == ProjectKind.allCases.map(\.rawValue))
        #expect(words(["list", "-t", "SH"]) == ["short-story"])
        #expect(words(["list", "--sort", ""]) == ProjectOrder.allCases.map(\.rawValue))
        #expect(words(["sort", "u"]) == ["user"])
        #expect(words(["help", "ren"]) == ["rename"])
        #expect(words(["completions", ""]) == ["bash", "zsh", "fish"])
        #expect(words(["compile", "x", "--to", ""]) == ["md", "docx", "odt", "epub", "html", "pdf"])
        #expect(words(["compile", "x", "--paper", ""]) == ["letter", "a4"])
        #expect(engine.complete(["compile", "x", "--from", ""]).source == .files)
        #expect(engine.complete(["import", ""]).source == .files)
        #expect(engine.complete(["--store", ""]).source == .files)
        #expect(engine.complete(["add", "--type", "novel", "x", "--details", ""]).source == .nothing)
    }

    @Test func projectArgumentsAndAnchorsCompleteToNames() {
        #expect(engine.complete(["show", "Ét"]) == Completion(source: .projects, typed: "Ét", lead: "", store: nil))
        #expect(engine.complete(["move", "A", "--before", ""]).source == .projects)
        #expect(engine.complete(["rename", "A", ""]).source == .nothing, "a new name is the writer's to invent")
        #expect(engine.complete(["move", "--after=Dr"]) == Completion(source: .projects, typed: "Dr", lead: "--after=", store: nil))
        #expect(engine.complete(["list", "--type=no"]).lead == "--type=")
    }

    /// Versions' files are named from the project's folder, not the shell's: the engine says which
    /// project's files, and which file's versions, from the words already on the line.
    @Test func versionCommandsCompleteTheProjectsFilesAndTheFilesVersions() {
        for command in ["snapshot", "versions", "diff", "restore"] {
            #expect(engine.complete([command, "No"]).source == .projects, "\(command)")
        }
        // snapshot keeps only files that are there; the others also take a file gone with its versions.
        #expect(engine.complete(["snapshot", "Novel", ""]).source == .projectFiles(project: "Novel", withGone: false))
        for command in ["versions", "diff", "restore"] {
            #expect(engine.complete([command, "Novel", "Ch"]) == Completion(
                source: .projectFiles(project: "Novel", withGone: true), typed: "Ch", lead: "", store: nil), "\(command)")
        }
        // snapshot takes any number of files: the fourth word is a file as much as the second.
        #expect(engine.complete(["snapshot", "Novel", "One.md", "Two.md", ""]).source == .projectFiles(project: "Novel", withGone: false))
        #expect(engine.complete(["snapshot", "Novel", "One.md", "-"]).source != .nothing, "options are offered after files")
        #expect(engine.complete(["snapshot", "-m", "note", "Novel", ""]).source == .projectFiles(project: "Novel", withGone: false))
        #expect(engine.complete(["snapshot", "Novel", "-m", ""]).source == .nothing, "a note is the writer's to write")
        // A version: of the file named before it, in the project named before that.
        #expect(engine.complete(["diff", "Novel", "One.md", ""]).source == .versions(project: "Novel", file: "One.md"))
        #expect(engine.complete(["diff", "Novel", "One.md", "2", "1"]).source == .versions(project: "Novel", file: "One.md"))
        #expect(engine.complete(["restore", "--store", "s.json", "Novel", "One.md", ""]).source == .versions(project: "Novel", file: "One.md"))
        // path takes its file as --version's value, before or after the version.
        #expect(engine.complete(["path", "Novel", "--version", "O"]).source == .projectFiles(project: "Novel", withGone: true))
        #expect(engine.complete(["path", "Novel", "--version=O"]).lead == "--version=")
        #expect(engine.complete(["path", "Novel", "--version", "One.md", ""]).source == .versions(project: "Novel", file: "One.md"))
        #expect(engine.complete(["path", "--version=One.md", "Novel", ""]).source == .versions(project: "Novel", file: "One.md"))
        // Without a project, or a file, there is nothing to look in.
        #expect(engine.complete(["path", "--version", ""]).source == .nothing)
        #expect(engine.complete(["path", "Novel", ""]).source == .nothing, "no file: no versions")
    }

    @Test func theStoreTypedEarlierIsKept() {
        #expect(engine.complete(["--store", "a.json", "show", ""]).store == "a.json")
        #expect(engine.complete(["show", "--store=b.json", ""]).store == "b.json")
    }

    @Test func afterTheArgumentsOnlyOptionsAreLeft() {
        #expect(words(["show", "My Novel", ""])?.contains("--json") == true)
        #expect(engine.complete(["show", "My Novel", "x"]).source == .nothing)
        #expect(engine.complete(["add", "--", ""]).source == .nothing)
        #expect(engine.complete(["delete", "--", "-dr"]).source == .projects, "after -- a dash starts a name")
    }

    @Test func placeholdersMapToCompletions() {
        #expect(CompletionValue(placeholder: "placeholder.project") == .projects)
        #expect(CompletionValue(placeholder: "placeholder.folder") == .folders)
        #expect(CompletionValue(placeholder: "placeholder.path") == .files)
        #expect(CompletionValue(placeholder: "placeholder.text-file") == .textFiles)
        #expect(CompletionValue(placeholder: "placeholder.kept-file") == .keptFiles)
        #expect(CompletionValue(placeholder: "placeholder.version") == .versions)
        #expect(CompletionValue(placeholder: "placeholder.n") == .nothing)
    }
}

/// The words the shells hand over, with their quoting taken off.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        (#"My\ Novel"#, Shell.bash, "My Novel"),
        (#""L’Été"#, .bash, "L’Été"),
        (#"'It'\''s'"#, .bash, "It's"),
        (#""a \"b\" \$c \\ \d"#, .bash, #"a "b" $c \ \d"#),
        (#"'a\b"#, .bash, #"a\b"#),
        (#"'it\'s"#, .fish, "it's"),
        ("~/s.json", .bash, "/home/w/s.json"),
        ("'~/s.json'", .bash, "~/s.json"),
    ])
    func unquoted(typed: String, shell: Shell, expected: String) {
        #expect(ShellWords.unquoted(typed, shell: shell, home: "/home/w") == expected)
    }
}
