import ProjectStore

/// `project path <project>`: the folder's absolute path alone, for `cd "$(project path …)"`; with
/// `--version <file> [<n>]`, a version's file instead (the newest without a number), for
/// `$EDITOR "$(project path … --version …)"`.
enum PathCommand: Command {
    static let version = OptionSpec.value("version", valueName: "placeholder.kept-file", help: "path.option.version")

    static let spec = CommandSpec(
        name: "path", summary: "path.summary", discussion: "path.discussion",
        arguments: [
            .required("placeholder.project", help: "argument.project"),
            .optional("placeholder.version", help: "path.argument.version"),
        ],
        options: [version],
        examples: "path.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        guard let typed = invocation.value(version) else {
            if let extra = invocation.argument(1) { throw UsageError.extraArgument(extra, command: spec.name) }
            let (_, path) = try context.store.existingFolder(of: .named(invocation.argument(0)!))
            context.terminal.output(path + "\n")
            return
        }
        let place = try context.versionPlace(invocation.argument(0)!)
        let file = try context.versionFile(typed, in: place)
        let path = try context.versions { () throws(VersionError) in
            let list = try place.shelf.list()
            let found = try invocation.argument(1).map { name throws(VersionError) in try list.version(of: file, named: name) }
            guard let chosen = found ?? list.newest(of: file) else { throw .unknownVersion(file: file, name: "", count: 0) }
            return place.shelf.folder.path(ofText: chosen.record.text)
        }
        context.terminal.output(path + "\n")
    }
}
