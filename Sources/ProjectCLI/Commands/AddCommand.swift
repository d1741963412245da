import ProjectStore
import ProjectStoreFile

/// `project add [<name>] [-t <kind>] [-d <text>] [--target <words>] [--due <date>] [--folder <folder> |
/// --no-folder]`: a new project at the end of the writer's order, with its folder in the root.
enum AddCommand: Command {
    static let type = OptionSpec.value("type", short: "t", valueName: "placeholder.kind", help: "add.option.type")
    static let details = OptionSpec.value("details", short: "d", valueName: "placeholder.text", help: "add.option.details")
    static let target = OptionSpec.value("target", valueName: "placeholder.words", help: "add.option.target")
    static let due = OptionSpec.value("due", valueName: "placeholder.date", help: "add.option.due")
    static let folder = OptionSpec.value("folder", valueName: "placeholder.folder", help: "add.option.folder")
    static let noFolder = OptionSpec.flag("no-folder", help: "add.option.no-folder")

    static let spec = CommandSpec(
        name: "add", summary: "add.summary", discussion: "add.discussion",
        arguments: [.optional("placeholder.name", help: "add.argument.name")],
        options: [type, details, target, due, folder, noFolder],
        examples: "add.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        try invocation.requireAtMostOne(of: [folder, noFolder])
        let prompter = Prompter(context: context)
        var kind = try invocation.kind(type, localizer: context.localizer)
        let goals = ProjectEdit(target: try invocation.wordTarget(target, numbers: context.numbers), due: try invocation.dueDate(due))
        var text = invocation.value(details)
        var name = invocation.argument(0)
        if name == nil {
            guard prompter.canAsk else { throw UsageError.needsTerminal(argument: "placeholder.name", command: spec.name) }
            name = try prompter.ask("prompt.name")
            if kind == nil { kind = try prompter.chooseKind() }
            if text == nil { text = try prompter.ask("prompt.details") }
        }
        let store = try context.store
        let request: FolderRequest
        if let typed = invocation.value(folder) {
            request = .attach(try context.folder(typed: typed))
        } else if invocation.isSet(noFolder) {
            request = .none
        } else {
            request = .make(context.layout(for: kind ?? .blank, in: store))
        }
        let (project, outcome) = try prompter.retryingName(name!) { name in
            try store.add(
                name: name, kind: kind ?? .blank, details: text, target: goals.target.value, due: goals.due.value,
                folder: request)
        }
        context.say("add.done", [
            "name": project.name, "kind": context.localizer.text(project.kind.nameKey),
            "position": String(project.position), "id": String(project.id.lowercasedString.prefix(8)),
        ])
        context.report(outcome)
        recordFirstCount(of: project, store: store, context: context)
        // A target of 0 or an empty date at creation sets nothing, so there is nothing to tell.
        let set = ProjectEdit(target: project.target.map { .set($0) } ?? .keep, due: project.due.map { .set($0) } ?? .keep)
        context.reportGoals(of: project, changed: set)
    }

    /// The words of the project's folder at `add` (0 in a folder made empty, the folder's count with
    /// `--folder`): where its first day starts from, so the words written on it are that day's
    /// (docs/progress.md). Counted quietly: a file that cannot be read is for `files` to name.
    private static func recordFirstCount(of project: Project, store: ProjectStore, context: CommandContext) {
        guard project.folder != nil, let catalog = try? store.catalog(),
              let path = project.folder?.path(in: store.root(of: catalog)),
              let count = try? FolderWordCount.count(
                folder: path, preferredFolders: context.kindFolderNames(of: project.kind), collator: NameCollator(locale: context.locales.collation))
        else { return }
        context.recordWords([project.id: count.words], store: store, catalog: catalog)
    }
}
