import Foundation
import ProjectStore

/// `project response <submission> accepted|rejected|withdrawn|shortlisted [--piece <file>…]
/// [--date <date>] [--note <text>]`: what came back, for every piece still out or those named; an
/// acceptance says where else each piece taken is still out, to withdraw it there.
enum ResponseCommand: Command {
    static let statuses: [PieceStatus] = [.accepted, .rejected, .withdrawn, .shortlisted]

    static let piece = OptionSpec.values("piece", valueName: "placeholder.text-file", help: "response.option.piece")
    static let date = OptionSpec.value("date", valueName: "placeholder.date", help: "response.option.date")
    static let note = OptionSpec.value("note", short: "m", valueName: "placeholder.note", help: "response.option.note")

    static let spec = CommandSpec(
        name: "response", summary: "response.summary", discussion: "response.discussion",
        arguments: [
            .required("placeholder.submission", help: "response.argument.submission"),
            .required("placeholder.response", help: "response.argument.status"),
        ],
        options: [piece, date, note],
        examples: "response.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let typed = invocation.argument(1)!
        guard let status = statuses.first(where: { $0.rawValue == typed.lowercased() }) else {
            throw UsageError.badValue(
                option: context.localizer.text("placeholder.response"), value: typed, expected: .oneOf(statuses.map(\.rawValue)),
                command: spec.name)
        }
        let today = context.today
        let day = try invocation.day(date) ?? today
        let noteText = invocation.value(note).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let files = invocation.values(piece)
        let reference = invocation.argument(0)!
        let store = try context.store
        let (found, answered, withdrawals, names) = try store.change { catalog throws(ProjectStoreError) in
            let found = try catalog.submission(reference, piece: files.first)
            let response = PieceResponse(status: status, date: day, note: noteText)
            let answered = try catalog.respond(to: found.id, pieces: files, with: response, today: today)
            let accepted = status == .accepted ? zip(found.pieces, answered.pieces).filter { $0.0.response != $0.1.response }.map(\.1.file) : []
            return (found, answered, SubmissionCheck.withdrawals(of: accepted, after: answered, in: catalog), catalog.marketNames(bySubmission: false))
        }
        let words = context.submissionWords
        let named = Set(files.compactMap(answered.pieceFile(named:)))
        let chosen = answered.pieces.filter { $0.response.status == status && (files.isEmpty || named.contains($0.file)) }
        context.say("response.recorded", count: chosen.count, [
            "count": context.numbers.string(chosen.count), "status": words.status(status),
            "market": words.quoted(names(answered.market) ?? ""), "files": chosen.map { TerminalText.visible($0.file) }.joined(separator: ", ")])
        // A final answer named and changed: the writer is told what it was.
        for (before, after) in zip(found.pieces, answered.pieces) where !before.response.status.isOpen && before.response != after.response {
            let old = before.response.date.map { context.localizer.text("error.response.answer-on", ["status": words.status(before.response.status), "date": words.day($0)]) }
            context.say("response.replaced", ["file": TerminalText.visible(before.file), "answer": old ?? words.status(before.response.status)])
        }
        for (file, market) in withdrawals {
            context.say("response.withdraw-elsewhere", [
                "file": TerminalText.visible(file), "market": words.quoted(market), "name": TerminalText.visible(market)])
        }
    }
}
