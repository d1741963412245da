/// The scene breaks writers type, found in a file's text so each comes out as the manuscript's own
/// break (the centred `#` of standard manuscript format), never as a rule, an empty heading or
/// nothing at all.
extension ManuscriptText {
    /// A file's text cut at the breaks typed in it: the pieces between them (blank lines trimmed,
    /// empty pieces dropped, so a break opening or closing a file is no break), and the first break
    /// after some text as typed, spaces inside it kept (`* * *`), which a poem keeps as its section mark.
    public struct Sections: Sendable, Equatable {
        public let texts: [String]
        public let mark: String?
    }

    /// A line that is only a break mark: `#` or `*` once or more, `-` or `_` three times or more,
    /// spaces allowed between them. A lone `#` is the mark manuscripts use; `***`, `* * *` and
    /// `---` are what writers type; Markdown would read them as an empty heading, a bullet or a rule.
    public static func breakMark(_ line: Substring) -> String? {
        let marks = line.filter { $0 != " " && $0 != "\t" }
        guard let first = marks.first, marks.allSatisfy({ $0 == first }) else { return nil }
        switch first {
        case "#", "*": break
        case "-", "_": guard marks.count >= 3 else { return nil }
        default: return nil
        }
        return String(line.trimmingSpace)
    }

    /// `markdown`: the text is Markdown, whose code fences keep their lines, and where `---` right
    /// under a line of text underlines a heading rather than breaking a scene.
    public static func sections(_ text: String, markdown: Bool) -> Sections {
        var texts: [String] = []
        var mark: String?
        var current: [Substring] = []
        var inFence = false
        func close() {
            let piece = trimmed(current[...])
            if !piece.isEmpty { texts.append(piece) }
            current = []
        }
        for line in lines(text) {
            if markdown, isFence(line) { inFence.toggle() }
            let underline = markdown && line.first == "-" && !(current.last.map(isBlank) ?? true)
            if !inFence, !underline, let typed = breakMark(line) {
                close()
                // A break opening the file separates nothing.
                if !texts.isEmpty { mark = mark ?? typed }
            } else {
                current.append(line)
            }
        }
        close()
        return Sections(texts: texts, mark: mark)
    }

    static func isFence(_ line: Substring) -> Bool {
        let bare = line.drop { $0 == " " }
        return bare.hasPrefix("```") || bare.hasPrefix("~~~")
    }
}
