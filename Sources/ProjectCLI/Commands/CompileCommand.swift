import ProjectStore
import ProjectStoreFile

/// `project compile <project> [--to <format>] [--output <path>] [--from <path>]… [--force]
/// [--author <name>] [--paper letter|a4] [--json]`: the project's files, in order, as one
/// manuscript. The tool assembles the Markdown itself; a converter found on `PATH` makes the other
/// formats. Nothing is left behind when anything fails.
enum CompileCommand: Command {
    static let to = OptionSpec.value("to", valueName: "placeholder.format", help: "compile.option.to")
    static let output = OptionSpec.value("output", short: "o", valueName: "placeholder.file", help: "compile.option.output")
    static let from = OptionSpec.values("from", valueName: "placeholder.path", help: "compile.option.from")
    static let force = OptionSpec.flag("force", help: "compile.option.force")
    static let author = OptionSpec.value("author", valueName: "placeholder.name", help: "compile.option.author")
    static let paper = OptionSpec.value("paper", valueName: "placeholder.paper", help: "compile.option.paper")
    static let json = OptionSpec.flag("json", help: "compile.option.json")

    static let spec = CommandSpec(
        name: "compile", summary: "compile.summary", discussion: "compile.discussion",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [to, output, from, force, author, paper, json],
        examples: "compile.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let catalog = try store.catalog()
        let (project, folder) = try store.existingFolder(of: .named(invocation.argument(0)!), in: catalog)
        let format = try chosenFormat(invocation)
        let path = invocation.value(output) ?? FolderName.safe(project.name) + "." + format.rawValue
        let paper = try chosenPaper(invocation, context)
        let replacing = invocation.isSet(force)
        if !replacing, ManuscriptFile.exists(path) { throw CommandError.outputExists(path: path) }
        // The converter is found before any work, so a missing one costs the writer nothing.
        let converter = try context.converter(for: format, kind: project.kind)

        // The writer's language first: a missing folder is named as `add` would have made it.
        let language = context.localizer.language
        let assembly = ManuscriptAssembly(
            kind: project.kind, folder: folder, from: invocation.values(from),
            output: FolderPath.normalized(path, against: CanonicalPath.currentFolder())
        ) { kindFolder in
            CommandContext.namesOnDisk(of: kindFolder, firstIn: language)
        }
        let manuscript: Manuscript
        do {
            manuscript = try assembly.manuscript(from: DiskManuscriptSource(within: folder), collator: NameCollator(locale: context.locales.collation))
        } catch {
            throw CommandError.manuscript(project, folder: folder, error)
        }
        for file in manuscript.notes.windows1252 { context.warn("compile.note.windows-1252", ["path": FolderPath.join(folder, file)]) }
        for file in manuscript.notes.earlierCompiles { context.warn("compile.note.earlier-compile", ["path": FolderPath.join(folder, file)]) }
        let details = try context.authorDetails(named: invocation.value(author), for: format)
        let document = ManuscriptDocument(
            project: project, manuscript: manuscript, author: details, format: format, paper: paper, folder: folder, context: context,
            language: writtenIn(manuscript, context))
        try document.write(to: path, replacing: replacing, with: converter)
        context.recordWords(of: project, in: folder, compiled: manuscript, store: store, catalog: catalog)

        if invocation.isSet(json) {
            context.terminal.output(utf8: CompileResultJSON.encode(file: path, format: format.rawValue, manuscript: manuscript))
        } else {
            context.say("compile.done", [
                "path": path, "format": format.displayName(context.localizer),
                "parts": unitText(manuscript, context), "words": countsText(manuscript, context),
            ])
        }
    }

    /// `--to`, else the extension of `--output`, else DOCX. An extension naming another format than
    /// `--to` is refused: a PDF named `.docx` opens nowhere.
    private static func chosenFormat(_ invocation: Invocation) throws(UsageError) -> CompileFormat {
        let named = invocation.value(output).flatMap { CompileFormat(fileName: FolderPath.lastComponent(of: $0)) }
        if let text = invocation.value(to) {
            guard let format = CompileFormat(rawValue: text.lowercased()) else { throw invocation.badValue(to, expected: .format) }
            if let named, named != format { throw invocation.badValue(output, expected: .extensionOfFormat(format.rawValue)) }
            return format
        }
        guard invocation.value(output) != nil else { return .docx }
        guard let named else { throw invocation.badValue(output, expected: .formatOfFile) }
        return named
    }

    /// `--paper`, else the paper `LC_PAPER` gives.
    private static func chosenPaper(_ invocation: Invocation, _ context: CommandContext) throws(UsageError) -> Paper {
        guard let text = invocation.value(paper) else { return Paper(locale: context.locales.paper) }
        guard let chosen = Paper(rawValue: text.lowercased()) else { throw invocation.badValue(paper, expected: .paper) }
        return chosen
    }

    /// The language the project was made in, its folders say, else the writer's; its tag the
    /// locale's (`fr-CA`) when they are the same language.
    private static func writtenIn(_ manuscript: Manuscript, _ context: CommandContext) -> (words: Localizer, tag: String) {
        let language = CommandContext.language(ofManuscriptFolder: manuscript.folderName) ?? context.localizer.language
        guard language != context.localizer.language else { return (context.localizer, context.locales.documentLanguage) }
        return (Localizer(language: language), language)
    }

    /// The words, and what else the writer counts: a collection's lines, a screenplay's pages.
    private static func countsText(_ manuscript: Manuscript, _ context: CommandContext) -> String {
        let l = context.localizer
        let number = { (count: Int) in ["count": context.numbers.string(count)] }
        var counts = [l.text("words.count", count: manuscript.words, number(manuscript.words))]
        if let lines = manuscript.lines { counts.append(l.text("compile.lines", count: lines, number(lines))) }
        if let pages = manuscript.pages { counts.append(l.text("compile.pages", count: pages, number(pages))) }
        return counts.joined(separator: ", ")
    }

    private static func unitText(_ manuscript: Manuscript, _ context: CommandContext) -> String {
        let count = manuscript.unitCount
        let arguments = ["count": context.numbers.string(count)]
        return switch manuscript.unit {
        case .chapters: context.localizer.text("compile.chapters", count: count, arguments)
        case .poems: context.localizer.text("compile.poems", count: count, arguments)
        case .scenes: context.localizer.text("compile.scenes", count: count, arguments)
        case .acts: context.localizer.text("compile.acts", count: count, arguments)
        }
    }
}
