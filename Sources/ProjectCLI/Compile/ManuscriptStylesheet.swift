/// The stylesheet WeasyPrint lays a PDF manuscript out with, written here for each manuscript:
/// the standard manuscript of `ManuscriptLayout` in CSS paged media, over pandoc's own page styles.
public enum ManuscriptStylesheet {
    /// The manuscript's font, then its metric twin (the same widths, so the same lines a page), in
    /// the order WeasyPrint is to try them.
    static let fonts = ["Times New Roman", "Liberation Serif", "Times"]

    /// What to install when none of `fonts` is.
    static let fontPackage = "apt install fonts-liberation"

    /// fontconfig's program that says whether a font is installed (`fc-list -q`, by its status).
    static let fontList = "fc-list"

    /// The stylesheet as the `<style>` element pandoc puts in the page's head, after its own styles
    /// so that it wins over them (a linked file's path would have to be a URL).
    public static func headElement(_ layout: ManuscriptLayout, letter: Bool) -> String {
        "<style>\n" + css(layout, letter: letter) + "</style>\n"
    }

    static func css(_ layout: ManuscriptLayout, letter: Bool) -> String {
        // A word processor's single line is the font's own height, 1.15 em for Times and Liberation
        // Serif, and its double spacing twice that: the lines a page of the DOCX has.
        let lineHeight = layout.singleSpaced ? "1.15" : "2.3"
        let indent = layout.singleSpaced ? "0" : "0.5in"
        let header = layout.header.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        func style(_ style: ManuscriptStyle) -> String { "div[data-custom-style=\"\(style.rawValue)\"] p" }
        let fonts = Self.fonts.map { "\"\($0)\"" }.joined(separator: ", ") + ", serif"
        return """
            @page { size: \(letter ? "letter" : "A4"); margin: 1in;
              @top-right { content: "\(header)" counter(page); font: 12pt \(fonts); } }
            @page :first { @top-right { content: none; }\(layout.titlePageAlone ? " counter-increment: page 0;" : "") }
            html { font: 12pt/\(lineHeight) \(fonts); color: black; background: none; }
            body { margin: 0; padding: 0; max-width: none; hyphens: manual; }
            p { margin: 0 0 \(layout.singleSpaced ? "1em" : "0"); text-indent: \(indent); }
            h1, h2 { font-size: 12pt; font-weight: normal; text-align: center; margin: 0 0 1em; }
            h1 { break-before: page; margin-top: 2in; }
            \(style(.wordCount)) { text-align: right; text-indent: 0; line-height: 1.15; }
            \(style(.contact)) { text-indent: 0; line-height: 1.15; }
            .word-count { float: right; }
            \(style(.title)) { text-align: center; text-indent: 0; margin-top: 3in; }
            \(style(.byline)) { text-align: center; text-indent: 0; margin-bottom: 2em; }
            \(style(.sceneBreak)), \(style(.end)) { text-align: center; text-indent: 0; }
            \(style(.end)) { margin-top: 1em; }

            """
    }
}
