import ProjectStore

/// `project restore <project> <file> <version>`: the file holds that version's text again; today's
/// text is kept as a version first, so nothing is lost. A file deleted from the project comes back.
/// One change in the history: `undo` takes it back, `redo` restores again.
enum RestoreCommand: Command {
    static let spec = CommandSpec(
        name: "restore", summary: "restore.summary", discussion: "restore.discussion",
        arguments: ArgumentSpec.projectAndKeptFile + [.required("placeholder.version", help: "restore.argument.version")],
        examples: "restore.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let place = try context.versionPlace(invocation.argument(0)!)
        let file = try context.versionFile(invocation.argument(1)!, in: place)
        let l = context.localizer
        // Through the store, as one change of the history, which `undo` takes back.
        let restored = try context.store.restore(file, of: place.project, version: invocation.argument(2)!) {
            l.text("restore.note", ["number": String($0)])
        }
        let arguments = [
            "file": TerminalText.visible(file), "number": String(restored.restored.number),
            "words": context.words(restored.restored.record.words),
        ]
        context.say(restored.broughtBack ? "restore.brought-back" : "restore.done", arguments)
        if let kept = restored.keptFirst {
            context.say("restore.kept-first", ["number": String(kept.number)])
        }
    }
}
