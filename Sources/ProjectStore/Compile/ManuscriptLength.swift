/// What writers count besides words: a poetry collection's lines, as poetry markets ask for them,
/// and a screenplay's pages, which are its minutes on screen.
extension Manuscript {
    /// The lines of verse that are not blank, as the original app's word count phase counts a poem's
    /// lines; titles and section marks are not lines of the poem. `nil` but for poetry.
    public var lines: Int? {
        guard kind == .poetry else { return nil }
        return parts.flatMap(\.scenes).reduce(0) { $0 + ManuscriptText.lines($1).count { !ManuscriptText.isBlank($0) } }
    }

    /// A screenplay's pages, at one page a minute (`ScreenplayLength`). `nil` but for a script.
    public var pages: Int? {
        guard kind == .script else { return nil }
        return ScreenplayLength.pages(parts.flatMap(\.scenes).joined(separator: "\n\n"))
    }
}

/// A screenplay's length in pages, estimated from its Fountain as the industry's page sets it: 55
/// lines of 12-point Courier a page; a blank line before each element and two before a scene
/// heading; action 60 characters a line, dialogue 35, a parenthetical 25, a character's name one
/// line. The title page, notes (`[[…]]`), the boneyard (`/* … */`), sections (`#`) and synopses
/// (`=`) print nothing. Within a page or so of what a renderer makes: it is what screenwriters quote.
public enum ScreenplayLength {
    static let linesPerPage = 55

    public static func pages(_ fountain: String) -> Int {
        var text = withoutUnprinted(fountain)
        if ManuscriptFountain.opensWithTitlePage(text) {
            text = text.drop { $0 == "\n" }.split(separator: "\n\n", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        }
        var lines = 0
        for block in text.split(separator: "\n\n") {
            let blockLines = ManuscriptText.lines(block).filter { !ManuscriptText.isBlank($0) && !isUnprintedLine($0) }
            guard let first = blockLines.first else { continue }
            if isSceneHeading(first) {
                lines += 3
            } else if blockLines.count > 1, isCharacterCue(first) {
                lines += 2 + blockLines.dropFirst().reduce(0) { $0 + wrapped($1, width: $1.first == "(" ? 25 : 35) }
            } else {
                lines += 1 + blockLines.reduce(0) { $0 + wrapped($1, width: 60) }
            }
        }
        return (lines + linesPerPage - 1) / linesPerPage
    }

    private static func wrapped(_ line: Substring, width: Int) -> Int {
        max(1, (line.trimmingSpace.count + width - 1) / width)
    }

    static func isSceneHeading(_ line: Substring) -> Bool {
        let upper = line.trimmingSpace.uppercased()
        if upper.hasPrefix(".") && !upper.hasPrefix("..") { return true }
        return ["INT.", "EXT.", "EST.", "INT/EXT", "INT./EXT", "I/E"].contains { upper.hasPrefix($0 + " ") || upper.hasPrefix($0 + ".") }
    }

    /// A name in capitals (an extension such as `(V.O.)` allowed), or one forced with `@`.
    static func isCharacterCue(_ line: Substring) -> Bool {
        let name = line.trimmingSpace
        if name.hasPrefix("@") { return true }
        let bare = name.prefix { $0 != "(" }
        return bare.contains(where: \.isLetter) && !bare.contains(where: \.isLowercase) && !name.hasSuffix("TO:")
    }

    private static func isUnprintedLine(_ line: Substring) -> Bool {
        let bare = line.trimmingSpace
        return bare.hasPrefix("#") || bare.hasPrefix("=") && !bare.hasPrefix("===")
    }

    /// The text without notes and the boneyard, which can run across lines and blocks.
    static func withoutUnprinted(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = [rest.range(of: "/*"), rest.range(of: "[[")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            result += rest[..<open.lowerBound]
            let closing = rest[open.lowerBound...].hasPrefix("/*") ? "*/" : "]]"
            guard let close = rest[open.upperBound...].range(of: closing) else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
