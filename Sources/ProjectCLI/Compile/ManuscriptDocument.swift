import ProjectStore
import ProjectStoreFile

/// One manuscript on its way to a file: the Markdown the tool assembles, handed to the converter
/// when the format needs one, written beside its place and renamed there.
struct ManuscriptDocument {
    let project: Project
    let manuscript: Manuscript
    let author: AuthorDetails
    let format: CompileFormat
    let paper: Paper
    let folder: String
    let context: CommandContext
    /// The manuscript's own words ("Chapter", "END", "by") in the language it is written in, and
    /// that language's tag for the document.
    let language: (words: Localizer, tag: String)

    /// A standard manuscript's pages, for the formats that have them.
    var page: ManuscriptPage? {
        // A screenplay's title page is the renderer's, from the Fountain.
        guard format.hasFirstPage, project.kind != .script else { return nil }
        return ManuscriptPage(
            title: project.name, author: author, manuscript: manuscript, paper: paper, localizer: language.words, numbers: context.numbers)
    }

    /// What the converter reads: a script's screenplay in Fountain, anything else in Markdown.
    var source: String {
        project.kind == .script
            ? ManuscriptFountain.render(manuscript, title: project.name, author: author, credit: language.words.text("compile.written-by"))
            : markdown
    }

    var markdown: String {
        let localizer = language.words
        let chapterTitle: @Sendable (Int) -> String = { localizer.text("compile.chapter", ["number": String($0)]) }
        let end = localizer.text("compile.end")
        let numbersChapters = author.chapterNumbers.numbers(project.name)
        guard let page else {
            return ManuscriptMarkdown(
                title: project.name, author: author.name, language: language.tag, chapterTitle: chapterTitle, end: end,
                numbersChapters: numbersChapters
            ).render(manuscript)
        }
        return ManuscriptMarkdown(
            title: project.name, author: author.name, language: language.tag, chapterTitle: chapterTitle, end: end,
            sceneBreak: page.sceneBreak, endBlock: page.endBlock, firstPage: page.firstPage, numbersChapters: numbersChapters,
            headingBreak: ManuscriptLayout.headingLineBreak
        ).render(manuscript)
    }

    /// Writes the file, or nothing: whatever fails, the temporary files are removed.
    func write(to path: String, replacing: Bool, with converter: LocatedConverter?) throws(CommandError) {
        let temporary = try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.temporary(for: path) }
        do throws(CommandError) {
            if let converter {
                try convert(into: temporary, for: path, with: converter)
                if project.kind == .script, format == .html { try titleScreenplayPage(temporary) }
            } else {
                try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.fill(temporary, with: Array(markdown.utf8)) }
            }
            try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.place(temporary, at: path, replacing: replacing) }
        } catch {
            ManuscriptFile.remove(temporary)
            throw error
        }
    }

    private func convert(into temporary: String, for path: String, with located: LocatedConverter) throws(CommandError) {
        let input = try output { () throws(ManuscriptFile.Problem) in
            try ManuscriptFile.temporaryInput(for: path, fountain: project.kind == .script)
        }
        defer { ManuscriptFile.remove(input) }
        try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.fill(input, with: Array(source.utf8)) }
        let intermediate = try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.temporaryPage(for: path) }
        defer { ManuscriptFile.remove(intermediate) }
        let style = try styleFile(for: path)
        defer { style.map(ManuscriptFile.remove) }
        let job = ConversionJob(
            format: format, title: project.name, author: author.name, folder: folder, cover: CoverImage.find(in: folder), style: style.map(absolute))
        for run in located.converter.runs(input: absolute(input), output: absolute(temporary), intermediate: absolute(intermediate), job: job) {
            if context.terminal.outputIsTerminal {
                context.warn("compile.progress", ["format": format.displayName(context.localizer), "program": run.program])
            }
            switch context.launcher.run(
                located.paths[run.program] ?? run.program, arguments: run.arguments, in: folder, setting: ProgramRun.environment) {
            case .exited(0): continue
            case .exited(let status): throw .converterFailed(run.program, status: status)
            case .killed(let signal): throw .programKilled(run.program, signal: signal)
            case .couldNotStart(let code): throw .programNotStarted(run.program, code: code)
            }
        }
    }

    /// screenplain's HTML has no title page and the title "Screenplay": it is given both.
    private func titleScreenplayPage(_ temporary: String) throws(CommandError) {
        let page: [UInt8]
        do { page = try DiskManuscriptSource().contents(of: temporary) } catch { throw .manuscript(project, folder: folder, error) }
        let titled = ScreenplayHTML.titled(String(decoding: page, as: UTF8.self), fountain: source)
        try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.fill(temporary, with: Array(titled.utf8)) }
    }

    /// The standard manuscript's reference document or stylesheet, made for this manuscript beside the output.
    private func styleFile(for path: String) throws(CommandError) -> String? {
        guard let page else { return nil }
        let reference = try output { () throws(ManuscriptFile.Problem) in try ManuscriptFile.temporaryReference(for: path) }
        do throws(CommandError) {
            try output { () throws(ManuscriptFile.Problem) in
                let layout = page.layout
                let bytes = switch format {
                case .odt: ReferenceODT.archive(layout)
                case .pdf: Array(ManuscriptStylesheet.headElement(layout, letter: paper == .letter).utf8)
                default: ReferenceDOCX.archive(layout)
                }
                try ManuscriptFile.fill(reference, with: bytes)
            }
        } catch {
            ManuscriptFile.remove(reference)
            throw error
        }
        return reference
    }

    /// The converter runs in the project's folder; the paths it is given must not depend on ours.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FolderPath.normalized(path, against: CanonicalPath.currentFolder())
    }

    private func output<T>(_ body: () throws(ManuscriptFile.Problem) -> T) throws(CommandError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .exists(let path): throw .outputExists(path: path)
            case .unwritable(let path, let code): throw .outputUnwritable(path: path, code: code)
            }
        }
    }
}

