/// What the command line asks for.
enum ParsedCommandLine {
    case version
    /// General help, or one command's; the store, if one was given, is named in it.
    case help(CommandSpec?, storePath: String?)
    case run(Invocation, storePath: String?)
}

/// Parses `project [global options] <command> [arguments and options in any order] [-- arguments]`.
struct CommandLineParser {
    static let store = OptionSpec.value("store", valueName: "placeholder.path", help: "option.store")
    static let help = OptionSpec.flag("help", short: "h", help: "option.help")
    static let version = OptionSpec.flag("version", help: "option.version")
    static let globalOptions = [store, help, version]

    let commands: [CommandSpec]

    func parse(_ tokens: [String]) throws(UsageError) -> ParsedCommandLine {
        var state = State()
        var remaining = tokens[...]
        while let token = remaining.popFirst() {
            if state.onlyArguments || token == "-" || !token.hasPrefix("-") {
                try state.takeArgument(token, commands: commands)
            } else if token == "--" {
                state.onlyArguments = true
            } else if token.hasPrefix("--") {
                try parseLong(token.dropFirst(2), remaining: &remaining, state: &state)
            } else {
                try parseShort(token.dropFirst(), remaining: &remaining, state: &state)
            }
        }
        if state.flags.contains(Self.version.long) { return .version }
        let storePath = state.values[Self.store.long]
        guard let spec = state.command else { return .help(nil, storePath: storePath) }
        if state.flags.contains(Self.help.long) { return .help(spec, storePath: storePath) }
        try check(state, against: spec)
        return .run(
            Invocation(spec: spec, arguments: state.arguments, values: state.values, flags: state.flags, lists: state.lists),
            storePath: storePath)
    }

    private func parseLong(
        _ body: Substring, remaining: inout ArraySlice<String>, state: inout State
    ) throws(UsageError) {
        let name = body.prefix { $0 != "=" }
        let attached = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
        let known = state.options
        guard let option = known.first(where: { $0.long == name }) else {
            let suggestion = Suggestions.closest(to: String(name), among: known.map(\.long)).map { "--\($0)" }
            throw .unknownOption("--\(name)", command: state.command?.name, suggestion: suggestion)
        }
        if option.takesValue {
            guard let value = attached ?? remaining.popFirst() else {
                throw .missingValue(option: "--\(name)", command: state.command?.name)
            }
            try state.set(option, value: value)
        } else {
            guard attached == nil else { throw .unexpectedValue(option: "--\(name)", command: state.command?.name) }
            state.flags.insert(option.long)
        }
    }

    /// `-y`, `-t novel`, `-tnovel`, `-t=novel`, and flags run together as `-yh`.
    private func parseShort(
        _ body: Substring, remaining: inout ArraySlice<String>, state: inout State
    ) throws(UsageError) {
        var letters = body
        while let letter = letters.popFirst() {
            guard let option = state.options.first(where: { $0.short == letter }) else {
                throw .unknownOption("-\(letter)", command: state.command?.name, suggestion: nil)
            }
            guard option.takesValue else {
                state.flags.insert(option.long)
                continue
            }
            let attached = letters.hasPrefix("=") ? letters.dropFirst() : letters
            guard let value = attached.isEmpty ? remaining.popFirst() : String(attached) else {
                throw .missingValue(option: "-\(letter)", command: state.command?.name)
            }
            try state.set(option, value: value)
            return
        }
    }

    private func check(_ state: State, against spec: CommandSpec) throws(UsageError) {
        if state.arguments.count > spec.arguments.count, spec.arguments.last?.isRepeatable != true {
            throw .extraArgument(state.arguments[spec.arguments.count], command: spec.name)
        }
        for (index, argument) in spec.arguments.enumerated() where !argument.isOptional && index >= state.arguments.count {
            throw .missingArgument(placeholder: argument.placeholder, command: spec.name)
        }
        guard !spec.choices.isEmpty else { return }
        let isGiven = { (option: OptionSpec) in state.flags.contains(option.long) || state.values[option.long] != nil }
        let groupsGiven = spec.choices.filter { $0.contains(where: isGiven) }
        if groupsGiven.isEmpty { throw .missingChoice(spec.choiceOptions.map { "--\($0.long)" }, command: spec.name) }
        if groupsGiven.count > 1 {
            throw .conflictingOptions(groupsGiven.joined().filter(isGiven).map { "--\($0.long)" }, command: spec.name)
        }
    }

    private struct State {
        var command: CommandSpec?
        var arguments: [String] = []
        var values: [String: String] = [:]
        /// The values of repeatable options, in the order given.
        var lists: [String: [String]] = [:]
        var flags: Set<String> = []
        var onlyArguments = false

        var options: [OptionSpec] { command?.allOptions ?? CommandLineParser.globalOptions }

        mutating func takeArgument(_ token: String, commands: [CommandSpec]) throws(UsageError) {
            guard command == nil else {
                arguments.append(token)
                return
            }
            guard let spec = commands.first(where: { $0.name == token }) else {
                throw .unknownCommand(token, suggestion: Suggestions.command(for: token, among: commands.map(\.name)))
            }
            command = spec
        }

        mutating func set(_ option: OptionSpec, value: String) throws(UsageError) {
            if option.isRepeatable {
                lists[option.long, default: []].append(value)
                return
            }
            if let earlier = values[option.long], earlier != value {
                throw .repeatedOption(option: "--\(option.long)", command: command?.name)
            }
            values[option.long] = value
        }
    }
}
