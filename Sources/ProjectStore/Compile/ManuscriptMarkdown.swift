/// A manuscript as one Markdown document: a metadata block pandoc reads (title, author, language),
/// then the parts in order, each under its heading, scenes separated by scene breaks, and `END`
/// after fiction. It is the `md` format, and what the converters are given.
public struct ManuscriptMarkdown: Sendable {
    public let title: String
    public let author: String?
    /// BCP 47, as EPUB and pandoc want it: `fr-FR`.
    public let language: String
    /// "Chapter N", in the writer's language.
    public let chapterTitle: @Sendable (Int) -> String
    /// `END`, in the writer's language.
    public let end: String
    /// A scene break's Markdown from its mark (`#`, or a poem's own): the mark as text, or a block
    /// a converter styles.
    public let sceneBreak: @Sendable (String) -> String
    /// The Markdown that closes a short story, around `end`.
    public let endBlock: @Sendable (String) -> String
    /// A standard manuscript's first page (contact block, word count, title, byline): it then
    /// carries the title and the author, which the metadata leaves out so pandoc does not repeat them.
    public let firstPage: String?
    /// "Chapter N" on a line above each chapter's own title, N its place in the manuscript.
    public let numbersChapters: Bool
    /// What ends the number's line in a numbered chapter's heading for the word processors, which
    /// take no style from the HTML around it: their own line breaks, as raw blocks.
    public let headingBreak: String

    public init(
        title: String, author: String?, language: String, chapterTitle: @escaping @Sendable (Int) -> String,
        end: String, sceneBreak: @escaping @Sendable (String) -> String = { ManuscriptText.escaped($0) }, endBlock: @escaping @Sendable (String) -> String = { ManuscriptText.escaped($0) },
        firstPage: String? = nil, numbersChapters: Bool = false, headingBreak: String = ""
    ) {
        self.firstPage = firstPage
        self.numbersChapters = numbersChapters
        self.headingBreak = headingBreak
        self.title = title
        self.author = author
        self.language = language
        self.chapterTitle = chapterTitle
        self.end = end
        self.sceneBreak = sceneBreak
        self.endBlock = endBlock
    }

    public func render(_ manuscript: Manuscript) -> String {
        var blocks = [metadata] + (firstPage.map { [$0] } ?? [])
        let numbering = numbersChapters && manuscript.unit == .chapters
        for (index, part) in manuscript.parts.enumerated() {
            if let heading = heading(part.title, number: numbering ? index + 1 : nil) { blocks.append("# " + heading) }
            for (index, scene) in part.scenes.enumerated() {
                if index > 0 { blocks.append(sceneBreak(part.breakMark)) }
                if !scene.isEmpty { blocks.append(scene) }
            }
        }
        if manuscript.endsWithEnd { blocks.append(endBlock(end)) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The line that opens the metadata of every manuscript compile writes: how compile knows its
    /// own Markdown again, wherever it was written, and never takes it in as the writer's.
    static let compiledMark = "---\ncompiled-by: \"project\"\n"

    /// Whether `text` is Markdown compile wrote.
    public static func isCompiled(_ text: String) -> Bool {
        text.hasPrefix(compiledMark)
    }

    private var metadata: String {
        var lines = [String(Self.compiledMark.dropLast())]
        if firstPage == nil {
            lines.append("title: " + Self.yamlString(title))
            if let author { lines.append("author: " + Self.yamlString(author)) }
        }
        lines += ["lang: " + Self.yamlString(language), "---"]
        return lines.joined(separator: "\n")
    }

    /// The part's heading; with a `number`, "Chapter N" set above a title of the chapter's own, as a
    /// line (a span HTML shows as a block) in the same heading, so the table of contents and the
    /// chapter's page both keep the two together. A chapter titled "Chapter N" already (by its
    /// number alone, or by the writer) is not numbered twice.
    private func heading(_ title: ManuscriptPart.Title, number: Int?) -> String? {
        guard let own = heading(title) else { return nil }
        guard let number else { return own }
        let numberLine = ManuscriptText.escaped(chapterTitle(number))
        guard own.lowercased() != numberLine.lowercased() else { return own }
        return "[\(numberLine)]{.chapter-number style=\"display: block\"} \(headingBreak)\(own)"
    }

    private func heading(_ title: ManuscriptPart.Title) -> String? {
        switch title {
        case .heading(let text): text
        case .name(let name): ManuscriptText.escaped(name)
        case .numbered(let number): ManuscriptText.escaped(chapterTitle(number))
        case .none: nil
        }
    }

    /// A pandoc fenced div whose paragraphs take the named style (`custom-style`).
    public static func styled(_ style: String, _ markdown: String) -> String {
        "::: {custom-style=\"\(style)\"}\n\(markdown)\n:::"
    }

    /// A YAML double-quoted string: read back as exactly `text`, whatever it holds.
    static func yamlString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
