import ProjectStore
import ProjectStoreFile

/// `project versions <project> [<file>] [--json]`: the versions of a project's files, or of one,
/// newest first, each with its number, date, machine, words, note and id. Reads, never writes.
enum VersionsCommand: Command {
    static let json = OptionSpec.flag("json", help: "versions.option.json")
    static let check = OptionSpec.flag("check", help: "versions.option.check")

    static let spec = CommandSpec(
        name: "versions", summary: "versions.summary", discussion: "versions.discussion",
        arguments: [
            .required("placeholder.project", help: "argument.project"),
            .optional("placeholder.kept-file", help: "versions.argument.file"),
        ],
        options: [json, check],
        examples: "versions.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let place = try context.versionPlace(invocation.argument(0)!)
        let file = try invocation.argument(1).map { typed throws(CommandError) in try context.versionFile(typed, in: place) }
        if invocation.isSet(check) { return try checkTexts(of: place, file: file, in: context) }
        let list = try context.versions { () throws(VersionError) in try place.shelf.list() }
        let versions = file.map { list.versions(of: $0).reversed() } ?? list.newestFirst
        // Whether each file is there today, asked once a file.
        var present: [String: Bool] = [:]
        for version in versions where present[version.record.file] == nil {
            present[version.record.file] = (try? place.shelf.folder.contents(of: version.record.file)) != nil
        }
        if invocation.isSet(json) {
            context.terminal.output(utf8: VersionsJSON.encode(versions, folder: place.shelf.folder, present: present))
            return
        }
        if versions.isEmpty {
            context.say(file == nil ? "versions.none" : "versions.none-of-file", [
                "name": TerminalText.visible(place.project.name), "file": TerminalText.visible(file ?? ""),
            ])
            return
        }
        context.terminal.output(utf8: VersionTable(context: context).render(versions, present: present))
    }

    /// `--check`: every kept text the versions name (of one file, when named) checked against its hash;
    /// each that fails is listed with the versions it holds, and the command exits 1.
    private static func checkTexts(of place: CommandContext.VersionPlace, file: String?, in context: CommandContext) throws {
        let (checked, failing) = try context.versions { () throws(VersionError) in try place.shelf.check(file: file) }
        guard !failing.isEmpty else {
            context.say("versions.check.ok", count: checked, ["count": context.numbers.string(checked)])
            return
        }
        let l = context.localizer
        for text in failing {
            let versions = text.versions.map {
                l.text("versions.check.version", ["number": String($0.number), "file": TerminalText.visible($0.record.file)])
            }
            context.say("versions.check.failed", [
                "path": TerminalText.visible(text.path), "problem": ErrorReport.describe(text.problem, l),
                "versions": versions.joined(separator: ", "),
            ])
        }
        throw CommandError.versions(.failingTexts(count: failing.count))
    }
}
