import ProjectStore
import ProjectStoreFile

/// `project open <project> [--shell]`: the writer's editor (`$VISUAL`, else `$EDITOR`) on the folder,
/// or a shell in it: a writing session, whose words added and removed are recorded (docs/progress.md).
enum OpenCommand: Command {
    static let shell = OptionSpec.flag("shell", help: "open.option.shell")

    static let spec = CommandSpec(
        name: "open", summary: "open.summary", discussion: "open.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [shell],
        examples: "open.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let catalog = try store.catalog()
        let (project, folder) = try store.existingFolder(of: .named(invocation.argument(0)!), in: catalog)
        let program: String
        let launched: (path: String, arguments: [String])
        if invocation.isSet(shell) {
            program = nonEmpty(context.environment["SHELL"]) ?? "/bin/sh"
            launched = (program, [])
        } else {
            guard let editor = nonEmpty(context.environment["VISUAL"]) ?? nonEmpty(context.environment["EDITOR"]) else {
                throw CommandError.noEditor
            }
            // As git does: the shell splits the variable, so it may hold arguments (`code -w`). Ctrl-C
            // and Ctrl-\\ reach that shell too, and dash would die of them while the editor goes on:
            // it catches them and waits, and the editor, started after, has them at their defaults.
            program = editor
            launched = ("/bin/sh", ["-c", "trap : INT QUIT; " + editor + " \"$@\"", editor, folder])
        }
        let session = SessionRecorder(context, store: store, catalog: catalog, project: project, folder: folder)
        let exit = context.launcher.runAtTerminal(launched.path, arguments: launched.arguments, in: folder)
        session.finish()
        if case .couldNotStart = exit {} else { try keepVersions(of: project, in: folder, context: context) }
        switch exit {
        case .exited(0): return
        case .exited(let status): throw CommandError.programFailed(program, status: status)
        case .killed(let signal): throw CommandError.programKilled(program, signal: signal)
        case .couldNotStart(let code): throw CommandError.programNotStarted(program, code: code)
        }
    }

    /// With `PROJECT_VERSION_ON_OPEN=1`, the session's text files kept as versions when it ends, those
    /// it did not change left as they are (docs/versions.md). Off by default: nothing else is automatic.
    private static func keepVersions(of project: Project, in folder: String, context: CommandContext) throws {
        guard VersionOnOpen.isOn(environment: context.environment) else { return }
        let place = context.versionPlace(project, folder: folder)
        let note = context.localizer.text("open.version-note")
        let outcomes = try context.versions { () throws(VersionError) in try place.shelf.keep(files: [], note: note) }
        SnapshotCommand.report(outcomes.filter { if case .kept = $0 { true } else { false } }, eachUnchanged: false, in: context)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        value.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
}
