import ProjectStore

/// `project snapshot <project> [<file>…] [-m <note>]`: keeps the text of the files named, or of every
/// text file of the project, as a version; a file unchanged since its last version is not kept again.
enum SnapshotCommand: Command {
    static let note = OptionSpec.value("note", short: "m", valueName: "placeholder.note", help: "snapshot.option.note")

    static let spec = CommandSpec(
        name: "snapshot", summary: "snapshot.summary", discussion: "snapshot.discussion",
        arguments: [
            .required("placeholder.project", help: "argument.project"),
            .repeatable("placeholder.text-file", help: "snapshot.argument.files"),
        ],
        options: [note],
        examples: "snapshot.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let place = try context.versionPlace(invocation.argument(0)!)
        let files = try invocation.arguments.dropFirst().map { typed throws(CommandError) in try context.versionFile(typed, in: place) }
        let note = invocation.value(note).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let outcomes = try context.versions { () throws(VersionError) in try place.shelf.keep(files: files, note: note) }
        if outcomes.isEmpty { context.say("snapshot.no-text-files", ["name": TerminalText.visible(place.project.name)]) }
        report(outcomes, eachUnchanged: !files.isEmpty, in: context)
    }

    /// Says what was kept; a file unchanged is named when the writer named it, else counted.
    static func report(_ outcomes: [VersionShelf.Kept], eachUnchanged: Bool, in context: CommandContext) {
        var unchanged = 0
        for outcome in outcomes {
            switch outcome {
            case .kept(let version): context.say(version.record.note == nil ? "snapshot.kept" : "snapshot.kept-note", describe(version, context))
            case .unchanged(let version) where eachUnchanged: context.say("snapshot.unchanged", describe(version, context))
            case .unchanged: unchanged += 1
            }
        }
        if unchanged > 0 { context.say("snapshot.unchanged-count", count: unchanged, ["count": context.numbers.string(unchanged)]) }
    }

    private static func describe(_ version: NumberedVersion, _ context: CommandContext) -> [String: String] {
        [
            "number": String(version.number), "file": TerminalText.visible(version.record.file),
            "words": context.words(version.record.words), "note": TerminalText.visible(version.record.note ?? ""),
        ]
    }
}
