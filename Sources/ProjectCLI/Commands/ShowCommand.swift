import ProjectStore
import ProjectStoreFile

/// `project show <project> [--json]`: everything about one project, its folder included.
enum ShowCommand: Command {
    static let json = OptionSpec.flag("json", help: "show.option.json")

    static let spec = CommandSpec(
        name: "show", summary: "show.summary",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [json],
        examples: "show.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let catalog = try store.catalog()
        let project = try catalog.project(.named(invocation.argument(0)!))
        let folder = store.folderState(of: project, in: catalog)
        if invocation.isSet(json) {
            let path = project.folder?.path(in: store.root(of: catalog))
            context.terminal.output(String(decoding: ProjectJSON.encode(project, folderPath: path), as: UTF8.self) + "\n")
        } else {
            let view = ProjectDetailView(localizer: context.localizer, dates: DateText(locale: context.locales.formatting))
            context.terminal.output(view.render(project, count: catalog.projects.count, folder: folder))
        }
    }
}
