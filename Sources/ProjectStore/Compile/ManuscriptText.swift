/// The text of one file as it goes into the manuscript, in Markdown: what the writer does not send
/// taken out, the same things the word counter skips (YAML front matter, HTML comments).
public enum ManuscriptText {
    /// A Markdown file's text without front matter and comments, and its title when a heading opens it.
    /// The title's heading is taken out of the text: it becomes the chapter's or the poem's heading.
    public static func markdown(_ source: String) -> (title: String?, body: String) {
        let lines = withoutComments(withoutFrontMatter(source)).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let title = headingText(lines[first]) else {
            return (nil, trimmed(lines[...]))
        }
        return (title, trimmed(lines[lines.index(after: first)...]))
    }

    /// A Markdown file's whole text without front matter and comments: a scene, whose heading (if
    /// any) is the writer's and stays.
    public static func cleaned(_ source: String) -> String {
        trimmed(withoutComments(withoutFrontMatter(source)).split(separator: "\n", omittingEmptySubsequences: false)[...])
    }

    /// A plain-text file as Markdown: paragraphs separated by blank lines, every character that
    /// Markdown (or pandoc's extensions of it) would read as markup escaped. Indentation is dropped
    /// (a paragraph's first-line indent would read as code) unless it is kept for a poem.
    public static func plain(_ source: String, keepingIndent: Bool = false) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            let kept = keepingIndent ? String(repeating: " ", count: indent.count) : ""
            return Substring(kept + escapedLine(line.dropFirst(indent.count)))
        }
        return trimmed(lines[...])
    }

    /// Headings of the first level inside a chapter made second-level, so only a chapter's own
    /// heading starts a chapter (and a page). Code blocks are left as written.
    public static func demotingFirstLevelHeadings(_ body: String) -> String {
        var inFence = false
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let bare = line.drop { $0 == " " }
            if bare.hasPrefix("```") || bare.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, headingLevel(line) == 1 else { return line }
            return "#" + bare
        }.joined(separator: "\n")
    }

    /// A poem with every line break kept: each line but a stanza's last ends in a hard break (`\`),
    /// and leading spaces become no-break spaces, so an indented line stays indented.
    public static func poem(_ body: String) -> String {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.map { index -> String in
            let line = lines[index]
            guard !isBlank(line) else { return "" }
            let indent = line.prefix { $0 == " " }
            var kept = String(repeating: "\u{00A0}", count: indent.count) + line.dropFirst(indent.count)
            while kept.last == " " || kept.last == "\t" { kept.removeLast() }
            let next = lines.index(after: index)
            if next < lines.endIndex, !isBlank(lines[next]), !kept.hasSuffix("\\") { kept += "\\" }
            return kept
        }.joined(separator: "\n")
    }

    /// A name (a folder's, a file's) as Markdown text that reads as itself.
    public static func escaped(_ text: String) -> String {
        String(escapedLine(Substring(text)))
    }

    // MARK: Taking out

    /// The YAML block that opens a file, from a `---` line to the next `---` or `...` line; an
    /// unclosed block is not front matter and stays, as the word counter counts it.
    static func withoutFrontMatter(_ text: String) -> Substring {
        var rest = text[...]
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        let lines = rest.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2, lines[0].trimmingTrailingSpace == "---" else { return rest }
        var position = lines[1].startIndex
        while position < rest.endIndex {
            let end = rest[position...].firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[position..<end].trimmingTrailingSpace
            if line == "---" || line == "..." {
                return end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            }
            position = end < rest.endIndex ? rest.index(after: end) : end
        }
        return rest
    }

    /// `<!-- … -->` removed wherever it is; one left open runs to the end, as the counter reads it.
    static func withoutComments(_ text: Substring) -> String {
        var result = ""
        var rest = text
        while let open = rest.range(of: "<!--") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    // MARK: Lines

    /// An ATX heading's level (`# `…`###### `, up to three spaces before), or `nil`.
    static func headingLevel(_ line: Substring) -> Int? {
        let bare = line.drop { $0 == " " }
        guard line.count - bare.count <= 3 else { return nil }
        let marks = bare.prefix { $0 == "#" }
        guard (1...6).contains(marks.count) else { return nil }
        let after = bare.dropFirst(marks.count)
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return marks.count
    }

    /// A heading's words, without the marks around them; `nil` for a line that is no heading or an
    /// empty one.
    static func headingText(_ line: Substring) -> String? {
        guard let level = headingLevel(line) else { return nil }
        var text = line.drop { $0 == " " }.dropFirst(level).trimmingSpace
        // A closing sequence of `#` preceded by a space is not part of the heading.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " {
            text = text.dropLast(closing).trimmingSpace
        }
        return text.isEmpty ? nil : String(text)
    }

    private static let markupCharacters: Set<Character> = [
        "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "^", "$", "@", "{", "}", "&",
    ]

    /// Escapes what Markdown reads as markup anywhere, and what starts a block at a line's start
    /// (a list item, a rule, a definition).
    private static func escapedLine(_ line: Substring) -> Substring {
        var result = ""
        for character in line {
            if markupCharacters.contains(character) { result.append("\\") }
            result.append(character)
        }
        if let first = result.first, "-+=:".contains(first) {
            result = "\\" + result
        } else if let marker = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
                  marker > result.startIndex, result[marker] == "." || result[marker] == ")" {
            result.insert("\\", at: marker)
        }
        return Substring(result)
    }

    static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    /// The lines joined, without the blank lines at either end.
    private static func trimmed(_ lines: ArraySlice<Substring>) -> String {
        var slice = lines
        while let first = slice.first, isBlank(first) { slice = slice.dropFirst() }
        while let last = slice.last, isBlank(last) { slice = slice.dropLast() }
        return slice.joined(separator: "\n")
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpace: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }

    fileprivate var trimmingSpace: Substring {
        trimmingTrailingSpace.drop { $0 == " " || $0 == "\t" }
    }
}
