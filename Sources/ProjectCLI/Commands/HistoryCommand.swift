import ProjectStore
import ProjectStoreFile

/// `project history [--json] [--clear [--yes]]`: the recent changes, newest first, or none any more.
enum HistoryCommand: Command {
    static let json = OptionSpec.flag("json", help: "history.option.json")
    static let clear = OptionSpec.flag("clear", help: "history.option.clear")
    static let yes = OptionSpec.flag("yes", short: "y", help: "history.option.yes")

    static let spec = CommandSpec(
        name: "history", summary: "history.summary", discussion: "history.discussion",
        options: [json, clear, yes],
        examples: "history.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        try invocation.requireAtMostOne(of: [json, clear])
        let store = try context.store
        if invocation.isSet(clear) {
            if !invocation.isSet(yes) {
                let prompter = Prompter(context: context)
                guard prompter.canAsk else { throw CommandError.clearNeedsConfirmation }
                guard try prompter.confirm("history.confirm-clear", [:]) else { throw CommandError.clearDeclined }
            }
            try store.clearHistory()
            context.say("history.cleared")
            return
        }
        let (changes, catalog) = try store.historyChanges()
        let names = HistorySentence.namesAtEachChange(changes, catalog: catalog)
        let entries = History(changes: changes).entries.reversed().map { ($0, names[$0.change.id] ?? [:]) }
        if invocation.isSet(json) {
            let english = HistorySentence(localizer: Localizer(language: "en"), locales: LocaleSettings(environment: [:]), root: store.root(of: catalog))
            context.terminal.output(utf8: HistoryJSON.encode(entries.map(\.0)) { entry in
                english.describe(entry, names: names[entry.change.id] ?? [:])
            })
        } else if entries.isEmpty {
            context.say("history.empty")
        } else {
            let sentence = context.historySentence(store, catalog)
            let dates = DateText(locale: context.locales.formatting)
            for (entry, names) in entries {
                let what = sentence.describe(entry, names: names)
                let line = dates.dateAndTime(entry.time) + "  " + what
                context.terminal.output((entry.isUndone ? context.localizer.text("history.undone", ["line": line]) : line) + "\n")
            }
        }
    }
}
