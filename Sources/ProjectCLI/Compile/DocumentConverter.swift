/// Programs that turn the assembled Markdown into a format: the seam between the tool's own work
/// and the converters the field already uses, found on `PATH` and run at the edge.
protocol DocumentConverter: Sendable {
    /// The programs it runs, in order, each with what to install when it is missing.
    var programs: [RequiredProgram] { get }
    /// The runs that turn the Markdown file `input` into `output`, in order, one a program;
    /// `intermediate` is a temporary file one run writes for the next to read.
    func runs(input: String, output: String, intermediate: String, job: ConversionJob) -> [ProgramRun]
}

/// A program a format needs: its name on `PATH`, and what to run to install it (`apt install pandoc`).
struct RequiredProgram: Sendable {
    let name: String
    let installation: String
}

/// One program run, the program named as in `programs`.
struct ProgramRun: Sendable {
    let program: String
    let arguments: [String]

    /// Set for every converter: a UTF-8 locale every system has, whatever the writer's; under one
    /// the system does not have, a converter reads an accented file name as ASCII and cannot open it.
    static let environment = ["LC_ALL": "C.UTF-8"]
}

/// What a converter is asked to make.
struct ConversionJob: Sendable {
    let format: CompileFormat
    let title: String
    /// The writer's name, for the file's properties.
    let author: String?
    /// The project's folder: where images named in the text are found.
    let folder: String
    /// `cover.jpg` or `cover.png` in the project's folder, for an EPUB.
    let cover: String?
    /// A standard manuscript's reference document (DOCX, ODT) or stylesheet (PDF).
    let style: String?
}

extension RequiredProgram {
    static let pandoc = RequiredProgram(name: "pandoc", installation: "apt install pandoc")
    static let weasyPrint = RequiredProgram(name: "weasyprint", installation: "apt install weasyprint")
    static let screenplain = RequiredProgram(name: "screenplain", installation: "pipx install screenplain")
}

/// pandoc, for DOCX, ODT, EPUB and HTML.
struct Pandoc: DocumentConverter {
    let programs = [RequiredProgram.pandoc]

    func runs(input: String, output: String, intermediate: String, job: ConversionJob) -> [ProgramRun] {
        [ProgramRun(program: RequiredProgram.pandoc.name, arguments: Self.arguments(input: input, output: output, job: job))]
    }

    static func arguments(input: String, output: String, job: ConversionJob) -> [String] {
        var arguments = [input, "--from=markdown", "--to=\(job.format == .pdf ? "html" : job.format.rawValue)",
                         "--output=\(output)", "--resource-path=\(job.folder)"]
        switch job.format {
        case .epub:
            arguments += ["--toc", "--toc-depth=1"]
            if let cover = job.cover { arguments.append("--epub-cover-image=\(cover)") }
        case .html:
            // One file: images and styles inside it.
            arguments += ["--standalone", "--self-contained"]
        case .docx, .odt:
            // The file's properties (the reference document hides the copy pandoc prints above the first page).
            arguments.append("--metadata=title:\(job.title)")
            if let author = job.author { arguments.append("--metadata=author:\(author)") }
            if let style = job.style { arguments.append("--reference-doc=\(style)") }
        case .pdf:
            // The page for WeasyPrint, with the title and author its properties take; the first
            // page carries the visible ones.
            arguments += ["--standalone", "--metadata=pagetitle:\(job.title)"]
            if let author = job.author { arguments.append("--variable=author-meta:\(author)") }
            if let style = job.style { arguments.append("--include-in-header=\(style)") }
        case .md:
            break
        }
        return arguments
    }
}

/// pandoc to HTML, then WeasyPrint to PDF, laid out by the project's own stylesheet.
struct PandocWeasyPrint: DocumentConverter {
    let programs = [RequiredProgram.pandoc, RequiredProgram.weasyPrint]

    func runs(input: String, output: String, intermediate: String, job: ConversionJob) -> [ProgramRun] {
        [ProgramRun(program: RequiredProgram.pandoc.name, arguments: Pandoc.arguments(input: input, output: intermediate, job: job)),
         ProgramRun(program: RequiredProgram.weasyPrint.name, arguments: ["--quiet", "--base-url", job.folder, intermediate, output])]
    }
}

/// screenplain, the Fountain renderer, for a script's PDF and HTML in screenplay format.
struct Screenplain: DocumentConverter {
    let programs = [RequiredProgram.screenplain]

    func runs(input: String, output: String, intermediate: String, job: ConversionJob) -> [ProgramRun] {
        [ProgramRun(program: RequiredProgram.screenplain.name, arguments: ["--format", job.format.rawValue, input, output])]
    }
}

/// A converter and where each of its programs was found.
struct LocatedConverter {
    let converter: any DocumentConverter
    let paths: [String: String]
}
