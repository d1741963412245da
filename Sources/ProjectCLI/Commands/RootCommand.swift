import ProjectStore

/// `project root [<folder>]`: where new project folders are made, or a new place for them.
enum RootCommand: Command {
    static let spec = CommandSpec(
        name: "root", summary: "root.summary", discussion: "root.discussion",
        arguments: [.optional("placeholder.folder", help: "root.argument.folder")],
        examples: "root.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        guard let typed = invocation.argument(0) else {
            let catalog = try store.catalog()
            guard let root = store.root(of: catalog) else { throw ProjectStoreError.noRoot }
            context.terminal.output(root.path + "\n")
            // The path alone is for scripts (`cd "$(project root)"`); the rest is for the writer.
            guard context.terminal.outputIsTerminal else { return }
            context.say(sourceKey(root.source))
            try reportUnclaimedFolders(in: catalog, of: store, context: context)
            return
        }
        let (old, new) = try store.saveRoot(try context.folder(typed: typed))
        if new.source == .environment {
            context.say("root.saved-overridden", ["path": try context.folder(typed: typed), "root": new.path])
        } else {
            context.say("root.saved", ["path": new.path])
        }
        if let old, old.path != new.path { context.say("root.moves-nothing", ["old": old.path]) }
    }

    /// Folders in the root that no project claims, in full, with how to adopt one; never touched.
    private static func reportUnclaimedFolders(in catalog: ProjectCatalog, of store: ProjectStore, context: CommandContext) throws {
        guard let unclaimed = try store.unclaimedFolders(in: catalog), !unclaimed.names.isEmpty else { return }
        context.say("root.unclaimed-folders", count: unclaimed.names.count)
        let collator = NameCollator(locale: context.locales.collation)
        for name in unclaimed.names.sorted(by: { collator.compare($0, $1) == .orderedAscending }) {
            context.terminal.output("  " + name + "\n")
        }
        context.say("root.unclaimed-folders.adopt")
    }

    private static func sourceKey(_ source: FolderRoot.Source) -> String {
        switch source {
        case .environment: "root.from-environment"
        case .store: "root.from-store"
        case .home: "root.from-home"
        }
    }
}
