/// Which files hold prose whose words are counted, and how each is read.
public enum TextFileKind {
    /// Extensions of the text formats writers use, lowercased.
    public static let textExtensions: Set<String> = [
        "md", "markdown", "txt", "text", "fountain", "rst", "org", "tex", "adoc",
    ]

    /// How a file is counted, or `nil` when it is not a text file (it is listed without a count).
    ///
    /// Only `.md` and `.markdown` get Markdown treatment. The other formats have markup of their
    /// own that Markdown rules would misread: in Org and reStructuredText a line of `---` is a
    /// rule or a heading underline, not front matter, and Fountain uses `>` for transitions and
    /// centred text that are part of the script. Their markup is made of symbols anyway, which
    /// are never words.
    ///
    /// A conflict copy (`ConflictCopy`) is a second version of a file, not more of the manuscript:
    /// listed, never counted or compiled.
    public static func syntax(forFileName name: String) -> TextSyntax? {
        guard !ConflictCopy.isConflictCopy(name) else { return nil }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        guard textExtensions.contains(suffix) else { return nil }
        return suffix == "md" || suffix == "markdown" ? .markdown : .plainText
    }
}
