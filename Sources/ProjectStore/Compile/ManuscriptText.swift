/// The text of one file as it goes into the manuscript, in Markdown: what the writer does not send
/// taken out, the same things the word counter skips (YAML front matter, HTML comments).
public enum ManuscriptText {
    /// A Markdown file's text without front matter and comments, and its title when a heading opens it.
    /// The title's heading is taken out of the text: it becomes the chapter's or the poem's heading.
    /// Only a heading of `titleLevels` is a title: a short story's first file gives up its `# Title`
    /// (the first page prints it already) and keeps the `## Part One` that opens it.
    public static func markdown(_ source: String, titleLevels: ClosedRange<Int> = 1...6) -> (title: String?, body: String) {
        let lines = lines(withoutComments(withoutFrontMatter(source)))
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let title = headingText(lines[first]),
              let level = headingLevel(lines[first]), titleLevels.contains(level) else {
            return (nil, trimmed(lines[...]))
        }
        return (title, trimmed(lines[lines.index(after: first)...]))
    }

    /// A Markdown file's whole text without front matter and comments: a scene, whose heading (if
    /// any) is the writer's and stays.
    public static func cleaned(_ source: String) -> String {
        trimmed(lines(withoutComments(withoutFrontMatter(source)))[...])
    }

    /// A plain-text file as Markdown: paragraphs separated by blank lines, every character that
    /// Markdown (or pandoc's extensions of it) would read as markup escaped. Indentation is dropped
    /// (a paragraph's first-line indent would read as code) unless it is kept for a poem.
    public static func plain(_ source: String, keepingIndent: Bool = false) -> String {
        let lines = lines(source).map { line in
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
        return lines(body).map { line -> Substring in
            if isFence(line) { inFence.toggle() }
            guard !inFence, headingLevel(line) == 1 else { return line }
            return "#" + line.drop { $0 == " " }
        }.joined(separator: "\n")
    }

    /// A poem with every line break kept: each line but a stanza's last ends in a hard break (`\`),
    /// and leading spaces become no-break spaces, so an indented line stays indented.
    public static func poem(_ body: String) -> String {
        let lines = lines(body)
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
    /// Searched as bytes: the markers are ASCII, and a manuscript is read whole.
    static func withoutComments(_ text: Substring) -> String {
        let bytes = text.utf8
        guard let first = find(Array("<!--".utf8), in: bytes, from: bytes.startIndex) else { return String(text) }
        var result = String(Substring(bytes[..<first]))
        var open: Substring.UTF8View.Index? = first
        while let start = open {
            guard let close = find(Array("-->".utf8), in: bytes, from: bytes.index(start, offsetBy: 4)) else { return result }
            let after = bytes.index(close, offsetBy: 3)
            open = find(Array("<!--".utf8), in: bytes, from: after)
            result += Substring(bytes[after..<(open ?? bytes.endIndex)])
        }
        return result
    }

    private static func find(_ marker: [UInt8], in bytes: Substring.UTF8View, from start: Substring.UTF8View.Index) -> Substring.UTF8View.Index? {
        var index = start
        while let candidate = bytes[index...].firstIndex(of: marker[0]) {
            if bytes[candidate...].starts(with: marker) { return candidate }
            index = bytes.index(after: candidate)
        }
        return nil
    }

    /// The text's lines, split at each line feed, as bytes: a line feed is never inside a character
    /// once `\r\n` is gone, and splitting by `Character` would segment every grapheme on the way.
    static func lines(_ text: some StringProtocol) -> [Substring] {
        Substring(text).utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    // MARK: Lines

    /// An ATX heading's level (`# `…`###### `, up to three spaces before), or `nil`.
    static func headingLevel(_ line: Substring) -> Int? {
        let bytes = line.utf8
        let spaces = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        guard spaces <= 3 else { return nil }
        let marks = bytes.dropFirst(spaces).prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(marks) else { return nil }
        let after = bytes.dropFirst(spaces + marks).first
        guard after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") else { return nil }
        return marks
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

    /// Markdown's markup, and the straight quotes pandoc would curl.
    private static let markupCharacters: Set<Character> = [
        "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "^", "$", "@", "{", "}", "&", "\"", "'",
    ]

    /// Escapes what Markdown reads as markup anywhere, and what starts a block at a line's start
    /// (a list item, a rule, a definition). Text prints as typed: quotes stay straight, and the
    /// second of `--` and of `..` is escaped, so pandoc makes no dash or ellipsis of them.
    private static func escapedLine(_ line: Substring) -> Substring {
        var result = ""
        var previous: Character?
        for character in line {
            let repeatedTypography = character == previous && (character == "-" || character == ".")
            if markupCharacters.contains(character) || repeatedTypography { result.append("\\") }
            result.append(character)
            previous = character
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
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// The lines joined, without the blank lines at either end.
    static func trimmed(_ lines: ArraySlice<Substring>) -> String {
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

    var trimmingSpace: Substring {
        trimmingTrailingSpace.drop { $0 == " " || $0 == "\t" }
    }
}
