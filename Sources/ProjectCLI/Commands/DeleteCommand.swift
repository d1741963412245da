import ProjectStore

/// `project delete <project> [--yes] [--keep-folder]`: deletes after an explicit yes; the folder the
/// tool made goes to the trash beside it.
enum DeleteCommand: Command {
    static let yes = OptionSpec.flag("yes", short: "y", help: "delete.option.yes")
    static let keepFolder = OptionSpec.flag("keep-folder", help: "delete.option.keep-folder")

    static let spec = CommandSpec(
        name: "delete", summary: "delete.summary", discussion: "delete.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [yes, keepFolder],
        examples: "delete.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let keep = invocation.isSet(keepFolder)
        var reference = ProjectReference.named(invocation.argument(0)!)
        if !invocation.isSet(yes) {
            let (project, fate) = try store.deletion(of: reference, keepFolder: keep)
            let prompter = Prompter(context: context)
            guard prompter.canAsk else { throw CommandError.deleteNeedsConfirmation(project) }
            let arguments = (fate.map(details) ?? [:]).merging(["name": project.name]) { $1 }
            guard try prompter.confirm(confirmation(fate), arguments) else {
                // Not an error, as `rm -i` answered no: said where the question was, and exit 0.
                return context.warn("delete.declined", ["name": project.name])
            }
            // By id: the name the user confirmed may have been given to another project meanwhile.
            reference = .id(project.id)
        }
        let (project, outcome) = try store.delete(reference, keepFolder: keep)
        context.say("delete.done", ["name": project.name])
        context.report(outcome)
    }

    private static func confirmation(_ fate: FolderOutcome?) -> String {
        switch fate {
        case .trashed: "delete.confirm.trash"
        case .kept: "delete.confirm.keep"
        default: "delete.confirm"
        }
    }

    private static func details(_ fate: FolderOutcome) -> [String: String] {
        switch fate {
        case .trashed(let path, let trash, let files): ["path": path, "trash": trash, "count": String(files)]
        case .kept(let path), .notFound(let path): ["path": path]
        default: [:]
        }
    }
}
