import ProjectStore

/// `project types`: the kinds a project can be, as typed and as shown.
enum TypesCommand: Command {
    static let spec = CommandSpec(name: "types", summary: "types.summary")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let rows = ProjectKind.allCases.map { kind in
            (kind.rawValue, context.localizer.text(kind.nameKey), context.localizer.text("\(kind.nameKey).description"))
        }
        let idWidth = rows.map { TerminalText.width($0.0) }.max() ?? 0
        let nameWidth = rows.map { TerminalText.width($0.1) }.max() ?? 0
        context.terminal.output(rows.map { id, name, description in
            TerminalText.padded(id, to: idWidth) + "  " + TerminalText.padded(name, to: nameWidth) + "  " + description + "\n"
        }.joined())
    }
}
