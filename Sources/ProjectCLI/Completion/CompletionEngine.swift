import ProjectStore

/// One word the shell may put under the cursor, with the message id of its one-line description.
struct CompletionCandidate: Equatable {
    let word: String
    let description: String?
}

/// What the word under the cursor may become.
struct Completion: Equatable {
    enum Source: Equatable {
        /// Fixed words: commands, options, kinds, orders, shells.
        case words([CompletionCandidate])
        /// The names in the store, read at completion time: the projects', or the markets'.
        case projects
        case markets
        case files
        /// A project's text files, as `files` names them, and, `withGone`, the files gone from it
        /// that have versions.
        case projectFiles(project: String, withGone: Bool)
        /// The files of the pieces of the submission named (`response 12 accepted --piece`).
        case pieces(submission: String)
        /// The versions of one file of a project.
        case versions(project: String, file: String)
        case folders
        case nothing
    }

    let source: Source
    /// The part of the value already typed, quoting removed.
    let typed: String
    /// What comes before the value in the same word: `--type=` while completing `--type=nov`.
    let lead: String
    /// The store named by `--store` earlier on the line.
    let store: String?
}

/// Decides what to complete by reading the line as the parser would, from the same command specs:
/// a command, an option of it or of every command, an option's value, or the next argument.
struct CompletionEngine {
    let commands: [CommandSpec]

    /// `words` are the words after `project`, quoting removed; the last one is being completed.
    func complete(_ words: [String]) -> Completion {
        var line = LineState()
        for word in words.dropLast() {
            guard line.take(word, commands: commands) else {
                return Completion(source: .nothing, typed: "", lead: "", store: line.store)
            }
        }
        let current = words.last ?? ""
        let options = line.options
        func value(_ placeholder: String, typed: String, lead: String = "") -> Completion {
            Completion(source: source(for: CompletionValue(placeholder: placeholder), typed: typed, line: line), typed: typed, lead: lead, store: line.store)
        }
        func fixed(_ candidates: [CompletionCandidate]) -> Completion {
            Completion(source: .words(candidates.filter { $0.word.hasPrefix(current) }), typed: current, lead: "", store: line.store)
        }

        if let option = line.pendingOption, let placeholder = option.valueName {
            return value(placeholder, typed: current)
        }
        if !line.onlyArguments && current.hasPrefix("-") {
            if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
                let name = current[current.index(current.startIndex, offsetBy: 2)..<equals]
                guard let placeholder = options.first(where: { $0.long == name })?.valueName else {
                    return Completion(source: .nothing, typed: "", lead: "", store: line.store)
                }
                return value(placeholder, typed: String(current[current.index(after: equals)...]),
                             lead: String(current[...equals]))
            }
            return fixed(Self.candidates(for: options))
        }
        guard let command = line.command else {
            return fixed(commands.map { CompletionCandidate(word: $0.name, description: $0.summary) })
        }
        if line.argumentCount < command.arguments.count {
            return value(command.arguments[line.argumentCount].placeholder, typed: current)
        }
        if let last = command.arguments.last, last.isRepeatable, !current.hasPrefix("-") {
            return value(last.placeholder, typed: current)
        }
        // Every argument given: what is left to type is an option.
        return current.isEmpty ? fixed(Self.candidates(for: options)) : Completion(source: .nothing, typed: current, lead: "", store: line.store)
    }

    private func source(for value: CompletionValue, typed: String, line: LineState) -> Completion.Source {
        func fixed(_ candidates: [CompletionCandidate]) -> Completion.Source {
            .words(candidates.filter { $0.word.lowercased().hasPrefix(typed.lowercased()) })
        }
        return switch value {
        case .projects: .projects
        case .markets: .markets
        case .kinds: fixed(ProjectKind.allCases.map { CompletionCandidate(word: $0.rawValue, description: $0.nameKey) })
        case .orders: fixed(ProjectOrder.allCases.map { CompletionCandidate(word: $0.rawValue, description: $0.nameKey) })
        case .files: .files
        case .textFiles, .keptFiles:
            if let project = line.given(.projects) {
                .projectFiles(project: project, withGone: value == .keptFiles)
            } else if let submission = line.given(.submissions) {
                .pieces(submission: submission)
            } else {
                .nothing
            }
        case .submissions: .nothing
        case .versions:
            if let project = line.given(.projects), let file = line.given(.textFiles) ?? line.given(.keptFiles) {
                .versions(project: project, file: file)
            } else {
                .nothing
            }
        case .folders: .folders
        case .commands: fixed(commands.map { CompletionCandidate(word: $0.name, description: $0.summary) })
        case .shells: fixed(Shell.allCases.map { CompletionCandidate(word: $0.rawValue, description: nil) })
        case .formats: fixed(CompileFormat.allCases.map { CompletionCandidate(word: $0.rawValue, description: nil) })
        case .papers: fixed(Paper.allCases.map { CompletionCandidate(word: $0.rawValue, description: nil) })
        case .words(let words): fixed(words.map { CompletionCandidate(word: $0, description: nil) })
        case .nothing: .nothing
        }
    }

    /// Long names first, then the short ones, each described by the option's help.
    private static func candidates(for options: [OptionSpec]) -> [CompletionCandidate] {
        options.map { CompletionCandidate(word: "--\($0.long)", description: $0.help) }
            + options.compactMap { option in option.short.map { CompletionCandidate(word: "-\($0)", description: option.help) } }
    }
}

