import ProjectStore

/// A word diff as the writer reads it: at a terminal, removed words in red and added ones in green;
/// elsewhere (a pipe, `NO_COLOR`), marked as `git diff --word-diff=plain` marks them,
/// `[-removed-]{+added+}`. A moved paragraph comes under a line that says so.
struct WordDiffText {
    let localizer: Localizer
    let colour: Bool

    private static let red = "\u{1B}[31m", green = "\u{1B}[32m", cyan = "\u{1B}[36m", reset = "\u{1B}[m"

    func render(_ diff: WordDiff) -> String {
        var text = ""
        for piece in diff.pieces {
            switch piece {
            case .same(let words), .space(let words): text += TerminalText.visible(words, keepingNewlines: true)
            case .removed(let words): text += mark(words, colour: Self.red, open: "[-", close: "-]")
            case .added(let words): text += mark(words, colour: Self.green, open: "{+", close: "+}")
            case .moved(let paragraph, let fromLater):
                let note = localizer.text(fromLater ? "diff.moved-up" : "diff.moved-down")
                text += (colour ? Self.cyan + note + Self.reset : note) + "\n" + TerminalText.visible(paragraph, keepingNewlines: true)
            }
        }
        return text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }

    /// A change, coloured line by line at a terminal, so a pager that shows one line alone keeps it.
    private func mark(_ words: String, colour code: String, open: String, close: String) -> String {
        let visible = TerminalText.visible(words, keepingNewlines: true)
        guard colour else { return open + visible + close }
        return visible.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : code + $0 + Self.reset }.joined(separator: "\n")
    }
}
