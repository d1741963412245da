/// Text from the store or the command line made safe and measurable for a terminal.
enum TerminalText {
    /// Control characters shown in caret notation (`^[` for ESC), C1 and line separators as `<U+0085>`:
    /// nothing from a store reaches a terminal as a raw escape sequence.
    static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingNewlines: result.unicodeScalars.append(scalar)
            case 0x00...0x1F: result += "^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40))
            case 0x7F: result += "^?"
            case 0x80...0x9F, 0x2028, 0x2029: result += "<U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))>"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// How many terminal cells `text` takes: East Asian wide characters and emoji take two,
    /// combining marks and other zero-width characters none.
    static func width(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        // Scalar by scalar unless something joins scalars into one wide character: finding
        // character boundaries costs more than the rest of a list line.
        var cells = 0
        for scalar in text.unicodeScalars {
            if joinsIntoWideCharacter(scalar) { return text.reduce(0) { $0 + width(of: $1) } }
            cells += width(of: scalar)
        }
        return cells
    }

    /// The width of text given as its UTF-8 bytes, plain ASCII measured without making a string.
    static func width(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.allSatisfy(isPrintableASCII) ? bytes.count : width(String(decoding: bytes, as: UTF8.self))
    }

    /// Most names are plain ASCII: one cell a byte, and nothing to show otherwise. Checked on the
    /// string's own bytes, as iterating its UTF-8 view costs several times more.
    private static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy(isPrintableASCII) }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    private static func joinsIntoWideCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x200D, 0xFE0F, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: true
        default: false
        }
    }

    /// `text` followed by spaces up to `cells` cells, appended to `output`.
    static func appendPadded(_ text: String, to cells: Int, into output: inout [UInt8]) {
        output.append(utf8: text)
        let missing = cells - width(text)
        if missing > 0 { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: missing)) }
    }

    /// `text` followed by spaces up to `cells` cells.
    static func padded(_ text: String, to cells: Int) -> String {
        let missing = cells - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` cut to at most `cells` cells, ending in "…" when something was cut: a long name in a
    /// list that must fit the terminal. A wide character that would cross the edge goes whole.
    static func truncated(_ text: String, to cells: Int) -> String {
        guard width(text) > cells else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let characterCells = width(of: character)
            if used + characterCells > cells - 1 { break }
            kept.append(character)
            used += characterCells
        }
        return kept + "…"
    }

    /// One line of text (no newline in it) broken into lines of at most `cells` cells: at spaces,
    /// and between wide characters, as CJK text breaks; a word wider than a whole line is cut where
    /// it must be. Spaces at a break are dropped; spaces that begin the text are kept. Lines after
    /// the first fit `laterCells` when given, for a caller that indents them.
    static func wrapped(_ line: String, to cells: Int, thenTo laterCells: Int? = nil) -> [String] {
        guard cells > 0, width(line) > cells else { return [line] }
        var limit = cells
        var lines: [String] = []
        var current = ""
        var currentCells = 0
        var holdsWord = false
        var pendingSpace = 0
        func endLine() {
            lines.append(current)
            current = ""
            currentCells = 0
            holdsWord = false
            pendingSpace = 0
            limit = max(laterCells ?? cells, 1)
        }
        for piece in breakablePieces(line) {
            if piece.isSpace {
                // Spaces that begin the text are its indent; the others only separate words.
                if holdsWord { pendingSpace += piece.cells } else if lines.isEmpty { current += piece.text; currentCells += piece.cells }
                continue
            }
            if holdsWord && currentCells + pendingSpace + piece.cells > limit { endLine() }
            if currentCells + pendingSpace + piece.cells <= limit {
                current += String(repeating: " ", count: pendingSpace) + piece.text
                currentCells += pendingSpace + piece.cells
                pendingSpace = 0
                holdsWord = true
                continue
            }
            // Wider than a line: cut between characters, at least one a line.
            for character in piece.text {
                let characterCells = width(of: character)
                if holdsWord && currentCells + characterCells > limit { endLine() }
                current.append(character)
                currentCells += characterCells
                holdsWord = true
            }
        }
        if holdsWord || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The text as runs of spaces, runs of narrow characters (words), and wide characters each on
    /// their own: a line may break between two of them, never inside a word.
    private static func breakablePieces(_ line: String) -> [(text: String, cells: Int, isSpace: Bool)] {
        var pieces: [(text: String, cells: Int, isSpace: Bool)] = []
        var lastIsWord = false
        for character in line {
            let characterCells = width(of: character)
            let isSpace = character == " "
            if isSpace, let last = pieces.last, last.isSpace {
                pieces[pieces.count - 1].text.append(character)
                pieces[pieces.count - 1].cells += 1
            } else if !isSpace, characterCells < 2, lastIsWord {
                pieces[pieces.count - 1].text.append(character)
                pieces[pieces.count - 1].cells += characterCells
            } else {
                pieces.append((String(character), characterCells, isSpace))
            }
            lastIsWord = !isSpace && characterCells < 2
        }
        return pieces
    }

    /// A character is as wide as its first scalar, except that emoji sequences (flags, skin tones,
    /// families joined by U+200D, a text symbol turned emoji by U+FE0F) take two cells.
    private static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = width(of: scalars.first!)
        guard scalars.count > 1, first < 2 else { return first }
        let isEmojiSequence = scalars.contains { scalar in
            scalar.value == 0x200D || scalar.value == 0xFE0F || (0x1F1E6...0x1F1FF).contains(scalar.value)
                || (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
        return isEmojiSequence ? 2 : first
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0..<0x300: return 1
        case 0x300...0x36F, 0x200B...0x200F, 0x2060...0x206F, 0xFE00...0xFE0F, 0xE0000...0xE0FFF: return 0
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2  // East_Asian_Width W and F
        case 0x1F1E6...0x1F1FF:
            return 1  // a regional indicator alone; as a pair, a flag
        case 0x1F000...0x1FAFF:
            return scalar.properties.isEmojiPresentation ? 2 : 1
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return 0
            default: return scalar.properties.isEmojiPresentation ? 2 : 1
            }
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension [UInt8] {
    /// `text`'s UTF-8 appended from the string's own storage: through its UTF-8 view took twice as
    /// long, which a table of thousands of cells felt.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
