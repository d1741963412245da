import ProjectStore

/// `project types`: the kinds a project can be, as typed and as shown, and the folders each makes.
enum TypesCommand: Command {
    static let spec = CommandSpec(name: "types", summary: "types.summary")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        // The folders need no store: only where the writer's templates are.
        let store = ProjectStore(storage: MemoryStorage(), folders: context.folders, places: context.places)
        let rows = ProjectKind.allCases.map { kind in
            (kind.rawValue, context.localizer.text(kind.nameKey), context.localizer.text("\(kind.nameKey).description"))
        }
        let idWidth = rows.map { TerminalText.width($0.0) }.max() ?? 0
        let nameWidth = rows.map { TerminalText.width($0.1) }.max() ?? 0
        let indent = String(repeating: " ", count: idWidth + 2)
        context.terminal.output(zip(ProjectKind.allCases, rows).map { kind, row in
            let (id, name, description) = row
            return TerminalText.padded(id, to: idWidth) + "  " + TerminalText.padded(name, to: nameWidth) + "  " + description + "\n"
                + indent + folders(of: kind, context: context, store: store) + "\n"
        }.joined())
    }
}

extension TypesCommand {
    private static func folders(of kind: ProjectKind, context: CommandContext, store: ProjectStore) -> String {
        switch context.layout(for: kind, in: store) {
        case .folders(let names) where names.isEmpty: context.localizer.text("types.no-folders")
        case .folders(let names): context.localizer.text("types.folders", ["folders": names.joined(separator: ", ")])
        case .template(let path): context.localizer.text("types.template", ["path": TerminalText.visible(path)])
        }
    }
}
