import ProjectStore
import ProjectStoreFile

/// `project __complete <shell> -- <word>…`, called by the completion scripts on every TAB with the
/// words after `project`, the last one being completed. It prints what the shell should do on the
/// first line (`words`; `names`, of projects or of a project's files, which the script quotes; `files`
/// or `folders`; nothing at all when there is nothing to offer; for zsh, `listed-names` when the
/// names' common beginning would lose what was typed) and then the candidates, one a line, in the
/// form that shell reads. Hidden: not a command of the
/// table, so neither help, the manual pages nor completion show it. It never prints an error: a
/// store that cannot be read simply offers no names.
enum CompletionHelper {
    static let name = "__complete"

    static func run(_ arguments: [String], environment: [String: String], terminal: Terminal) -> Int32 {
        guard let shell = arguments.first.flatMap(Shell.init(rawValue:)) else { return ExitStatus.usage.rawValue }
        var words = Array(arguments.dropFirst())
        if words.first == "--" { words.removeFirst() }
        if words.isEmpty { words = [""] }
        // bash hands over the words as typed; zsh and fish take the quoting off themselves, all but
        // the word under the cursor in fish's case.
        let home = environment["HOME"]
        switch shell {
        case .bash: words = words.map { ShellWords.unquoted($0, shell: shell, home: home) }
        case .fish: words[words.count - 1] = ShellWords.unquoted(words[words.count - 1], shell: shell, home: home)
        case .zsh: break
        }
        let completion = CompletionEngine(commands: allCommands.map { $0.spec }).complete(words)
        switch completion.source {
        case .nothing:
            break
        case .files:
            terminal.output("files\n")
        case .folders:
            terminal.output("folders\n")
        case .words(let candidates):
            guard !candidates.isEmpty else { break }
            let localizer = Localizer(language: LocaleSettings(environment: environment).language)
            let lines = candidates.map { line(completion.lead, $0.word, description: $0.description.map { localizer.text($0) }, shell: shell) }
            terminal.output("words\n" + lines.joined())
        case .projects, .markets:
            let names = projectNames(matching: completion.typed, store: completion.store, environment: environment,
                                     markets: completion.source == .markets)
            output(names, completion, shell: shell, terminal: terminal)
        case .pieces(let submission):
            output(pieceFiles(of: submission, matching: completion.typed, store: completion.store, environment: environment),
                   completion, shell: shell, terminal: terminal)
        case .projectFiles(let project, let withGone):
            let versions = VersionCompletion(project: project, store: completion.store, environment: environment)
            output(versions?.files(matching: completion.typed, withGone: withGone) ?? [], completion, shell: shell, terminal: terminal)
        case .versions(let project, let file):
            let found = VersionCompletion(project: project, store: completion.store, environment: environment)?
                .versions(of: file, matching: completion.typed) ?? []
            guard !found.isEmpty else { break }
            // bash shows no descriptions: no date is written for it.
            let describe = shell == .bash ? nil : versionDescription(environment: environment)
            let lines = found.map { line(completion.lead, String($0.number), description: describe?($0), shell: shell) }
            terminal.output("words\n" + lines.joined())
        }
        return ExitStatus.success.rawValue
    }

    /// A version as zsh and fish describe it: its date and minute, then its note, in the user's language.
    private static func versionDescription(environment: [String: String]) -> (NumberedVersion) -> String {
        let locales = LocaleSettings(environment: environment)
        let localizer = Localizer(language: locales.language)
        let dates = DateText(locale: locales.formatting, timeZone: locales.timeZone.zone)
        return { version in
            let date = dates.dateAndMinute(version.record.time)
            return version.record.note.map { localizer.text("completion.version-note", ["date": date, "note": $0]) } ?? date
        }
    }

    /// Names of projects or files, which the shells quote as they insert them; nothing at all when
    /// there are none.
    private static func output(_ names: [String], _ completion: Completion, shell: Shell, terminal: Terminal) {
        guard !names.isEmpty else { return }
        // zsh puts the names' common beginning in place of the typed word: when the typed word does
        // not start a word of that beginning (`ete` for “Été Indien” and “L’Été de Marie”, which
        // share nothing), the script keeps the word and lists the names instead, as bash does.
        let keepsTyped = TypedName(completion.typed).startsAWord(of: commonBeginning(of: names))
        var text = Array((shell == .zsh && !keepsTyped ? "listed-names\n" : "names\n").utf8)
        for name in names {
            // bash splits the word at `=`, so it gets the value alone; the others replace the word.
            if shell != .bash { text.append(contentsOf: completion.lead.utf8) }
            text.append(contentsOf: name.utf8)
            text.append(UInt8(ascii: "\n"))
        }
        terminal.output(utf8: text)
    }

    /// The store's names a word of which starts with `typed`, ignoring case and accents, in the
    /// writer's order: `ete` offers “L’Été de Marie”. With `markets`, the markets' names.
    static func projectNames(matching typed: String, store: String?, environment: [String: String], markets: Bool = false) -> [String] {
        guard let path = StoreLocation.path(explicit: store, environment: environment),
              let catalog = try? FileStorage(path: path).load() else { return [] }
        let typed = TypedName(typed)
        return markets ? catalog.markets.map(\.name).filter(typed.startsAWord) : catalog.projects.lazy.map(\.name).filter(typed.startsAWord)
    }

    /// The files of the pieces of the submission `reference` names, from any word of their path.
    static func pieceFiles(of reference: String, matching typed: String, store: String?, environment: [String: String]) -> [String] {
        guard let path = StoreLocation.path(explicit: store, environment: environment),
              let catalog = try? FileStorage(path: path).load(), let submission = try? catalog.submission(reference) else { return [] }
        let typed = TypedName(typed)
        return submission.pieces.map(\.file).filter(typed.startsAWord)
    }

    /// The characters every name starts with.
    private static func commonBeginning(of names: [String]) -> String {
        var beginning = Substring(names[0])
        for name in names.dropFirst() {
            beginning = beginning.prefix(zip(beginning, name).prefix { $0 == $1 }.count)
        }
        return String(beginning)
    }

    /// One candidate: zsh's `_describe` reads `word:description` (a colon in the word escaped), fish
    /// reads `word<TAB>description`, bash only the word, without what precedes `=`.
    private static func line(_ lead: String, _ word: String, description: String?, shell: Shell) -> String {
        let summary = description.map { replacing("\t", with: " ", in: String($0.prefix { $0 != "\n" })) }
        return switch shell {
        case .bash: word + "\n"
        case .zsh: replacing(":", with: "\\:", in: lead + word) + (summary.map { ":" + $0 } ?? "") + "\n"
        case .fish: lead + word + (summary.map { "\t" + $0 } ?? "") + "\n"
        }
    }

    /// The text with `character` replaced, looked for first: most words hold none, and a search costs
    /// far less than a replacement, which counts when a file has thousands of versions.
    private static func replacing(_ character: Character, with replacement: String, in text: String) -> String {
        text.contains(character) ? text.replacing(String(character), with: replacement) : text
    }
}
