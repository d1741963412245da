import ProjectStore
import ProjectStoreFile

/// `project history [--json] [--clear [--yes]] [--rebuild]`: the recent changes, newest first, none
/// any more, or the store brought up to them.
enum HistoryCommand: Command {
    static let json = OptionSpec.flag("json", help: "history.option.json")
    static let clear = OptionSpec.flag("clear", help: "history.option.clear")
    static let yes = OptionSpec.flag("yes", short: "y", help: "history.option.yes")
    static let rebuild = OptionSpec.flag("rebuild", help: "history.option.rebuild")

    static let spec = CommandSpec(
        name: "history", summary: "history.summary", discussion: "history.discussion",
        options: [json, clear, rebuild, yes],
        examples: "history.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        try invocation.requireAtMostOne(of: [json, clear, rebuild])
        let store = try context.store
        if invocation.isSet(rebuild) {
            guard let rebuilt = try store.rebuildFromHistory() else { return context.say("history.rebuild.nothing") }
            if let kept = rebuilt.keptDamagedStore {
                context.say("history.rebuild.damaged-kept", ["path": kept])
                // A history with no change gives an empty list: the damaged store holds what there was.
                guard rebuilt.changes > 0 else { return context.say("history.rebuild.empty-history", ["path": kept]) }
            }
            context.say("history.rebuilt", count: rebuilt.projects)
            if rebuilt.passedOver > 0 { context.say("history.rebuilt.passed-over", count: rebuilt.passedOver) }
            return
        }
        if invocation.isSet(clear) {
            if !invocation.isSet(yes) {
                let prompter = Prompter(context: context)
                guard prompter.canAsk else { throw CommandError.clearNeedsConfirmation }
                // Not an error, as `rm -i` answered no: said where the question was, and exit 0.
                guard try prompter.confirm("history.confirm-clear", [:]) else { return context.warn("history.clear-declined") }
            }
            try store.clearHistory()
            context.say("history.cleared")
            return
        }
        // A shared list's history is every machine's: each change in the order all machines agree on.
        let (changes, catalog, sharedMerge) = try store.everyMachinesHistory()
        // A lost store knows no names: the list its history leads to does.
        let named = catalog.lost == nil ? catalog : catalog.replaying(changes).catalog
        let names = HistorySentence.namesAtEachChange(changes, catalog: named)
        let entries = History(changes: changes).entries.reversed().map { ($0, names[$0.change.id] ?? [:]) }
        if invocation.isSet(json) {
            var english = HistorySentence(localizer: Localizer(language: "en"), locales: LocaleSettings(environment: [:]), root: store.root(of: catalog))
            english.marketNames = named.marketNames(bySubmission: true, remembering: changes)
            context.terminal.output(utf8: HistoryJSON.encode(entries.map(\.0)) { entry in
                english.describe(entry, names: names[entry.change.id] ?? [:])
            })
        } else if entries.isEmpty {
            context.say("history.empty")
        } else {
            let sentence = context.historySentence(store, catalog, remembering: changes)
            let dates = context.dateText
            for (entry, names) in entries {
                var what = sentence.describe(entry, names: names)
                if let sharedMerge { what = annotated(what, entry.change, by: sharedMerge, in: named, context: context) }
                let line = dates.dateAndTime(entry.time) + "  " + (sharedMerge == nil ? "" : TerminalText.visible(entry.change.machine.name) + "  ") + what
                context.terminal.output((entry.isUndone ? context.localizer.text("history.undone", ["line": line]) : line) + "\n")
            }
        }
    }

    /// A change the merge set aside, said so: overridden by a later change to the same field made on
    /// another machine, or dropped because another machine deleted its project.
    /// While the project is still deleted, the command that brings it back with the edit is said too.
    private static func annotated(
        _ what: String, _ change: Change, by merge: MergeOutcome, in catalog: ProjectCatalog, context: CommandContext
    ) -> String {
        if let winner = merge.overridden.first(where: { $0.lost.id == change.id }) {
            return context.localizer.text("history.overridden", ["line": what, "machine": winner.won.machine.name])
        }
        if let dropped = merge.dropped.first(where: { $0.edit.id == change.id }) {
            let values = ["line": what, "machine": dropped.removal.machine.name]
            guard !catalog.projects.contains(where: { $0.id == dropped.project }),
                  let name = dropped.removal.operations.lazy.compactMap({ operation -> String? in
                      guard case .remove(let project) = operation, project.id == dropped.project else { return nil }
                      return project.name
                  }).first
            else { return context.localizer.text("history.dropped", values) }
            return context.localizer.text("history.dropped.undelete", values.merging(["name": TerminalText.visible(name)]) { $1 })
        }
        return what
    }
}
