import Foundation
import ProjectStore
import ProjectStoreFile

/// `project list`: the projects in the saved default order or another, filtered by kind or name;
/// with `--words`, the words in each one's folder and the percent of its target. Without it no
/// folder is read, so a long list stays as fast as the store is.
enum ListCommand: Command {
    static let sort = OptionSpec.value("sort", short: "s", valueName: "placeholder.order", help: "list.option.sort")
    static let type = OptionSpec.value("type", short: "t", valueName: "placeholder.kind", help: "list.option.type")
    static let search = OptionSpec.value("search", valueName: "placeholder.text", help: "list.option.search")
    static let json = OptionSpec.flag("json", help: "list.option.json")
    static let words = OptionSpec.flag("words", help: "list.option.words")

    static let spec = CommandSpec(
        name: "list", summary: "list.summary", discussion: "list.discussion",
        options: [sort, type, search, words, json],
        examples: "list.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let requestedOrder = try invocation.order(sort)
        let kind = try invocation.kind(type, localizer: context.localizer)
        // The catalog itself, with its index of names, is let go before the list is sorted and printed:
        // a list of 100,000 projects needs the memory.
        let store = try context.store
        // Folders no project claims are a note for the writer at a terminal; a script, or the
        // benchmark, does not pay for reading the root.
        let noteUnclaimed = context.terminal.outputIsTerminal && !invocation.isSet(json)
        var (projects, savedOrder, root, unclaimed, notArrived, catalog) = try { () throws in
            let catalog = try store.catalog()
            let unclaimed = noteUnclaimed ? (try? store.unclaimedFolders(in: catalog)) ?? nil : nil
            let notArrived = noteUnclaimed && store.sharedRoot(of: catalog) != nil ? catalog.projects.filter { store.folderHasNotArrived($0, in: catalog) }.count : 0
            return (catalog.projects, catalog.defaultOrder, store.root(of: catalog), unclaimed, notArrived, catalog)
        }()
        let storeIsEmpty = projects.isEmpty
        let order = requestedOrder ?? savedOrder
        if let kind { projects.removeAll { $0.kind != kind } }
        if let text = invocation.value(search), !text.isEmpty {
            projects.removeAll { $0.name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) == nil }
        }
        ProjectCatalog.sort(&projects, in: order, collator: NameCollator(locale: context.locales.collation))
        let counts = invocation.isSet(words) ? context.countWords(of: projects, root: root) : nil
        if let counts { context.recordWords(counts, store: store, catalog: catalog) }

        if invocation.isSet(json) {
            var json = ProjectJSON.encode(projects, folderPath: { $0.folder?.path(in: root) }) { project in
                counts.map { .counted($0[project.id]) } ?? .notCounted
            }
            json.append(UInt8(ascii: "\n"))
            context.terminal.output(utf8: json)
        } else if storeIsEmpty {
            context.say("list.empty")
        } else if projects.isEmpty {
            context.say("list.no-match")
        } else {
            let view = ProjectListView(localizer: context.localizer, dates: context.dateText)
            let progress = counts.map { counts in ProjectListView.Progress(text: context.progressText, words: counts) }
            context.terminal.output(utf8: view.render(projects, positions: order == .user, progress: progress, width: context.lineWidth))
            if context.terminal.outputIsTerminal {
                let orderName = context.localizer.text(order.nameKey)
                context.say("list.count", count: projects.count, ["order": orderName])
            }
        }
        if notArrived > 0 { context.warn("list.folders-not-arrived", count: notArrived) }
        if let unclaimed, !unclaimed.names.isEmpty {
            context.warn("list.unclaimed-folders", count: unclaimed.names.count, ["root": unclaimed.root.path])
        }
    }
}
