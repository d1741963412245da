import Foundation
import ProjectStore
import ProjectStoreFile

/// `project list`: the projects in the saved default order or another, filtered by kind or name.
enum ListCommand: Command {
    static let sort = OptionSpec.value("sort", short: "s", valueName: "placeholder.order", help: "list.option.sort")
    static let type = OptionSpec.value("type", short: "t", valueName: "placeholder.kind", help: "list.option.type")
    static let search = OptionSpec.value("search", valueName: "placeholder.text", help: "list.option.search")
    static let json = OptionSpec.flag("json", help: "list.option.json")

    static let spec = CommandSpec(
        name: "list", summary: "list.summary", discussion: "list.discussion",
        options: [sort, type, search, json],
        examples: "list.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let requestedOrder = try invocation.order(sort)
        let kind = try invocation.kind(type, localizer: context.localizer)
        // The catalog itself, with its index of names, is let go before the list is sorted and printed:
        // a list of 100,000 projects needs the memory.
        let store = try context.store
        var (projects, savedOrder, root) = try { () throws in
            let catalog = try store.catalog()
            return (catalog.projects, catalog.defaultOrder, store.root(of: catalog))
        }()
        let storeIsEmpty = projects.isEmpty
        let order = requestedOrder ?? savedOrder
        if let kind { projects.removeAll { $0.kind != kind } }
        if let text = invocation.value(search), !text.isEmpty {
            projects.removeAll { $0.name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) == nil }
        }
        projects = ProjectCatalog.ordered(projects, in: order, collator: NameCollator(locale: context.locales.collation))

        if invocation.isSet(json) {
            var json = ProjectJSON.encode(projects) { $0.folder?.path(in: root) }
            json.append(UInt8(ascii: "\n"))
            context.terminal.output(utf8: json)
        } else if storeIsEmpty {
            context.say("list.empty")
        } else if projects.isEmpty {
            context.say("list.no-match")
        } else {
            let view = ProjectListView(localizer: context.localizer, dates: DateText(locale: context.locales.formatting))
            context.terminal.output(utf8: view.render(projects, positions: order == .user))
            if context.terminal.outputIsTerminal {
                let orderName = context.localizer.text(order.nameKey)
                context.say("list.count", count: projects.count, ["order": orderName])
            }
        }
    }
}
