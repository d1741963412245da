import ProjectStore

/// `project undo`: takes back the most recent change not yet undone, folders included.
enum UndoCommand: Command {
    static let spec = CommandSpec(name: "undo", summary: "undo.summary", discussion: "undo.discussion", examples: "undo.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        say(try store.undo(), of: store, in: context)
    }

    /// What an undo did, as `undo` and `undelete` say it: the change taken back, a folder kept in
    /// the trash, and each value of another machine's that came back.
    static func say(_ outcome: HistoryOutcome, of store: ProjectStore, in context: CommandContext) {
        // The names as the change left them: the undone change is not in the catalog any more.
        let catalog = outcome.catalog
        // The names of the projects it touched only: a store may hold 100,000.
        var names = catalog.names(of: outcome.entry.change.projectIDs)
        for case .set(let id, .name(_, let to)) in outcome.entry.change.operations { names[id] = to }
        let sentence = context.historySentence(store, catalog).describe(outcome.entry, names: names, undone: true)
        context.say("undo.done", ["what": sentence])
        for path in outcome.trashed { context.say("undo.trashed", ["path": path]) }
        // A value another machine set at the same time as the undone change, back in its place.
        let fields = SyncReport(context: context, json: false)
        for restored in outcome.restored {
            context.say("undo.restored", [
                "name": TerminalText.visible(names[restored.project] ?? ""), "field": fields.fieldName(restored.field),
                "machine": restored.machine])
        }
    }
}
