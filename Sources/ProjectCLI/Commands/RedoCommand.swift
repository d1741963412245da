import ProjectStore

/// `project redo`: applies again the most recently undone change, unless a change came since.
enum RedoCommand: Command {
    static let spec = CommandSpec(name: "redo", summary: "redo.summary", discussion: "redo.discussion", examples: "redo.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let outcome = try context.store.redo()
        context.say("redo.done", ["what": HistorySentence(localizer: context.localizer).describe(outcome.entry)])
    }
}
