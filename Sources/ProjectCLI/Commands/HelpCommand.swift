/// `project help [<command>]`: the same text as `--help`.
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help", summary: "help.summary",
        arguments: [.optional("placeholder.command", help: "help.argument.command")],
        examples: "help.command-examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let view = HelpView(localizer: context.localizer, width: context.lineWidth)
        guard let name = invocation.argument(0) else {
            context.terminal.output(view.overview(commands: allCommands.map { $0.spec }, storePath: context.storePath))
            return
        }
        guard let command = allCommands.first(where: { $0.spec.name == name }) else {
            let names = allCommands.map { $0.spec.name }
            throw UsageError.unknownCommand(name, suggestion: Suggestions.command(for: name, among: names))
        }
        context.terminal.output(view.command(command.spec))
    }
}
