/// Everything the command line knows about one command: parsing, help and suggestions all read it.
/// Text fields are message ids in the localization tables.
struct CommandSpec: Sendable {
    let name: String
    /// One line for the command list.
    let summary: String
    /// A paragraph or two for `project help <command>`; `nil` when the summary says it all.
    let discussion: String?
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    /// Groups of options of which exactly one group must be used; the options of a group combine.
    /// `move` has one destination option a group; `edit` changes the details, the target and the
    /// due date together, or else the folder in one of three ways.
    let choices: [[OptionSpec]]
    /// Command lines shown under "Examples", one a line: in the tables, because their sample names
    /// are in the user's language.
    let examples: String?

    init(
        name: String, summary: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], oneOf: [OptionSpec] = [], choices: [[OptionSpec]] = [], examples: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.choices = oneOf.map { [$0] } + choices
        self.options = options + self.choices.joined()
        self.examples = examples
    }

    /// Every option of the choices, in order.
    var choiceOptions: [OptionSpec] { Array(choices.joined()) }

    /// The global options this command leaves as they are: one of its own with the same name
    /// (`path --version <file>`) takes that name's place, in parsing, help, completion and pages.
    var globalOptions: [OptionSpec] {
        CommandLineParser.globalOptions.filter { global in !options.contains { $0.long == global.long } }
    }

    /// Its own options, then the global ones it leaves.
    var allOptions: [OptionSpec] { options + globalOptions }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// The message id of the words shown for it in usage, as `<…>`.
    let placeholder: String
    let help: String
    /// An optional argument may be left out; the command then asks for it on a terminal or refuses.
    let isOptional: Bool
    /// The last argument only: given any number of times, none included (`snapshot`'s files).
    var isRepeatable = false

    static func required(_ placeholder: String, help: String) -> ArgumentSpec {
        ArgumentSpec(placeholder: placeholder, help: help, isOptional: false)
    }

    static func optional(_ placeholder: String, help: String) -> ArgumentSpec {
        ArgumentSpec(placeholder: placeholder, help: help, isOptional: true)
    }

    static func repeatable(_ placeholder: String, help: String) -> ArgumentSpec {
        ArgumentSpec(placeholder: placeholder, help: help, isOptional: true, isRepeatable: true)
    }
}

/// A named option: a flag, or an option that takes a value.
struct OptionSpec: Sendable, Hashable {
    let long: String
    let short: Character?
    /// The message id of the words shown for its value, as `<…>`; `nil` for a flag.
    let valueName: String?
    let help: String
    /// Given once or more, each value kept in order (`compile --from`); others may be given once.
    var isRepeatable = false

    static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: nil, help: help)
    }

    static func value(_ long: String, short: Character? = nil, valueName: String, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: valueName, help: help)
    }

    static func values(_ long: String, valueName: String, help: String) -> OptionSpec {
        OptionSpec(long: long, short: nil, valueName: valueName, help: help, isRepeatable: true)
    }

    var takesValue: Bool { valueName != nil }
}
