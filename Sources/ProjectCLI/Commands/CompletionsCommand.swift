/// `project completions bash|zsh|fish`: prints the completion script for a shell.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", summary: "completions.summary", discussion: "completions.discussion",
        arguments: [.required("placeholder.shell", help: "completions.argument.shell")],
        examples: "completions.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let text = invocation.argument(0)!
        guard let shell = Shell(rawValue: text.lowercased()) else {
            throw UsageError.badValue(option: context.localizer.placeholder("placeholder.shell"), value: text, expected: .shell, command: spec.name)
        }
        context.terminal.output(script(for: shell))
    }

    static func script(for shell: Shell) -> String {
        let program = "project"
        return switch shell {
        case .bash: BashCompletion.script(program: program, helper: CompletionHelper.name)
        case .zsh: ZshCompletion.script(program: program, helper: CompletionHelper.name)
        case .fish: FishCompletion.script(program: program, helper: CompletionHelper.name)
        }
    }
}
