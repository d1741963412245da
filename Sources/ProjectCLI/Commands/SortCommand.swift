import ProjectStore

/// `project sort [name|date|user]`: shows or saves the order lists use by default.
enum SortCommand: Command {
    static let spec = CommandSpec(
        name: "sort", summary: "sort.summary", discussion: "sort.discussion",
        arguments: [.optional("placeholder.order", help: "sort.argument.order")],
        examples: "sort.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        guard let text = invocation.argument(0) else {
            context.terminal.output(try context.store.defaultOrder().rawValue + "\n")
            return
        }
        guard let order = ProjectOrder(rawValue: text.lowercased()) else {
            throw UsageError.badValue(option: context.localizer.placeholder("placeholder.order"), value: text, expected: .order, command: spec.name)
        }
        try context.store.setDefaultOrder(order)
        context.say("sort.done", ["order": context.localizer.text(order.nameKey)])
    }
}
