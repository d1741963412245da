import ProjectStore

/// `project delete <project> [--yes]`: deletes after an explicit yes.
enum DeleteCommand: Command {
    static let yes = OptionSpec.flag("yes", short: "y", help: "delete.option.yes")

    static let spec = CommandSpec(
        name: "delete", summary: "delete.summary", discussion: "delete.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [yes],
        examples: "delete.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let reference = ProjectReference.named(invocation.argument(0)!)
        if invocation.isSet(yes) {
            context.say("delete.done", ["name": try context.store.delete(reference).name])
            return
        }
        let project = try context.store.project(reference)
        let prompter = Prompter(context: context)
        guard prompter.canAsk else { throw CommandError.deleteNeedsConfirmation(project) }
        guard try prompter.confirm("delete.confirm", ["name": project.name]) else {
            throw CommandError.deleteDeclined(project)
        }
        // By id: the name the user confirmed may have been given to another project meanwhile.
        context.say("delete.done", ["name": try context.store.delete(.id(project.id)).name])
    }
}
