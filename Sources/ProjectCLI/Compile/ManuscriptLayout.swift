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

    public init(header: String, width: Int, height: Int, singleSpaced: Bool) {
        self.header = header
        self.width = width
        self.height = height
        self.singleSpaced = singleSpaced
    }

    public static let letter = (width: 12_240, height: 15_840)
    public static let a4 = (width: 11_906, height: 16_838)

    /// The header's text, from the author's surname and the title: the title in capitals, its
    /// first three words at most, as a short title is.
    public static func header(surname: String?, title: String) -> String {
        let short = title.split(separator: " ").prefix(3).joined(separator: " ").uppercased()
        return surname.map { "\($0) / \(short) / " } ?? "\(short) / "
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
