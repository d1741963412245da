import ProjectStore

/// `project rename <project> [<new-name>]`: a new name; everything else stays.
enum RenameCommand: Command {
    static let spec = CommandSpec(
        name: "rename", summary: "rename.summary", discussion: "rename.discussion",
        arguments: [.required("placeholder.project", help: "argument.project"), .optional("placeholder.new-name", help: "rename.argument.new-name")],
        examples: "rename.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let prompter = Prompter(context: context)
        let reference = ProjectReference.named(invocation.argument(0)!)
        var newName = invocation.argument(1)
        if newName == nil {
            guard prompter.canAsk else { throw UsageError.needsTerminal(argument: "placeholder.new-name", command: spec.name) }
            let project = try context.store.project(reference)
            newName = try prompter.ask("prompt.new-name", ["name": project.name])
        }
        let (oldName, renamed) = try prompter.retryingName(newName!) { name in
            try context.store.change { catalog throws(ProjectStoreError) in
                (try catalog.project(reference).name, try catalog.rename(reference, to: name))
            }
        }
        context.say("rename.done", ["old": oldName, "new": renamed.name])
    }
}
