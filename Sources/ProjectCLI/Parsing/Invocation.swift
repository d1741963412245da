/// A command line taken apart against a command's spec: what was given, nothing interpreted yet.
struct Invocation {
    let spec: CommandSpec
    let arguments: [String]
    private let values: [String: String]
    private let flags: Set<String>
    private let lists: [String: [String]]

    init(spec: CommandSpec, arguments: [String], values: [String: String], flags: Set<String>, lists: [String: [String]] = [:]) {
        self.spec = spec
        self.arguments = arguments
        self.values = values
        self.flags = flags
        self.lists = lists
    }

    func argument(_ index: Int) -> String? {
        arguments.indices.contains(index) ? arguments[index] : nil
    }

    func value(_ option: OptionSpec) -> String? {
        values[option.long]
    }

    /// Every value of a repeatable option, in the order given.
    func values(_ option: OptionSpec) -> [String] {
        lists[option.long] ?? []
    }

    func isSet(_ option: OptionSpec) -> Bool {
        flags.contains(option.long) || values[option.long] != nil || lists[option.long] != nil
    }

    func badValue(_ option: OptionSpec, expected: UsageError.Expectation) -> UsageError {
        .badValue(option: "--\(option.long)", value: value(option) ?? "", expected: expected, command: spec.name)
    }
}

extension Invocation {
    /// Options that exclude one another: giving two is a usage error.
    func requireAtMostOne(of options: [OptionSpec]) throws(UsageError) {
        let given = options.filter(isSet)
        if given.count > 1 { throw .conflictingOptions(given.map { "--\($0.long)" }, command: spec.name) }
    }
}
