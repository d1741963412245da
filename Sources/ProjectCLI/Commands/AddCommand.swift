import ProjectStore

/// `project add [<name>] [-t <kind>] [-d <text>]`: a new project at the end of the writer's order.
enum AddCommand: Command {
    static let type = OptionSpec.value("type", short: "t", valueName: "placeholder.kind", help: "add.option.type")
    static let details = OptionSpec.value("details", short: "d", valueName: "placeholder.text", help: "add.option.details")

    static let spec = CommandSpec(
        name: "add", summary: "add.summary", discussion: "add.discussion",
        arguments: [.optional("placeholder.name", help: "add.argument.name")],
        options: [type, details],
        examples: "add.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let prompter = Prompter(context: context)
        var kind = try invocation.kind(type, localizer: context.localizer)
        var text = invocation.value(details)
        var name = invocation.argument(0)
        if name == nil {
            guard prompter.canAsk else { throw UsageError.needsTerminal(argument: "placeholder.name", command: spec.name) }
            name = try prompter.ask("prompt.name")
            if kind == nil { kind = try prompter.chooseKind() }
            if text == nil { text = try prompter.ask("prompt.details") }
        }
        let project = try prompter.retryingName(name!) { name in
            try context.store.add(name: name, kind: kind ?? .blank, details: text)
        }
        context.say("add.done", [
            "name": project.name, "kind": context.localizer.text(project.kind.nameKey),
            "position": String(project.position), "id": String(project.id.lowercasedString.prefix(8)),
        ])
    }
}
