import ProjectStore

/// `project move <project> (--to <n> | --before <project> | --after <project> | --top | --bottom)`:
/// reorders the writer's own order, the only command that does.
enum MoveCommand: Command {
    static let to = OptionSpec.value("to", valueName: "placeholder.n", help: "move.option.to")
    static let before = OptionSpec.value("before", valueName: "placeholder.project", help: "move.option.before")
    static let after = OptionSpec.value("after", valueName: "placeholder.project", help: "move.option.after")
    static let top = OptionSpec.flag("top", help: "move.option.top")
    static let bottom = OptionSpec.flag("bottom", help: "move.option.bottom")

    static let spec = CommandSpec(
        name: "move", summary: "move.summary", discussion: "move.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        oneOf: [to, before, after, top, bottom],
        examples: "move.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let target: MoveTarget
        if let position = try invocation.number(to) {
            target = .position(position)
        } else if let anchor = invocation.value(before) {
            target = .before(.named(anchor))
        } else if let anchor = invocation.value(after) {
            target = .after(.named(anchor))
        } else {
            target = invocation.isSet(top) ? .top : .bottom
        }
        let (moved, count, notedOrder) = try context.store.change { catalog throws(ProjectStoreError) in
            let moved = try catalog.move(.named(invocation.argument(0)!), to: target)
            return (moved, catalog.projects.count, catalog.orderToNoteAfterMove())
        }
        context.say("move.done", ["name": moved.name, "position": String(moved.position), "count": String(count)])
        if let defaultOrder = notedOrder {
            context.warn("move.note-default-order", ["order": context.localizer.text(defaultOrder.nameKey)])
        }
    }
}