extension CommandContext {
    /// The converter a format needs, its programs found on `PATH`; `nil` for Markdown, which the
    /// tool writes itself.
    func converter(for format: CompileFormat, kind: ProjectKind) throws(CommandError) -> LocatedConverter? {
        let converter: any DocumentConverter
        switch (kind, format) {
        case (.script, .pdf), (.script, .html): converter = Screenplain()
        case (.script, _): throw .scriptFormat(format.rawValue)
        case (_, .md): return nil
        case (_, .pdf): converter = PandocWeasyPrint()
        default: converter = Pandoc()
        }
        var paths: [String: String] = [:]
        for program in converter.programs {
            guard let path = ProgramSearch.find(program.name, environment: environment) else {
                throw .converterMissing(program.name, format: format.displayName(localizer), installation: program.installation)
            }
            paths[program.name] = path
        }
        if converter is PandocWeasyPrint { noteMissingManuscriptFont() }
        return LocatedConverter(converter: converter, paths: paths)
    }

    /// WeasyPrint sets a PDF in whatever serif it finds when the manuscript's font is missing, with
    /// other widths and so other pages: said once, with what to install. fontconfig's `fc-list -q`
    /// answers by its status; without it nothing can be known, and nothing is said.
    private func noteMissingManuscriptFont() {
        guard let fontList = ProgramSearch.find(ManuscriptStylesheet.fontList, environment: environment) else { return }
        let installed = ManuscriptStylesheet.fonts.contains { launcher.run(fontList, arguments: ["-q", $0], in: "/") == .exited(0) }
        if !installed {
            let fonts = ManuscriptStylesheet.fonts
            warn("compile.note.no-font", ["font": fonts[0], "twin": fonts[1], "install": ManuscriptStylesheet.fontPackage])
        }
    }

    /// The writer's details from the settings file, the name replaced by `--author`. A manuscript
    /// format without them says once what is left out, and where to write them.
    func authorDetails(named name: String?, for format: CompileFormat) throws(CommandError) -> AuthorDetails {
        var details: AuthorDetails
        do {
            details = try AuthorFile.read(environment: environment)
        } catch {
            if case .unreadable(let path, let code) = error { throw .authorUnreadable(path: path, code: code) }
            details = AuthorDetails(name: nil, contact: [])
        }
        if let name { details.name = name }
        if format.hasFirstPage, details.name == nil || details.contact.isEmpty {
            warn("compile.note.no-author", ["path": AuthorFile.shownPath(environment: environment)])
        }
        return details
    }
}
