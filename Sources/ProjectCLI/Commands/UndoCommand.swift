import ProjectStore

/// `project undo`: takes back the most recent change not yet undone, folders included.
enum UndoCommand: Command {
    static let spec = CommandSpec(name: "undo", summary: "undo.summary", discussion: "undo.discussion", examples: "undo.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let outcome = try context.store.undo()
        let sentence = HistorySentence(localizer: context.localizer).describe(outcome.entry, undone: true)
        context.say("undo.done", ["what": sentence])
        for path in outcome.trashed { context.say("undo.trashed", ["path": path]) }
    }
}
