import Foundation
import ProjectStore
import ProjectStoreFile

/// What `market` does, named by its first argument.
enum MarketAction: String, CaseIterable {
    case add, list, show, edit, rename, delete
}

/// `project market add|list|show|edit|rename|delete …`: the places a writer sends work to, their
/// rules (simultaneous submissions, more than one at a time), deadline and usual response time.
enum MarketCommand: Command {
    static let kind = OptionSpec.value("kind", valueName: "placeholder.market-kind", help: "market.option.kind")
    static let url = OptionSpec.value("url", valueName: "placeholder.url", help: "market.option.url")
    static let deadline = OptionSpec.value("deadline", valueName: "placeholder.date", help: "market.option.deadline")
    static let simultaneous = OptionSpec.value("simultaneous", valueName: "placeholder.yes-no", help: "market.option.simultaneous")
    static let multiple = OptionSpec.value("multiple", valueName: "placeholder.yes-no", help: "market.option.multiple")
    static let notes = OptionSpec.value("notes", valueName: "placeholder.text", help: "market.option.notes")
    static let responseDays = OptionSpec.value("response-days", valueName: "placeholder.days", help: "market.option.response-days")
    static let json = OptionSpec.flag("json", help: "market.option.json")

    static let spec = CommandSpec(
        name: "market", summary: "market.summary", discussion: "market.discussion",
        arguments: [
            .required("placeholder.market-action", help: "market.argument.action"),
            .optional("placeholder.market", help: "market.argument.market"),
            .optional("placeholder.new-name", help: "market.argument.new-name"),
        ],
        options: [kind, url, deadline, simultaneous, multiple, notes, responseDays, json],
        examples: "market.examples")

    /// The fields `add` and `edit` take, each from its option.
    private static let fieldOptions: [(MarketField, OptionSpec)] = [
        (.kind, kind), (.url, url), (.deadline, deadline), (.simultaneous, simultaneous), (.multiple, multiple),
        (.notes, notes), (.responseDays, responseDays),
    ]

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let typed = invocation.argument(0)!
        guard let action = MarketAction(rawValue: typed.lowercased()) else {
            throw UsageError.badValue(
                option: context.localizer.text("placeholder.market-action"), value: typed,
                expected: .oneOf(MarketAction.allCases.map(\.rawValue)), command: spec.name)
        }
        let named = invocation.argument(1)
        func market() throws(UsageError) -> String {
            guard let named else { throw .missingArgument(placeholder: "placeholder.market", command: spec.name) }
            return named
        }
        if action != .rename, let extra = invocation.argument(2) { throw UsageError.extraArgument(extra, command: spec.name) }
        if action == .list, let named { throw UsageError.extraArgument(named, command: spec.name) }
        let texts = try fieldTexts(invocation, numbers: context.numbers)
        let store = try context.store
        let words = context.submissionWords
        switch action {
        case .add:
            let name = try market()
            let added = try store.change { catalog throws(ProjectStoreError) in
                var market = try catalog.addMarket(Market(id: UUID(), name: name))
                for (field, text) in texts { market = try catalog.setMarket(market.id.lowercasedString, field, to: text) }
                // One operation for the market as made, rather than one per option.
                catalog.foldAdded(market)
                return market
            }
            context.say("market.added", ["name": words.quoted(added.name), "kind": words.kind(added.kind)])
        case .list:
            let catalog = try store.catalog()
            if invocation.isSet(json) { return context.terminal.output(utf8: SubmissionsJSON.markets(catalog, today: context.today)) }
            guard !catalog.markets.isEmpty else { return context.say("market.none") }
            context.terminal.output(MarketView(context: context).list(catalog))
        case .show:
            let catalog = try store.catalog()
            let found = try catalog.market(try market())
            if invocation.isSet(json) { return context.terminal.output(utf8: SubmissionsJSON.market(found, in: catalog, today: context.today)) }
            context.terminal.output(MarketView(context: context).show(found, in: catalog))
        case .edit:
            guard !texts.isEmpty else { throw UsageError.missingChoice(fieldOptions.map { "--\($0.1.long)" }, command: spec.name) }
            let reference = try market()
            let (before, after) = try store.change { catalog throws(ProjectStoreError) in
                let before = try catalog.market(reference)
                var after = before
                for (field, text) in texts { after = try catalog.setMarket(before.id.lowercasedString, field, to: text) }
                return (before, after)
            }
            context.say(before == after ? "market.unchanged" : "market.edited", ["name": words.quoted(after.name)])
        case .rename:
            let reference = try market()
            guard let new = invocation.argument(2) else { throw UsageError.missingArgument(placeholder: "placeholder.new-name", command: spec.name) }
            let (old, renamed) = try store.change { catalog throws(ProjectStoreError) in
                let old = try catalog.market(reference)
                return (old, try catalog.setMarket(old.id.lowercasedString, .name, to: new))
            }
            context.say("market.renamed", ["old": words.quoted(old.name), "new": words.quoted(renamed.name)])
        case .delete:
            let reference = try market()
            let (deleted, held) = try store.change { catalog throws(ProjectStoreError) in try catalog.deleteMarket(reference) }
            context.say("market.deleted", count: held.count, ["name": words.quoted(deleted.name), "count": context.numbers.string(held.count)])
        }
    }

    /// The fields given, as the text each holds; an empty value clears a field that may be empty.
    /// A usual response time is a whole number of days in the range the tool keeps, said with the
    /// range as `numbers` groups it.
    private static func fieldTexts(_ invocation: Invocation, numbers: NumberText) throws(UsageError) -> [(MarketField, String?)] {
        _ = try invocation.choice(kind, of: MarketKind.self)
        _ = try invocation.yesNo(simultaneous)
        _ = try invocation.yesNo(multiple)
        if let text = invocation.value(deadline), !text.isEmpty { _ = try invocation.day(deadline) }
        if let text = invocation.value(responseDays), !text.isEmpty, !(Int(text).map(StoredNumber.responseDays.takes) ?? false) {
            throw invocation.outOfRange(responseDays, .responseDays, numbers: numbers)
        }
        return fieldOptions.compactMap { field, option in
            invocation.value(option).map { (field, field == .kind ? $0.lowercased() : $0) }
        }
    }
}
