import Foundation
import ProjectStore

/// `project submit <project> [<file>…] --to <market> [--date <date>] [--note <text>] [--force]`:
/// records pieces sent to a market, each pinned to the version of its text sent (kept now when
/// today's text has none), after saying what the market's rules or the pieces' past warn of.
enum SubmitCommand: Command {
    static let to = OptionSpec.value("to", valueName: "placeholder.market", help: "submit.option.to")
    static let date = OptionSpec.value("date", valueName: "placeholder.date", help: "submit.option.date")
    static let note = OptionSpec.value("note", short: "m", valueName: "placeholder.note", help: "submit.option.note")
    static let force = OptionSpec.flag("force", help: "submit.option.force")
    static let version = OptionSpec.value("version", valueName: "placeholder.version", help: "submit.option.version")

    static let spec = CommandSpec(
        name: "submit", summary: "submit.summary", discussion: "submit.discussion",
        arguments: [
            .required("placeholder.project", help: "argument.project"),
            .repeatable("placeholder.text-file", help: "submit.argument.files"),
        ],
        options: [date, version, note, force], oneOf: [to],
        examples: "submit.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let catalog = try store.catalog()
        let market = try catalog.market(invocation.value(to)!)
        let (project, folder) = try store.existingFolder(of: .named(invocation.argument(0)!), in: catalog)
        let place = context.versionPlace(project, folder: folder)
        var files = try invocation.arguments.dropFirst().map { typed throws(CommandError) in try context.versionFile(typed, in: place) }
        if files.isEmpty { files = try context.versions { () throws(VersionError) in try place.shelf.folder.textFiles().sorted() } }
        guard !files.isEmpty else { throw ProjectStoreError.submissions(.nothingToSubmit(place.project.name)) }
        // Said before the warnings, which --force would only answer to meet this next.
        if invocation.value(version) != nil, files.count != 1 { throw CommandError.versions(.versionOfOneFile(count: files.count)) }
        let sent = try invocation.day(date) ?? context.today
        try ProjectCatalog.refuseSending(on: sent, today: context.today)
        let words = context.submissionWords
        let warnings = SubmissionCheck.warnings(sending: files, of: place.project.id, to: market, on: sent, in: catalog)
        let stopping = warnings.filter { !$0.isNote }
        if !stopping.isEmpty, !invocation.isSet(force) { throw ProjectStoreError.submissions(.refused(stopping)) }
        for warning in warnings {
            context.terminal.error(context.localizer.text(warning.isNote ? "submit.note-prefix" : "warning.prefix", ["message": words.warning(warning)]) + "\n")
        }
        let noteText = invocation.value(note).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let zone = context.locales.timeZone.zone
        let kept = try context.versions { () throws(VersionError) in
            try place.shelf.sent(
                files: files, on: sent, today: context.today, named: invocation.value(version), dayOf: { CalendarDay($0, in: zone) },
                note: context.localizer.text("submit.version-note", ["market": market.name]))
        }
        let pieces = kept.map { SubmittedPiece(file: $0.record.file, version: $0.record.id, number: $0.number) }
        let id = UUID()
        let number = try store.change { catalog throws(ProjectStoreError) in
            // Numbered in the order recorded: after every submission this store knows of.
            let submission = Submission(
                id: id, market: market.id, project: place.project.id, projectName: place.project.name, sent: sent, note: noteText,
                pieces: pieces, recorded: HybridTime.next(at: context.clock(), after: catalog.lastClock))
            try catalog.submit(submission, today: context.today)
            return catalog.number(of: submission)
        }
        context.say("submit.recorded", count: pieces.count, [
            "count": context.numbers.string(pieces.count), "project": words.quoted(place.project.name), "market": words.quoted(market.name),
            "date": words.day(sent), "number": String(number), "id": String(id.lowercasedString.prefix(8))])
        for piece in pieces {
            context.terminal.output("  " + context.localizer.text("submit.piece", ["file": TerminalText.visible(piece.file), "number": String(piece.number)]) + "\n")
        }
    }
}
