import ProjectStore

/// `project edit <project> ([-d <text>] [--target <words>] [--due <date>] | --folder <folder> |
/// --new-folder | --no-folder)`: the details, word target and due date, changed together as one
/// change, or which folder is the project's. Attaching or detaching never changes anything on disk.
enum EditCommand: Command {
    static let details = OptionSpec.value("details", short: "d", valueName: "placeholder.text", help: "edit.option.details")
    static let target = OptionSpec.value("target", valueName: "placeholder.words", help: "edit.option.target")
    static let due = OptionSpec.value("due", valueName: "placeholder.date", help: "edit.option.due")
    static let folder = OptionSpec.value("folder", valueName: "placeholder.folder", help: "edit.option.folder")
    static let newFolder = OptionSpec.flag("new-folder", help: "edit.option.new-folder")
    static let noFolder = OptionSpec.flag("no-folder", help: "edit.option.no-folder")

    static let spec = CommandSpec(
        name: "edit", summary: "edit.summary", discussion: "edit.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        choices: [[details, target, due], [folder], [newFolder], [noFolder]],
        examples: "edit.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let reference = ProjectReference.named(invocation.argument(0)!)
        if let typed = invocation.value(folder) {
            let (project, outcome, previous) = try context.store.attachFolder(try context.folder(typed: typed), to: reference)
            context.say("edit.folder-attached", ["name": project.name])
            context.report(outcome)
            if let previous { context.say("edit.folder-previous", ["path": previous]) }
        } else if invocation.isSet(newFolder) {
            let store = try context.store
            let (project, outcome) = try store.makeFolder(for: reference) { context.layout(for: $0, in: store) }
            context.say("edit.folder-made", ["name": project.name])
            context.report(outcome)
        } else if invocation.isSet(noFolder) {
            let (project, outcome) = try context.store.detachFolder(of: reference)
            context.say(outcome == nil ? "edit.folder-none" : "edit.folder-detached", ["name": project.name])
            context.report(outcome)
        } else {
            let edit = ProjectEdit(
                details: invocation.value(details).map { .set($0) } ?? .keep,
                target: try invocation.wordTarget(target, numbers: context.numbers),
                due: try invocation.dueDate(due))
            let (project, changed) = try context.store.edit(reference, edit)
            if changed.isEmpty { return context.say("edit.unchanged", ["name": project.name]) }
            if changed.details != .keep {
                context.say(project.details == nil ? "edit.cleared" : "edit.done", ["name": project.name])
            }
            context.reportGoals(of: project, changed: changed)
        }
    }
}
