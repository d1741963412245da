import Testing
@testable import ProjectCLI

/// `CommandLineParser` against the real command specs.
@Suite struct ParserTests {
    let parser = CommandLineParser(commands: allCommands.map { $0.spec })

    /// The invocation a command line runs, failing the test when it is help or version instead.
    func parseRun(_ tokens: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> (Invocation, String?) {
        let parsed = try parser.parse(tokens)
        guard case .run(let invocation, let store) = parsed else {
            Issue.record("expected a command to run for \(tokens), got \(parsed)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return (invocation, store)
    }

    // MARK: Positionals and options in any order

    @Test(arguments: [
        ["add", "My Novel", "--type", "novel", "--details", "Draft"],
        ["add", "--type", "novel", "My Novel", "--details", "Draft"],
        ["add", "--details", "Draft", "--type", "novel", "My Novel"],
        ["add", "--type=novel", "--details=Draft", "My Novel"],
        ["add", "-t", "novel", "-d", "Draft", "My Novel"],
        ["add", "My Novel", "-tnovel", "-dDraft"],
        ["add", "-t=novel", "My Novel", "-d=Draft"],
    ])
    func optionsInAnyOrderAndForm(_ tokens: [String]) throws {
        let (invocation, store) = try parseRun(tokens)
        #expect(invocation.spec.name == "add")
        #expect(invocation.arguments == ["My Novel"])
        #expect(invocation.value(AddCommand.type) == "novel")
        #expect(invocation.value(AddCommand.details) == "Draft")
        #expect(store == nil)
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let (invocation, _) = try parseRun(["compile", "X", "--from", "b", "--from=a", "--to", "md", "--from", "b"])
        #expect(invocation.values(CompileCommand.from) == ["b", "a", "b"])
        #expect(invocation.isSet(CompileCommand.from))
        let (without, _) = try parseRun(["compile", "X"])
        #expect(without.values(CompileCommand.from) == [] && !without.isSet(CompileCommand.from))
        #expect(throws: UsageError.repeatedOption(option: "--to", command: "compile")) {
            try parser.parse(["compile", "X", "--to", "md", "--to", "pdf"])
        }
    }

    @Test func equalsSignKeepsTheRestOfTheValue() throws {
        let (invocation, _) = try parseRun(["add", "X", "--details=a=b", "-t=short=story"])
        #expect(invocation.value(AddCommand.details) == "a=b")
        #expect(invocation.value(AddCommand.type) == "short=story")
    }

    @Test func emptyValueAfterEqualsIsAValue() throws {
        let (invocation, _) = try parseRun(["edit", "X", "--details="])
        #expect(invocation.value(EditCommand.details) == "")
        #expect(invocation.isSet(EditCommand.details))
    }

    @Test func flagsRunTogether() throws {
        let parsed = try parser.parse(["delete", "X", "-yh"])
        guard case .help(let spec, _) = parsed else {
            Issue.record("expected help, got \(parsed)")
            return
        }
        #expect(spec?.name == "delete")
    }

    @Test func flagFollowedByValueOptionInOneToken() throws {
        // `-h` is a flag, `-t` takes the next token as its value.
        let parsed = try parser.parse(["add", "X", "-ht", "novel"])
        guard case .help(let spec, _) = parsed else {
            Issue.record("expected help, got \(parsed)")
            return
        }
        #expect(spec?.name == "add")
    }

    @Test func shortFlag() throws {
        let (invocation, _) = try parseRun(["delete", "-y", "Old"])
        #expect(invocation.isSet(DeleteCommand.yes))
        #expect(invocation.arguments == ["Old"])
    }

    @Test func flagNotGivenIsNotSet() throws {
        let (invocation, _) = try parseRun(["delete", "Old"])
        #expect(!invocation.isSet(DeleteCommand.yes))
    }

    // MARK: -- and -

    @Test func doubleDashEndsOptions() throws {
        let (invocation, _) = try parseRun(["add", "--", "-draft-"])
        #expect(invocation.arguments == ["-draft-"])
        #expect(invocation.value(AddCommand.type) == nil)
    }

    @Test func optionsBeforeDoubleDashStillCount() throws {
        let (invocation, _) = try parseRun(["add", "-t", "poetry", "--", "--type"])
        #expect(invocation.arguments == ["--type"])
        #expect(invocation.value(AddCommand.type) == "poetry")
    }

    @Test func loneDashIsAnArgument() throws {
        let (invocation, _) = try parseRun(["import", "-"])
        #expect(invocation.arguments == ["-"])
    }

    @Test func valueStartingWithDashIsTakenAsTheValue() throws {
        let (short, _) = try parseRun(["add", "X", "-d", "-x-"])
        #expect(short.value(AddCommand.details) == "-x-")
        let (long, _) = try parseRun(["add", "X", "--details", "--not-an-option"])
        #expect(long.value(AddCommand.details) == "--not-an-option")
        let (move, _) = try parseRun(["move", "X", "--to", "-1"])
        #expect(move.value(MoveCommand.to) == "-1")
    }

    @Test func numberLikeNameIsAnArgument() throws {
        let (invocation, _) = try parseRun(["add", "1984"])
        #expect(invocation.arguments == ["1984"])
    }

    // MARK: Global options

    @Test(arguments: [
        ["--store", "/tmp/s.json", "list", "--json"],
        ["list", "--store", "/tmp/s.json", "--json"],
        ["list", "--json", "--store=/tmp/s.json"],
    ])
    func storeAnywhere(_ tokens: [String]) throws {
        let (invocation, store) = try parseRun(tokens)
        #expect(invocation.spec.name == "list")
        #expect(store == "/tmp/s.json")
        #expect(invocation.isSet(ListCommand.json))
        #expect(invocation.arguments.isEmpty)
    }

    @Test(arguments: [["add", "--help"], ["add", "-h"], ["-h", "add"], ["--help", "add", "X"], ["add", "X", "-h"]])
    func helpForACommand(_ tokens: [String]) throws {
        let parsed = try parser.parse(tokens)
        guard case .help(let spec, _) = parsed else {
            Issue.record("expected help, got \(parsed)")
            return
        }
        #expect(spec?.name == "add")
    }

    @Test func helpIgnoresOtherwiseMissingArguments() throws {
        // `move` without a project or destination would be a usage error; with --help it is help.
        let parsed = try parser.parse(["move", "--help"])
        guard case .help(let spec, _) = parsed else {
            Issue.record("expected help, got \(parsed)")
            return
        }
        #expect(spec?.name == "move")
    }

    @Test(arguments: [[], ["--help"], ["-h"]])
    func generalHelp(_ tokens: [String]) throws {
        let parsed = try parser.parse(tokens)
        guard case .help(let spec, _) = parsed else {
            Issue.record("expected help, got \(parsed)")
            return
        }
        #expect(spec == nil)
    }

    @Test(arguments: [["--version"], ["list", "--version"], ["--version", "add"]])
    func version(_ tokens: [String]) throws {
        let parsed = try parser.parse(tokens)
        guard case .version = parsed else {
            Issue.record("expected version, got \(parsed)")
            return
        }
    }

    @Test func helpCommandTakesACommandName() throws {
        let (invocation, _) = try parseRun(["help", "move"])
        #expect(invocation.spec.name == "help")
        #expect(invocation.arguments == ["move"])
    }

    // MARK: Unknown commands and options

    @Test(arguments: [
        ("lst", "list"), ("rm", "delete"), ("mvoe", "move"), ("ls", "list"), ("new", "add"),
        ("remove", "delete"), ("shwo", "show"), ("renam", "rename"), ("improt", "import"), ("LIST", "list"),
    ])
    func unknownCommandSuggestsTheClosest(_ typed: String, _ suggestion: String) {
        #expect(throws: UsageError.unknownCommand(typed, suggestion: suggestion)) {
            try parser.parse([typed])
        }
    }

    @Test func unknownCommandWithNothingClose() {
        #expect(throws: UsageError.unknownCommand("frobnicate", suggestion: nil)) {
            try parser.parse(["frobnicate", "x"])
        }
    }

