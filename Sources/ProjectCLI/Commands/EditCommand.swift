import ProjectStore

/// `project edit <project> (-d <text> | --folder <folder> | --new-folder | --no-folder)`: the details,
/// or which folder is the project's. Attaching or detaching never changes anything on disk.
enum EditCommand: Command {
    static let details = OptionSpec.value("details", short: "d", valueName: "placeholder.text", help: "edit.option.details")
    static let folder = OptionSpec.value("folder", valueName: "placeholder.folder", help: "edit.option.folder")
    static let newFolder = OptionSpec.flag("new-folder", help: "edit.option.new-folder")
    static let noFolder = OptionSpec.flag("no-folder", help: "edit.option.no-folder")

    static let spec = CommandSpec(
        name: "edit", summary: "edit.summary", discussion: "edit.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        oneOf: [details, folder, newFolder, noFolder],
        examples: "edit.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let reference = ProjectReference.named(invocation.argument(0)!)
        let store = try context.store
        if let typed = invocation.value(folder) {
            let (project, outcome, previous) = try store.attachFolder(try context.folder(typed: typed), to: reference)
            context.say("edit.folder-attached", ["name": project.name])
            context.report(outcome)
            if let previous { context.say("edit.folder-previous", ["path": previous]) }
        } else if invocation.isSet(newFolder) {
            let (project, outcome) = try store.makeFolder(for: reference) { context.layout(for: $0, in: store) }
            context.say("edit.folder-made", ["name": project.name])
            context.report(outcome)
        } else if invocation.isSet(noFolder) {
            let (project, outcome) = try store.detachFolder(of: reference)
            context.say(outcome == nil ? "edit.folder-none" : "edit.folder-detached", ["name": project.name])
            context.report(outcome)
        } else {
            let project = try store.setDetails(of: reference, to: invocation.value(details))
            context.say(project.details == nil ? "edit.cleared" : "edit.done", ["name": project.name])
        }
    }
}
