import ProjectStore
import ProjectStoreFile

/// `project files <project> [--json]`: the project's folder as a tree, each text file with its
/// words, each folder with its total, the project's total at the end. Reads, never writes.
enum FilesCommand: Command {
    static let json = OptionSpec.flag("json", help: "files.option.json")

    static let spec = CommandSpec(
        name: "files", summary: "files.summary", discussion: "files.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [json],
        examples: "files.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let catalog = try store.catalog()
        let (project, folder) = try store.existingFolder(of: .named(invocation.argument(0)!), in: catalog)
        let count = try context.countWords(of: project, in: folder)
        context.recordWords([project.id: count.words], store: store, catalog: catalog)
        if invocation.isSet(json) {
            context.terminal.output(utf8: FolderCountJSON.encode(name: project.name, count: count))
        } else {
            let view = FileTreeView(localizer: context.localizer, progress: context.progressText)
            context.terminal.output(view.render(count, of: project))
        }
    }
}
