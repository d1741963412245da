import ProjectStore

/// `project undelete <name>`: brings back a project this machine deleted, by the name it had,
/// whatever was done since: the deletion alone is taken back, as `undo` would take it back.
enum UndeleteCommand: Command {
    static let spec = CommandSpec(
        name: "undelete", summary: "undelete.summary", discussion: "undelete.discussion",
        arguments: [.required("placeholder.name", help: "undelete.argument.name")],
        examples: "undelete.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        UndoCommand.say(try store.undelete(named: invocation.argument(0)!), of: store, in: context)
    }
}
