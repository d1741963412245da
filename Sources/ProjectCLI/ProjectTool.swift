import Foundation
import ProjectStore
import ProjectStoreFile

/// The whole command-line tool as a function of its arguments, environment and terminal.
public enum ProjectTool {
    public static let version = "1.0.0"

    /// Runs one command line and returns the exit status. `undecodableArguments` are the 1-based
    /// positions of arguments whose bytes were not UTF-8 (and so arrive repaired): they are refused.
    public static func run(
        arguments: [String], environment: [String: String], terminal: Terminal,
        undecodableArguments: [Int] = [], folders: any FolderSystem = DiskFolders(),
        launcher: any ProgramLauncher = ProcessLauncher(), clock: @escaping @Sendable () -> Date = Date.init
    ) -> Int32 {
        // The hidden helpers of the completion scripts and the install: outside the command table,
        // so help, manual pages and completion never show them.
        if arguments.first == CompletionHelper.name {
            return CompletionHelper.run(Array(arguments.dropFirst()), environment: environment, terminal: terminal)
        }
        if arguments.first == ManualWriter.name {
            let localizer = Localizer(language: LocaleSettings(environment: environment).language)
            return ManualWriter.run(Array(arguments.dropFirst()), terminal: terminal, localizer: localizer)
        }
        let parser = CommandLineParser(commands: allCommands.map { $0.spec })
        let parsed = Result { () throws(UsageError) in
            if let position = undecodableArguments.first {
                throw .notUTF8(argument: arguments[position - 1], position: position)
            }
            return try parser.parse(arguments)
        }
        // The version needs no words, so it does not wait for the message tables to load.
        if case .success(.version) = parsed {
            terminal.output("project \(version)\n")
            return ExitStatus.success.rawValue
        }
        let locales = LocaleSettings(environment: environment)
        let localizer = Localizer(language: locales.language)
        do {
            switch try parsed.get() {
            case .version:
                break
            case .help(let spec, let explicitStore):
                let view = HelpView(localizer: localizer, width: terminal.lineWidth(environment: environment))
                let storePath = StoreLocation.path(explicit: explicitStore, environment: environment)
                terminal.output(spec.map(view.command) ?? view.overview(commands: parser.commands, storePath: storePath))
            case .run(let invocation, let explicitStore):
                let context = CommandContext(
                    storePath: StoreLocation.path(explicit: explicitStore, environment: environment),
                    terminal: terminal, localizer: localizer, locales: locales, environment: environment,
                    folders: folders, launcher: launcher, clock: clock, commandName: invocation.spec.name)
                let command = allCommands.first { $0.spec.name == invocation.spec.name }!
                try command.run(invocation, in: context)
            }
            return ExitStatus.success.rawValue
        } catch {
            let dates = DateText(locale: locales.formatting, timeZone: locales.timeZone.zone)
            let report = ErrorReport(error, localizer: localizer, dates: dates, numbers: NumberText(locale: locales.numbers))
            // With `--json`, a script reads the error on standard output too; the words stay on the
            // error output, where a writer and a script's log see them.
            if wantsJSON(parsed, arguments: arguments, commands: parser.commands) { terminal.output(report.json) }
            terminal.error(report.text)
            return report.status.rawValue
        }
    }

    /// Whether the command line asked for JSON: `--json` given to a command that has it, even in a
    /// command line the parser refused.
    private static func wantsJSON(_ parsed: Result<ParsedCommandLine, UsageError>, arguments: [String], commands: [CommandSpec]) -> Bool {
        if case .success(.run(let invocation, _)) = parsed {
            return invocation.spec.options.contains { $0.long == "json" && invocation.isSet($0) }
        }
        guard case .failure(let error) = parsed, let spec = commands.first(where: { $0.name == error.command }),
              let json = spec.options.first(where: { $0.long == "json" }) else { return false }
        return arguments.prefix { $0 != "--" }.contains("--" + json.long)
    }
}
