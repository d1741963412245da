import Foundation
import ProjectStore
import ProjectStoreFile

/// `project submission <submission> [--delete]`: one submission whole (its market, project, day
/// sent and note, each piece with the version sent and every answer it was given, the earlier ones
/// a final answer replaced included); with `--delete`, taken out as a change `undo` takes back.
enum SubmissionCommand: Command {
    static let delete = OptionSpec.flag("delete", help: "submission.option.delete")

    static let spec = CommandSpec(
        name: "submission", summary: "submission.summary", discussion: "submission.discussion",
        arguments: [.required("placeholder.submission", help: "response.argument.submission")],
        options: [delete],
        examples: "submission.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let reference = invocation.argument(0)!
        let store = try context.store
        let words = context.submissionWords
        if invocation.isSet(delete) {
            let (removed, number, market) = try store.change { catalog throws(ProjectStoreError) in
                let found = try catalog.submission(reference)
                let number = catalog.number(of: found)
                return (try catalog.removeSubmission(found.id.lowercasedString), number, catalog.marketName(found.market))
            }
            return context.say("submission.deleted", count: removed.pieces.count, [
                "number": String(number), "count": context.numbers.string(removed.pieces.count),
                "project": words.quoted(removed.projectName), "market": words.quoted(market)])
        }
        let (changes, catalog, _) = try store.everyMachinesHistory()
        let found = try catalog.submission(reference)
        context.terminal.output(SubmissionView(context: context).show(
            found, number: catalog.number(of: found), market: catalog.marketName(found.market),
            project: catalog.projects.first { $0.id == found.project }?.name ?? found.projectName,
            answers: SubmissionAnswers.given(to: found, in: changes)))
    }
}
