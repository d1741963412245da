/// A script's acts as one Fountain screenplay, for a Fountain renderer: the acts in order, as
/// written, after a title page made from the project's name and the writer's details ("Written by"
/// above the name, as title pages have it) when the first act does not open with one of its own.
/// Lyrics (`~` opening a line) are printed in italics, as screenplays set them, since the renderer
/// would print the `~`.
public enum ManuscriptFountain {
    public static func render(_ manuscript: Manuscript, title: String, author: AuthorDetails, credit: String = "Written by") -> String {
        let acts = manuscript.parts.flatMap(\.scenes).map(italicLyrics)
        var blocks: [String] = []
        if !(acts.first.map(opensWithTitlePage) ?? false) {
            blocks.append(titlePage(title: title, author: author, credit: credit))
        }
        return (blocks + acts).joined(separator: "\n\n") + "\n"
    }

    /// `~Row, row, row` as `*Row, row, row*`, its spaces outside the marks, where emphasis works.
    static func italicLyrics(_ text: String) -> String {
        guard text.contains("~") else { return text }
        return ManuscriptText.lines(text).map { line -> String in
            guard line.first == "~" else { return String(line) }
            let words = line.dropFirst().trimmingSpace
            return words.isEmpty ? "" : "*\(words)*"
        }.joined(separator: "\n")
    }

    /// Fountain's title page is a block of `Key: value` lines at the very top, `Title:` among them.
    public static func opensWithTitlePage(_ text: String) -> Bool {
        let firstBlock = text.drop { $0 == "\n" }.split(separator: "\n\n", maxSplits: 1).first ?? ""
        return firstBlock.split(separator: "\n").contains { $0.lowercased().hasPrefix("title:") }
    }

    private static func titlePage(title: String, author: AuthorDetails, credit: String) -> String {
        var lines = ["Title: " + oneLine(title)]
        if let name = author.name { lines += ["Credit: " + oneLine(credit), "Author: " + oneLine(name)] }
        if !author.contact.isEmpty {
            // A value over several lines goes on the lines after its key, indented.
            lines.append("Contact:")
            lines += author.contact.map { "    " + oneLine($0) }
        }
        return lines.joined(separator: "\n")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
