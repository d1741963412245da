/// The page of a standard manuscript, as the reference documents and the PDF stylesheet lay it out:
/// 12-point Times, double-spaced (single for poetry, as poetry manuscripts are), 1-inch margins,
/// every paragraph's first line indented half an inch, the running header on every page but the
/// first, chapters (and poems) on a new page.
public struct ManuscriptLayout: Sendable {
    /// `Surname / SHORT TITLE / `, the page number following it.
    public let header: String
    /// The paper, in twentieths of a point (1,440 an inch).
    public let width: Int
    public let height: Int
    public let singleSpaced: Bool
    /// The first page is a title page of its own (the text starts on a new page, under a chapter's
    /// or a poem's heading): it is not numbered, and the text's first page is page 1.
    public let titlePageAlone: Bool

    public init(header: String, width: Int, height: Int, singleSpaced: Bool, titlePageAlone: Bool) {
        self.header = header
        self.width = width
        self.height = height
        self.singleSpaced = singleSpaced
        self.titlePageAlone = titlePageAlone
    }

    /// The width between the margins, in twentieths of a point: where the first line's word count
    /// is set flush right.
    public var textWidth: Int { width - 2 * 1_440 }

    public static let letter = (width: 12_240, height: 15_840)
    public static let a4 = (width: 11_906, height: 16_838)

    /// The header's text, from the author's surname and the short title.
    public static func header(surname: String?, shortTitle: String) -> String {
        surname.map { "\($0) / \(shortTitle) / " } ?? "\(shortTitle) / "
    }

    /// Markdown for the end of a line that sets `text` (Markdown already) flush right: a tab to the
    /// right-hand stop of the word processors' style, a float in the PDF's page.
    static func flushRight(_ text: String) -> String {
        "`<w:r><w:tab/></w:r>`{=openxml}`<text:tab/>`{=opendocument}[\(text)]{.word-count}"
    }

    /// Markdown for a line break inside a heading, in the word processors' own terms (HTML's comes
    /// from the heading's markup).
    static let headingLineBreak = "`<w:r><w:br/></w:r>`{=openxml}`<text:line-break/>`{=opendocument}"

    /// A block of WordprocessingML that pandoc puts in a DOCX as it is, and leaves out of other formats.
    static func rawOpenXML(_ xml: String) -> String {
        "```{=openxml}\n\(xml)\n```"
    }

    /// XML text: `&`, `<`, `>` and quotes escaped.
    static func xml(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// The paragraph styles a standard manuscript marks its own parts with: named in the Markdown as
/// pandoc's `custom-style`, defined in the reference documents and the PDF stylesheet.
public enum ManuscriptStyle: String, CaseIterable, Sendable {
    case wordCount = "Word Count"
    case contact = "Contact"
    case title = "Manuscript Title"
    case byline = "Byline"
    case sceneBreak = "Scene Break"
    case end = "End"

    /// The style's id in a DOCX: its name without spaces.
    public var identifier: String { rawValue.replacingOccurrences(of: " ", with: "") }
}
