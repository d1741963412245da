/// A program that turns the assembled Markdown into a format: the seam between the tool's own work
/// and the converters the field already uses, found on `PATH` and run at the edge.
protocol DocumentConverter: Sendable {
    /// Its name on `PATH`.
    var program: String { get }
    /// What to run to install it, as the error says: `apt install pandoc`.
    var installation: String { get }
    /// The arguments that turn the Markdown file `input` into `output`.
    func arguments(input: String, output: String, job: ConversionJob) -> [String]
}

/// What a converter is asked to make.
struct ConversionJob: Sendable {
    let format: CompileFormat
    /// The project's folder: where images named in the text are found.
    let folder: String
    /// `cover.jpg` or `cover.png` in the project's folder, for an EPUB.
    let cover: String?
    /// The reference document of a standard manuscript's styles, page and header (DOCX, ODT).
    let reference: String?
}

/// pandoc, for DOCX, ODT, EPUB and HTML.
struct Pandoc: DocumentConverter {
    let program = "pandoc"
    let installation = "apt install pandoc"

    func arguments(input: String, output: String, job: ConversionJob) -> [String] {
        var arguments = [input, "--from=markdown", "--to=\(job.format.rawValue)", "--output=\(output)", "--resource-path=\(job.folder)"]
        switch job.format {
        case .epub:
            arguments += ["--toc", "--toc-depth=1"]
            if let cover = job.cover { arguments.append("--epub-cover-image=\(cover)") }
        case .html:
            // One file: images and styles inside it.
            arguments += ["--standalone", "--self-contained"]
        case .docx, .odt:
            if let reference = job.reference { arguments.append("--reference-doc=\(reference)") }
        default:
            break
        }
        return arguments
    }
}

/// A converter and where it was found.
struct LocatedConverter {
    let converter: any DocumentConverter
    let path: String
}
