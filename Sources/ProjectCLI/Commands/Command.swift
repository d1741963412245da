/// One command of the tool: its spec (parsing and help) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ invocation: Invocation, in context: CommandContext) throws
}

/// Every command, in the order help lists them.
let allCommands: [any Command.Type] = [
    AddCommand.self, ListCommand.self, ShowCommand.self, FilesCommand.self, CompileCommand.self, PathCommand.self, OpenCommand.self,
    RenameCommand.self, EditCommand.self, DeleteCommand.self, MoveCommand.self, SortCommand.self,
    SnapshotCommand.self, VersionsCommand.self, DiffCommand.self, RestoreCommand.self,
    MarketCommand.self, SubmitCommand.self, SubmissionsCommand.self, SubmissionCommand.self, ResponseCommand.self,
    RootCommand.self, SyncCommand.self, UndoCommand.self, RedoCommand.self, UndeleteCommand.self, HistoryCommand.self, TypesCommand.self,
    ProgressCommand.self, ExportCommand.self, ImportCommand.self, CompletionsCommand.self, HelpCommand.self,
]
