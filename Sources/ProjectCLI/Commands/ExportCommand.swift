import ProjectStoreFile

/// `project export`: the whole store as a JSON document on standard output.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", summary: "export.summary", discussion: "export.discussion",
        examples: "export.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        context.terminal.output(utf8: StoreDocument.encode(try context.store.catalog()))
    }
}