    @Test func commandsAreMatchedExactly() {
        #expect(throws: UsageError.unknownCommand("Add", suggestion: "add")) {
            try parser.parse(["Add", "X"])
        }
    }

    @Test func unknownLongOptionSuggestsTheClosest() {
        #expect(throws: UsageError.unknownOption("--sotr", command: "list", suggestion: "--sort")) {
            try parser.parse(["list", "--sotr", "name"])
        }
        #expect(throws: UsageError.unknownOption("--detials", command: "add", suggestion: "--details")) {
            try parser.parse(["add", "X", "--detials", "y"])
        }
    }

    @Test func unknownLongOptionWithNothingClose() {
        #expect(throws: UsageError.unknownOption("--frobnicate", command: "list", suggestion: nil)) {
            try parser.parse(["list", "--frobnicate"])
        }
    }

    @Test func unknownShortOption() {
        #expect(throws: UsageError.unknownOption("-x", command: "show", suggestion: nil)) {
            try parser.parse(["show", "X", "-x"])
        }
        // In a bundle, the first unknown letter is reported.
        #expect(throws: UsageError.unknownOption("-q", command: "delete", suggestion: nil)) {
            try parser.parse(["delete", "X", "-yq"])
        }
    }

    @Test func optionOfAnotherCommandIsUnknown() {
        #expect(throws: UsageError.unknownOption("--yes", command: "add", suggestion: nil)) {
            try parser.parse(["add", "X", "--yes"])
        }
    }

    // MARK: Values

    @Test func missingValue() {
        #expect(throws: UsageError.missingValue(option: "--type", command: "add")) {
            try parser.parse(["add", "X", "--type"])
        }
        #expect(throws: UsageError.missingValue(option: "-t", command: "add")) {
            try parser.parse(["add", "X", "-t"])
        }
        #expect(throws: UsageError.missingValue(option: "--store", command: nil)) {
            try parser.parse(["--store"])
        }
    }

    @Test func valueGivenToAFlag() {
        #expect(throws: UsageError.unexpectedValue(option: "--yes", command: "delete")) {
            try parser.parse(["delete", "X", "--yes=no"])
        }
        #expect(throws: UsageError.unexpectedValue(option: "--json", command: "list")) {
            try parser.parse(["list", "--json=true"])
        }
    }

    @Test func repeatedOptionWithDifferentValues() {
        #expect(throws: UsageError.repeatedOption(option: "--type", command: "add")) {
            try parser.parse(["add", "X", "--type", "novel", "-t", "poetry"])
        }
    }

    @Test func repeatedOptionWithTheSameValueIsAccepted() throws {
        let (invocation, _) = try parseRun(["add", "X", "--type", "novel", "-t=novel"])
        #expect(invocation.value(AddCommand.type) == "novel")
        let (delete, _) = try parseRun(["delete", "X", "-y", "--yes"])
        #expect(delete.isSet(DeleteCommand.yes))
    }

    // MARK: Arguments

    @Test func extraArgument() {
        #expect(throws: UsageError.extraArgument("Novel", command: "add")) {
            try parser.parse(["add", "My", "Novel"])
        }
        #expect(throws: UsageError.extraArgument("x", command: "types")) {
            try parser.parse(["types", "x"])
        }
    }

    @Test func missingRequiredArgument() {
        #expect(throws: UsageError.missingArgument(placeholder: "placeholder.project", command: "show")) {
            try parser.parse(["show"])
        }
        #expect(throws: UsageError.missingArgument(placeholder: "placeholder.project", command: "rename")) {
            try parser.parse(["rename"])
        }
        #expect(throws: UsageError.missingArgument(placeholder: "placeholder.file", command: "import")) {
            try parser.parse(["import"])
        }
    }

    @Test func optionalArgumentsMayBeLeftOut() throws {
        #expect(try parseRun(["add"]).0.arguments.isEmpty)
        #expect(try parseRun(["rename", "Old"]).0.arguments == ["Old"])
        #expect(try parseRun(["sort"]).0.arguments.isEmpty)
    }

    // MARK: One of

    @Test func moveNeedsADestination() {
        #expect(throws: UsageError.missingChoice(["--to", "--before", "--after", "--top", "--bottom"], command: "move")) {
            try parser.parse(["move", "X"])
        }
    }

    @Test func moveTakesOnlyOneDestination() {
        #expect(throws: UsageError.conflictingOptions(["--to", "--top"], command: "move")) {
            try parser.parse(["move", "X", "--top", "--to", "2"])
        }
        #expect(throws: UsageError.conflictingOptions(["--before", "--after"], command: "move")) {
            try parser.parse(["move", "X", "--after", "A", "--before", "B"])
        }
    }

    @Test(arguments: [
        (["move", "X", "--to", "2"], MoveCommand.to),
        (["move", "--before", "A", "X"], MoveCommand.before),
        (["move", "X", "--after=A"], MoveCommand.after),
        (["move", "--top", "X"], MoveCommand.top),
        (["move", "X", "--bottom"], MoveCommand.bottom),
    ])
    func moveWithOneDestination(_ tokens: [String], _ option: OptionSpec) throws {
        let (invocation, _) = try parseRun(tokens)
        #expect(invocation.arguments == ["X"])
        #expect(invocation.isSet(option))
        for other in MoveCommand.spec.choiceOptions where other != option {
            #expect(!invocation.isSet(other))
        }
    }

    @Test func editNeedsSomethingToChange() {
        #expect(throws: UsageError.missingChoice(
            ["--details", "--target", "--due", "--folder", "--new-folder", "--no-folder"], command: "edit")) {
            try parser.parse(["edit", "X"])
        }
    }

    /// Details, target and due date combine into one edit; a folder option goes alone.
    @Test func editCombinesDetailsTargetAndDueButNotFolders() throws {
        let (invocation, _) = try parseRun(["edit", "X", "-d", "notes", "--target", "80000", "--due", "2027-03-31"])
        #expect(invocation.value(EditCommand.details) == "notes")
        #expect(invocation.value(EditCommand.target) == "80000")
        #expect(invocation.value(EditCommand.due) == "2027-03-31")
        #expect(throws: UsageError.conflictingOptions(["--target", "--no-folder"], command: "edit")) {
            try parser.parse(["edit", "X", "--target", "5", "--no-folder"])
        }
        #expect(throws: UsageError.conflictingOptions(["--details", "--due", "--folder"], command: "edit")) {
            try parser.parse(["edit", "X", "--folder", "/tmp", "-d", "x", "--due", "2027-01-01"])
        }
        #expect(throws: UsageError.conflictingOptions(["--new-folder", "--no-folder"], command: "edit")) {
            try parser.parse(["edit", "X", "--new-folder", "--no-folder"])
        }
    }

    // MARK: Suggestions

    @Test func suggestions() {
        let names = allCommands.map { $0.spec.name }
        #expect(Suggestions.command(for: "create", among: names) == "add")
        #expect(Suggestions.command(for: "mv", among: names) == "move")
        #expect(Suggestions.command(for: "info", among: names) == "show")
        #expect(Suggestions.command(for: "expor", among: names) == "export")
        #expect(Suggestions.command(for: "zzzzzz", among: names) == nil)
        #expect(Suggestions.closest(to: "jsno", among: ["json", "sort"]) == "json")
    }
}
