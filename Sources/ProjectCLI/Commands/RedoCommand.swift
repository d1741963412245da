import ProjectStore

/// `project redo`: applies again the most recently undone change, unless a change came since.
enum RedoCommand: Command {
    static let spec = CommandSpec(name: "redo", summary: "redo.summary", discussion: "redo.discussion", examples: "redo.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let outcome = try store.redo()
        let catalog = outcome.catalog
        // The names the change left, which the catalog has now: of the projects it touched only.
        let names = catalog.names(of: outcome.entry.change.projectIDs)
        context.say("redo.done", ["what": context.historySentence(store, catalog).describe(outcome.entry, names: names)])
    }
}
