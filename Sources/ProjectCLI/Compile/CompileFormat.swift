/// What `project compile` writes; the raw value is the name for `--to` and the file's extension.
enum CompileFormat: String, CaseIterable, Sendable {
    case md, docx, odt, epub, html, pdf

    /// The format of an output file's name, from its extension in any letter case.
    init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let suffix = fileName[fileName.index(after: dot)...].lowercased()
        self.init(rawValue: suffix == "markdown" ? "md" : suffix == "htm" ? "html" : suffix)
    }

    /// As messages name it: `DOCX`, `Markdown`.
    func displayName(_ localizer: Localizer) -> String {
        self == .md ? localizer.text("compile.markdown") : rawValue.uppercased()
    }

    /// Whether it is a standard manuscript, with a first page of the writer's details.
    var hasFirstPage: Bool { self == .docx || self == .odt || self == .pdf }
}

/// The paper a manuscript is laid out on.
enum Paper: String, CaseIterable, Sendable {
    case letter, a4

    /// `LC_PAPER` as POSIX has it: Letter in the United States, Canada and the few others that use
    /// it (glibc's `LC_PAPER` data), A4 everywhere else and in the C locale.
    init(locale: String?) {
        let region = locale?.split(whereSeparator: { $0 == "_" || $0 == "-" }).last.map { $0.uppercased() } ?? ""
        let letterRegions: Set<String> = ["US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "CR", "GT", "PA", "SV", "NI", "DO"]
        self = letterRegions.contains(region) && locale?.contains("_") == true ? .letter : .a4
    }
}
