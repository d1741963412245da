import ProjectStore

/// `project redo`: applies again the most recently undone change, unless a change came since.
enum RedoCommand: Command {
    static let spec = CommandSpec(name: "redo", summary: "redo.summary", discussion: "redo.discussion", examples: "redo.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let outcome = try store.redo()
        let names = HistorySentence.namesAtEachChange([outcome.entry], catalog: try store.catalog())[0]
        context.say("redo.done", ["what": context.historySentence.describe(outcome.entry, names: names)])
    }
}
