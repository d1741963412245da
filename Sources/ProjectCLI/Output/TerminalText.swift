/// Text from the store or the command line made safe and measurable for a terminal.
enum TerminalText {
    /// Control characters shown in caret notation (`^[` for ESC), C1 and line separators as `<U+0085>`:
    /// nothing from a store reaches a terminal as a raw escape sequence.
    static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
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

    /// How many terminal cells `text` takes: East Asian wide characters and emoji take two.
    static func width(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` followed by spaces up to `cells` cells.
    static func padded(_ text: String, to cells: Int) -> String {
        let missing = cells - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    private static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if first.properties.generalCategory == .nonspacingMark || first.value == 0x200B { return 0 }
        if first.properties.isEmojiPresentation || scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// East_Asian_Width W and F (Unicode 15), by block.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
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
