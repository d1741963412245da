import Foundation
import Testing
@testable import ProjectCLI

/// Help is generated from the command specs, so it says what the parser accepts.
@Suite struct HelpTests {
    let view = HelpView(localizer: english)
    let specs = allCommands.map { $0.spec }

    @Test func everyCommandIsListedOnceWithADistinctName() {
        let names = specs.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(names) == [
            "add", "list", "show", "files", "compile", "path", "open", "rename", "edit", "delete", "move", "sort", "root", "sync", "undo", "undelete",
            "redo", "history", "types", "progress", "export", "import", "completions", "help", "snapshot", "versions", "diff", "restore",
            "market", "submit", "submissions", "submission", "response",
        ])
    }

    @Test("no command's help, page or parser holds an option twice: a command's own option takes the place of the global one of its name")
    func everyOptionOnce() throws {
        for spec in specs {
            let longs = spec.allOptions.map(\.long)
            #expect(Set(longs).count == longs.count, "\(spec.name): \(longs)")
            let listed = view.command(spec).lines.filter { $0.hasPrefix("  --") }.map { $0.split(separator: " ")[0] }
            #expect(Set(listed).count == listed.count, "\(spec.name) help lists an option twice: \(listed)")
        }
        #expect(PathCommand.spec.allOptions.filter { $0.long == "version" }.count == 1)
        let sandbox = try ToolHarness()
        let alone = sandbox.run(["path", "--version"])
        #expect(alone.status == 2)
        #expect(alone.error.contains("Here --version is the option of project path, which takes a value.") && alone.error.contains("project --version"), "\(alone.error)")
        #expect(sandbox.run(["--version"]).status == 0)
    }

    @Test func usageLineNamesEveryArgumentAndOption() {
        for spec in specs {
            let help = view.command(spec)
            let usageLine = String(help.lines[0])
            #expect(usageLine == english.text("heading.usage") + " " + view.usage(spec))
            #expect(usageLine.contains("project \(spec.name)"))
            for argument in spec.arguments {
                let words = english.placeholder(argument.placeholder)
                let shown = argument.isOptional ? "[\(words)]" : words
                #expect(usageLine.contains(shown), "\(spec.name): usage lacks \(shown)")
            }
            for option in spec.options {
                let longForm = "--\(option.long)"
                let shortForm = option.short.map { "-\($0)" }
                let named = usageLine.contains(longForm) || shortForm.map { usageLine.contains("[\($0)") } == true
                #expect(named, "\(spec.name): usage lacks \(longForm)")
                if let valueName = option.valueName {
                    let words = english.placeholder(valueName)
                    #expect(usageLine.contains(words), "\(spec.name): usage lacks \(words)")
                }
            }
        }
    }

    @Test func fullHelpNamesEveryOptionByItsLongNameWithItsDescription() {
        for spec in specs {
            let help = view.command(spec)
            for option in spec.allOptions {
                #expect(help.contains("--\(option.long)"), "\(spec.name): help lacks --\(option.long)")
                #expect(help.contains(view.label(option)), "\(spec.name): help lacks \(view.label(option))")
                let firstLine = english.text(option.help).lines[0]
                #expect(help.contains(firstLine), "\(spec.name): help lacks the description of --\(option.long)")
            }
            for argument in spec.arguments {
                #expect(help.contains(english.text(argument.help).lines[0]))
            }
            #expect(help.contains(english.text(spec.summary)))
            if let discussion = spec.discussion {
                for line in english.text(discussion).lines {
                    #expect(help.contains(line))
                }
            }
            for example in spec.examples.map({ english.text($0).lines }) ?? [] {
                #expect(help.contains("  \(example)\n"))
            }
        }
    }

    @Test func everyMessageOfEverySpecHasEnglishText() {
        for spec in specs {
            var keys = [spec.summary] + spec.arguments.map(\.help) + spec.options.map(\.help)
            if let discussion = spec.discussion { keys.append(discussion) }
            for key in keys {
                #expect(english.text(key) != key, "\(spec.name): no English text for \(key)")
            }
        }
        for option in CommandLineParser.globalOptions {
            #expect(english.text(option.help) != option.help)
        }
    }

    @Test func moveUsageShowsTheOneOfGroup() {
        #expect(view.usage(MoveCommand.spec)
            == "project move <project> (--to <n> | --before <project> | --after <project> | --top | --bottom)")
    }

    @Test func usageOfCommandsInTheContract() {
        #expect(view.usage(AddCommand.spec)
            == "project add [<name>] [-t <kind>] [-d <text>] [--target <words>] [--due <date>] [--folder <folder>] [--no-folder]")
        #expect(view.usage(DeleteCommand.spec) == "project delete <project> [-y] [--keep-folder]")
        #expect(view.usage(RenameCommand.spec) == "project rename <project> [<new-name>]")
        #expect(view.usage(EditCommand.spec)
            == "project edit <project> ([--details <text>] [--target <words>] [--due <date>] | --folder <folder> | --new-folder | --no-folder)")
        #expect(view.usage(FilesCommand.spec) == "project files <project> [--json]")
        #expect(view.usage(PathCommand.spec) == "project path <project> [<version>] [--version <file>]")
        #expect(view.usage(OpenCommand.spec) == "project open <project> [--shell]")
        #expect(view.usage(RootCommand.spec) == "project root [<folder>]")
        #expect(view.usage(ShowCommand.spec) == "project show <project> [--json]")
        #expect(view.usage(SortCommand.spec) == "project sort [<order>]")
        #expect(view.usage(ImportCommand.spec) == "project import <file>")
        #expect(view.usage(TypesCommand.spec) == "project types")
    }

    @Test func descriptionsStayInOneColumn() throws {
        // `--store`'s description has two lines: the second starts where the first did.
        let help = view.command(ListCommand.spec)
        let lines = help.lines
        let storeLine = try #require(lines.firstIndex { $0.contains("--store <path>") })
        let first = lines[storeLine]
        let second = lines[storeLine + 1]
        let descriptionStart = try #require(first.range(of: "Use this store"))
        let start = first.distance(from: first.startIndex, to: descriptionStart.lowerBound)
        #expect(second.prefix(start).allSatisfy { $0 == " " })
        #expect(second.dropFirst(start).first != " ")
        #expect(second.contains("PROJECT_STORE"))
    }

    @Test func overviewListsEveryCommandWithItsSummary() {
        let text = view.overview(commands: specs, storePath: nil)
        let lines = text.lines
        for spec in specs {
            let summary = english.text(spec.summary)
            let line = lines.first { $0.hasPrefix("  \(spec.name) ") }
            #expect(line != nil, "overview lacks \(spec.name)")
            #expect(line?.hasSuffix(summary) == true, "overview line for \(spec.name) lacks its summary")
        }
        for option in CommandLineParser.globalOptions {
            #expect(text.contains(view.label(option)))
        }
        #expect(text.contains(english.text("help.exit-codes")))
        #expect(text.contains(english.text("help.more")))
        #expect(!text.contains("kept in"))
    }

    @Test func overviewListsCommandsInOrder() {
        let text = view.overview(commands: specs, storePath: nil)
        var previous = text.startIndex
        for spec in specs {
            let range = text.range(of: "\n  \(spec.name) ", range: previous..<text.endIndex)
            #expect(range != nil, "\(spec.name) out of order")
            if let range { previous = range.upperBound }
        }
    }

    @Test func overviewNamesTheStore() {
        let text = view.overview(commands: specs, storePath: "/home/ann/.local/share/project/projects.json")
        #expect(text.contains("/home/ann/.local/share/project/projects.json"))
    }

    @Test func overviewMakesAStorePathVisible() {
        let text = view.overview(commands: specs, storePath: "/tmp/a\u{1B}[2Jb.json")
        #expect(!text.hasRawControl)
        #expect(text.contains("/tmp/a^[[2Jb.json"))
    }

    // MARK: a narrow terminal

    /// Every help at `width` fits it, and differs from the unbroken help only in where lines break:
    /// a word is cut only when it is wider than a whole line.
    func expectBrokenAtSpaces(_ narrow: String, _ wide: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in narrow.lines {
            #expect(TerminalText.width(String(line)) <= width, "\(line.debugDescription)", sourceLocation: sourceLocation)
        }
        let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) }
        let wideWords = words(wide)
        #expect(words(narrow).joined() == wideWords.joined(), sourceLocation: sourceLocation)
        for word in words(narrow) where !wideWords.contains(word) {
            #expect(wideWords.contains { $0.contains(word) && TerminalText.width($0) > HelpView.narrowestText }, "\(word) was cut",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func atFortyColumnsHelpBreaksAtSpaces(language: String) {
        let localizer = Localizer(language: language)
        let wide = HelpView(localizer: localizer)
        let narrow = HelpView(localizer: localizer, width: 40)
        for spec in specs {
            expectBrokenAtSpaces(narrow.command(spec), wide.command(spec), width: 40)
        }
        expectBrokenAtSpaces(
            narrow.overview(commands: specs, storePath: "/home/anna/.local/share/project/projects.json"),
            wide.overview(commands: specs, storePath: "/home/anna/.local/share/project/projects.json"), width: 40)
    }

    @Test func aNarrowTableKeepsDescriptionsInOneColumn() throws {
        let help = HelpView(localizer: english, width: 40).command(EditCommand.spec)
        let lines = help.lines
        let targetLine = try #require(lines.firstIndex { $0.contains("--target <words>") })
        // The label is too long for the narrowed first column: its description goes under it.
        #expect(lines[targetLine].trimmingCharacters(in: .whitespaces) == "--target <words>")
        let descriptionColumn = lines[targetLine + 1].prefix { $0 == " " }.count
        #expect(lines[targetLine + 1].dropFirst(descriptionColumn).hasPrefix("The word target"))
        #expect(lines[targetLine + 2].prefix { $0 == " " }.count == descriptionColumn)
        #expect(descriptionColumn + HelpView.narrowestText <= 40)
    }

    @Test func aSentenceBrokenByHandForAWideTerminalIsJoinedBeforeBreakingAgain() {
        let wide = HelpView(localizer: english).command(EditCommand.spec)
        #expect(wide.contains("--new-folder makes one\nin the root"))
        let narrow = HelpView(localizer: english, width: 40).command(EditCommand.spec)
        #expect(narrow.contains("makes one in the root"), "\(narrow)")
        // A line that ends a sentence still ends its line.
        #expect(narrow.contains("options.\nAttaching"), "\(narrow)")
    }

    @Test func aWideTerminalChangesNothingThatFits() {
        let wide = HelpView(localizer: english)
        let fitted = HelpView(localizer: english, width: 200)
        for spec in specs where !wide.command(spec).lines.contains(where: { TerminalText.width(String($0)) > 200 }) {
            #expect(fitted.command(spec) == wide.command(spec))
        }
    }
}
