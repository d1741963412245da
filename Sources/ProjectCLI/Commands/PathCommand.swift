import ProjectStore

/// `project path <project>`: the folder's absolute path alone, for `cd "$(project path …)"`.
enum PathCommand: Command {
    static let spec = CommandSpec(
        name: "path", summary: "path.summary", discussion: "path.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        examples: "path.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let (_, path) = try context.store.existingFolder(of: .named(invocation.argument(0)!))
        context.terminal.output(path + "\n")
    }
}
