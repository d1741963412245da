import ProjectStore

/// `project edit <project> -d <text>`: sets or clears the details.
enum EditCommand: Command {
    static let details = OptionSpec.value("details", short: "d", valueName: "placeholder.text", help: "edit.option.details")

    static let spec = CommandSpec(
        name: "edit", summary: "edit.summary",
        arguments: [.required("placeholder.project", help: "argument.project")],
        oneOf: [details],
        examples: "edit.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let project = try context.store.setDetails(of: .named(invocation.argument(0)!), to: invocation.value(details))
        context.say(project.details == nil ? "edit.cleared" : "edit.done", ["name": project.name])
    }
}
