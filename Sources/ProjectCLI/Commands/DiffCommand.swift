import ProjectStore

/// `project diff <project> <file> [<version> [<version>]]`: two versions compared word by word, or one
/// with today's text; with none, the newest with today's. Reads, never writes.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff", summary: "diff.summary", discussion: "diff.discussion",
        arguments: ArgumentSpec.projectAndKeptFile + [
            .optional("placeholder.version", help: "diff.argument.from"),
            .optional("placeholder.version", help: "diff.argument.to"),
        ],
        examples: "diff.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let place = try context.versionPlace(invocation.argument(0)!)
        let file = try context.versionFile(invocation.argument(1)!, in: place)
        let folder = place.shelf.folder
        let (older, newer) = try context.versions { () throws(VersionError) -> (Side, Side) in
            let list = try place.shelf.list()
            func side(_ name: String) throws(VersionError) -> Side {
                let version = try list.version(of: file, named: name)
                return Side(label: .version(version.number), bytes: try place.shelf.text(version.record.text))
            }
            let today = Side(label: .today, bytes: try folder.contents(of: file) ?? [])
            switch (invocation.argument(2), invocation.argument(3)) {
            case (let from?, let to?): return (try side(from), try side(to))
            case (let from?, nil): return (try side(from), today)
            default:
                guard let newest = list.newest(of: file) else {
                    throw .unknownVersion(file: file, name: "", count: 0)
                }
                return (try side(String(newest.number)), today)
            }
        }
        let diff = WordDiff.compare(String(decoding: older.bytes, as: UTF8.self), String(decoding: newer.bytes, as: UTF8.self))
        let l = context.localizer
        context.say("diff.heading", ["file": TerminalText.visible(file), "from": older.label.text(l), "to": newer.label.text(l)])
        let colour = context.terminal.outputIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
        context.terminal.output(WordDiffText(localizer: l, colour: colour).render(diff))
        context.say("diff.summary-line", [
            "added": context.numbers.string(diff.addedWords), "removed": context.numbers.string(diff.removedWords),
            "added-words": l.text("diff.words", count: diff.addedWords), "removed-words": l.text("diff.words", count: diff.removedWords),
        ])
        if diff.movedParagraphs > 0 {
            context.say("diff.moved-count", count: diff.movedParagraphs, ["count": context.numbers.string(diff.movedParagraphs)])
        }
    }

    private struct Side {
        enum Label {
            case version(Int)
            case today

            func text(_ l: Localizer) -> String {
                switch self {
                case .version(let number): l.text("diff.version", ["number": String(number)])
                case .today: l.text("diff.today")
                }
            }
        }

        let label: Label
        let bytes: [UInt8]
    }
}
