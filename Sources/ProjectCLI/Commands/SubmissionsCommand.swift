import Foundation
import ProjectStore
import ProjectStoreFile

/// `project submissions [--pending] [--project <p>] [--market <m>] [--json] [--csv]`: what was sent
/// where, newest first, one line a piece; with `--pending`, the pieces still out, longest waiting
/// first, those past their market's usual response time marked. Reads, never writes.
enum SubmissionsCommand: Command {
    static let pending = OptionSpec.flag("pending", help: "submissions.option.pending")
    static let project = OptionSpec.value("project", valueName: "placeholder.project", help: "submissions.option.project")
    static let market = OptionSpec.value("market", valueName: "placeholder.market", help: "submissions.option.market")
    static let json = OptionSpec.flag("json", help: "submissions.option.json")
    static let csv = OptionSpec.flag("csv", help: "submissions.option.csv")

    static let spec = CommandSpec(
        name: "submissions", summary: "submissions.summary", discussion: "submissions.discussion",
        options: [pending, project, market, json, csv],
        examples: "submissions.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        try invocation.requireAtMostOne(of: [json, csv])
        let store = try context.store
        // Listing what is still out needs no piece already answered.
        let catalog = try store.catalog(pieces: invocation.isSet(pending) ? .stillOut : .all)
        let projectID = try invocation.value(project).map { name throws(ProjectStoreError) in try catalog.project(.named(name)).id }
        let marketID = try invocation.value(market).map { name throws(ProjectStoreError) in try catalog.market(name).id }
        let rows = SubmissionListing(catalog: catalog, today: context.today).rows(
            pendingOnly: invocation.isSet(pending), project: projectID, market: marketID)
        if invocation.isSet(json) {
            let paths = context.versionPaths(of: rows, in: store, catalog)
            return context.terminal.output(utf8: SubmissionsJSON.submissions(rows, versionPaths: paths))
        }
        if invocation.isSet(csv) {
            let kinds = Dictionary(catalog.markets.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
            let paths = context.versionPaths(of: rows, in: store, catalog)
            return context.terminal.output(SubmissionCSV.render(rows, kinds: { kinds[$0] }, versionPaths: paths))
        }
        guard !rows.isEmpty else {
            // Nothing of what was asked for: said of what was asked for, not of everything.
            let words = context.submissionWords
            let pendingOnly = invocation.isSet(pending)
            if let marketID {
                return context.say(pendingOnly ? "submissions.none-pending-at" : "submissions.none-to", ["market": words.quoted(catalog.marketName(marketID))])
            }
            if let projectID, let name = catalog.projects.first(where: { $0.id == projectID })?.name {
                return context.say(pendingOnly ? "submissions.none-pending-of" : "submissions.none-of", ["project": words.quoted(name)])
            }
            return context.say(invocation.isSet(pending) ? "submissions.none-pending" : "submissions.none")
        }
        SubmissionTable(context: context).render(rows).write(to: context.terminal)
    }
}
