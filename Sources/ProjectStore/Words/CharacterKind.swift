/// What one character is to the word counter.
enum CharacterKind: UInt8, Sendable {
    case separator
    /// Spaces and line ends: a Markdown list number must be followed by one.
    case whitespace
    case letter
    /// A decimal digit: commas and colons join digits only (`1,000`, `12:30`).
    case digit
    /// Apostrophes, hyphens, underscores and the middle dot: they join two word characters.
    case joiner
    /// The period joins too (`3.14`, `e.g`), and after a number at a line start ends a Markdown list number.
    case period
    case digitJoiner
    /// Combining marks and characters of no width (ZWJ, ZWNJ): part of the word before them.
    case extend
    /// A Han ideograph, hiragana or katakana: a word by itself.
    case ideograph
    /// U+20E3, which turns the digit before it into an emoji.
    case keycap
    /// An ASCII byte Markdown gives a meaning to, handled apart from the table.
    case markup
    /// A byte of a character beyond ASCII: the UTF-8 decoder's.
    case multibyte

    /// The kind of a character beyond ASCII.
    @inline(__always)
    static func of(_ scalar: UInt32) -> CharacterKind {
        if scalar < 0x1_0000 {
            return basicPlane[Int(scalar)]
        }
        return classify(scalar)
    }

    /// The Basic Multilingual Plane, classified once on first use (64 KiB): prose in any living
    /// script then costs one load per character instead of a Unicode property search.
    private static let basicPlane: [CharacterKind] = (0..<0x1_0000).map { value in
        classify(UInt32(value))
    }

    private static func classify(_ value: UInt32) -> CharacterKind {
        switch value {
        case 0x2019, 0x2010, 0x2011, 0x00B7:  // ’ ‐ ‑ ·
            return .joiner
        case 0x20E3:
            return .keycap
        case 0x200B:
            return .whitespace  // the zero-width space marks word ends in Thai, Khmer and Burmese text
        case 0x3005...0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x2_0000...0x3_FFFF:
            return .ideograph  // Han, with its iteration mark 々 and 〇
        case 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF,
             0xFF66...0xFF9D, 0x1_B000...0x1_B16F:
            return .ideograph  // hiragana and katakana, the long vowel mark ー included
        case 0xFF9E, 0xFF9F:
            return .extend  // half-width voicing marks belong to the kana before them
        default:
            break
        }
        guard let scalar = Unicode.Scalar(value) else { return .separator }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .letterNumber, .otherNumber:
            return .letter
        case .decimalNumber:
            return .digit
        case .nonspacingMark, .spacingMark, .enclosingMark, .format:
            return .extend
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return .whitespace
        default:
            return .separator
        }
    }

    static let plainBytes: [CharacterKind] = byteTable(markdown: false)
    static let markdownBytes: [CharacterKind] = byteTable(markdown: true)

    /// The kind of each byte value as the text loop sees it: ASCII characters as they are, every
    /// other byte handed to the UTF-8 decoder.
    private static func byteTable(markdown: Bool) -> [CharacterKind] {
        (0..<256).map { value in
            let byte = UInt8(value)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return .letter
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .digit
            case UInt8(ascii: "'"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                return .joiner
            case UInt8(ascii: "."):
                return .period
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                return .digitJoiner
            case UInt8(ascii: "\n"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: ")"):
                return markdown ? .markup : (byte == 0x0A ? .whitespace : .separator)
            case 0x20, 0x09, 0x0B, 0x0C, 0x0D:
                return .whitespace
            case 0x80...:
                return .multibyte
            default:
                return .separator
            }
        }
    }
}
