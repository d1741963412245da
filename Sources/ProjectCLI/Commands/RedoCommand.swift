import ProjectStore

/// `project redo`: applies again the most recently undone change, unless a change came since.
enum RedoCommand: Command {
    static let spec = CommandSpec(name: "redo", summary: "redo.summary", discussion: "redo.discussion", examples: "redo.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let outcome = try store.redo()
        let catalog = outcome.catalog
        let names = HistorySentence.namesAtEachChange([outcome.entry.change], catalog: catalog)[outcome.entry.change.id] ?? [:]
        context.say("redo.done", ["what": context.historySentence(store, catalog).describe(outcome.entry, names: names)])
    }
}