/// The words before the cursor, read as `CommandLineParser` reads them, without refusing anything.
private struct LineState {
    var command: CommandSpec?
    var argumentCount = 0
    var onlyArguments = false
    /// An option whose value is the next word.
    var pendingOption: OptionSpec?
    var store: String?
    /// The values already on the line, arguments and options', each with its placeholder: the
    /// project whose files, the file whose versions.
    private var values: [(placeholder: String, value: String)] = []

    var options: [OptionSpec] { command?.allOptions ?? CommandLineParser.globalOptions }

    /// False when the line cannot be completed further: an unknown command.
    mutating func take(_ word: String, commands: [CommandSpec]) -> Bool {
        if let option = pendingOption {
            pendingOption = nil
            set(option, word)
            return true
        }
        if onlyArguments || word == "-" || !word.hasPrefix("-") {
            if let arguments = command?.arguments {
                // Past the last argument, a repeatable one takes every word.
                let spec = argumentCount < arguments.count ? arguments[argumentCount] : arguments.last.flatMap { $0.isRepeatable ? $0 : nil }
                if let spec { values.append((spec.placeholder, word)) }
                argumentCount += 1
                return true
            }
            command = commands.first { $0.name == word }
            return command != nil
        }
        if word == "--" {
            onlyArguments = true
        } else if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            if let option = options.first(where: { $0.long == name }), option.takesValue {
                if name.endIndex < body.endIndex {
                    set(option, String(body[body.index(after: name.endIndex)...]))
                } else {
                    pendingOption = option
                }
            }
        } else {
            // `-yt novel`, `-tnovel`: flags run together, then at most one option with a value.
            var letters = word.dropFirst()
            while let letter = letters.popFirst(), let option = options.first(where: { $0.short == letter }) {
                guard option.takesValue else { continue }
                if letters.isEmpty { pendingOption = option } else { set(option, String(letters.drop { $0 == "=" })) }
                break
            }
        }
        return true
    }

    private mutating func set(_ option: OptionSpec, _ value: String) {
        if option == CommandLineParser.store { store = value }
        if let placeholder = option.valueName { values.append((placeholder, value)) }
    }

    /// The first value on the line that completes as `kind`.
    func given(_ kind: CompletionValue) -> String? {
        values.first { CompletionValue(placeholder: $0.placeholder) == kind }?.value
    }
}
