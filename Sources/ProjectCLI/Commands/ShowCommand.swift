import ProjectStore
import ProjectStoreFile

/// `project show <project> [--json]`: everything about one project.
enum ShowCommand: Command {
    static let json = OptionSpec.flag("json", help: "show.option.json")

    static let spec = CommandSpec(
        name: "show", summary: "show.summary",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [json],
        examples: "show.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let catalog = try context.store.catalog()
        let project = try catalog.project(.named(invocation.argument(0)!))
        if invocation.isSet(json) {
            context.terminal.output(String(decoding: ProjectJSON.encode(project), as: UTF8.self) + "\n")
        } else {
            let view = ProjectDetailView(localizer: context.localizer, dates: DateText(locale: context.locales.formatting))
            context.terminal.output(view.render(project, count: catalog.projects.count))
        }
    }
}
