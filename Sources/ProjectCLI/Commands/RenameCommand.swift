import ProjectStore

/// `project rename <project> [<new-name>]`: a new name, and the folder the tool made renamed to match;
/// everything else stays.
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
        let store = try context.store
        let (oldName, renamed, outcome) = try prompter.retryingName(newName!) { name in
            try store.rename(reference, to: name)
        }
        // The store records nothing for the very name; the writer is told so rather than "renamed".
        if ProjectCatalog.sameText(oldName, renamed.name) { return context.say("rename.unchanged", ["name": renamed.name]) }
        context.say("rename.done", ["old": oldName, "new": renamed.name])
        context.report(outcome)
    }
}
