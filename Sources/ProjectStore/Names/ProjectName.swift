/// The rules a project name must follow, and how two names are compared for clashes.
public enum ProjectName {
    public static let maximumLength = 255

    /// The name as it will be stored: trimmed, and checked against every rule.
    public static func validated(_ raw: String) throws(ProjectStoreError) -> String {
        let name = raw.trimmingWhitespace()
        if name.isEmpty {
            throw .invalidName(raw, .empty)
        }
        if name.unicodeScalars.contains(where: isForbidden) {
            throw .invalidName(raw, .controlCharacter)
        }
        if let hidden = invisibleCharacter(in: name) {
            throw .invalidName(raw, .invisibleCharacter(hidden))
        }
        if !fitsLength(name) {
            throw .invalidName(raw, .tooLong(maximum: maximumLength))
        }
        return name
    }

    /// Whether `name` is within the length a name may have: counted as a reader sees them; the
    /// scalar bound keeps one huge grapheme from passing.
    static func fitsLength(_ name: String) -> Bool {
        name.count <= maximumLength && name.unicodeScalars.count <= 4 * maximumLength
    }

    /// Equal keys mean the names clash. Swift compares strings by canonical equivalence, so only
    /// letter case is left to fold: "Café" and "Cafe\u{301}" clash, "Cafe" and "Café" do not.
    /// Beyond lowercasing, the final sigma and the sharp s are folded as Unicode case folding does
    /// ("ΟΔΟΣ" and "οδος", "STRASSE" and "straße").
    public static func matchKey(_ name: String) -> String {
        let ascii = name.utf8.withContiguousStorageIfAvailable { utf8 -> String? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: utf8.count) { key in
                for index in utf8.indices {
                    let byte = utf8[index]
                    key[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
                return utf8.count
            }
        }
        if let ascii = ascii ?? nil { return ascii }
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: key.append(UInt8(scalar.value) | 0x20)
            case 0..<0x80: key.append(UInt8(scalar.value))
            // The accented capitals of Western European languages, without a Unicode property lookup.
            case 0xC0...0xD6, 0xD8...0xDE: key.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar.value + 0x20)!)!)
            case 0xE0...0xFF where scalar.value != 0xDF: key.append(contentsOf: UTF8.encode(scalar)!)
            case 0x3C2: key.append(contentsOf: "σ".utf8)
            case 0xDF, 0x1E9E: key.append(contentsOf: "ss".utf8)
            default:
                if scalar.properties.changesWhenLowercased {
                    key.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                } else {
                    key.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Whether `name` is already in the form `validated` returns. Checked on the bytes, without
    /// the work of `validated`: a store holds thousands of names, all checked on every load.
    static func isValidStored(_ name: String) -> Bool {
        guard let firstByte = name.utf8.first, let lastByte = name.utf8.last else { return false }
        // Only the ends can hold white space that trimming would remove; look at whole characters
        // there only when they are not plain ASCII.
        if firstByte == 0x20 || lastByte == 0x20 { return false }
        if firstByte >= 0x80 && name.first!.isWhitespace || lastByte >= 0x80 && name.last!.isWhitespace { return false }
        let clean = name.utf8.withContiguousStorageIfAvailable { utf8 in
            for index in utf8.indices {
                switch utf8[index] {
                case 0..<0x20, 0x7F: return false
                case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]): return false
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (0xA8...0xA9).contains(utf8[index + 2]):
                    return false
                default: continue
                }
            }
            return true
        }
        guard clean ?? ((try? validated(name)) == name) else { return false }
        return name.utf8.count <= maximumLength || (try? validated(name)) != nil
    }

    /// The first character of `name` that shows nothing and would let it pass for another name
    /// ("zero\u{200B}width" for "zerowidth"), or turn the text around it (the bidirectional
    /// controls): Unicode's default-ignorable code points. Kept where they are part of what a
    /// reader sees: a joiner or variation selector inside an emoji ("👩‍💻", "❤️"), a variation
    /// selector after an ideograph, and a non-joiner inside a word of a script whose letters join
    /// (Persian "می‌خواهم"), where it changes how the word is drawn.
    static func invisibleCharacter(in name: String) -> Unicode.Scalar? {
        // Plain ASCII has none; most names are, and need no look at each character.
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        for character in name {
            if let hidden = character.unicodeScalars.first(where: { isHidden($0, in: character) }) { return hidden }
        }
        return nil
    }

    /// Whether `scalar`, one of `character`'s, is one `invisibleCharacter(in:)` finds.
    static func isHidden(_ scalar: Unicode.Scalar, in character: Character) -> Bool {
        guard scalar.properties.isDefaultIgnorableCodePoint, let base = character.unicodeScalars.first else { return false }
        let isKeycap = scalar.value == 0xFE0F && character.unicodeScalars.contains("\u{20E3}")  // "1️⃣"
        return scalar == base || !(isKeycap || isShown(scalar, within: base))
    }

    private static func isShown(_ scalar: Unicode.Scalar, within base: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE0E, 0xFE0F, 0xE0020...0xE007F:  // joiner, text or emoji style, emoji tags (flags)
            base.properties.isEmoji && base.value >= 0x80
        case 0xFE00...0xFE0D, 0xE0100...0xE01EF:  // variation selectors: a glyph of the character
            base.properties.isEmoji && base.value >= 0x80 || base.properties.isIdeographic
        case 0x200C:  // zero-width non-joiner: scripts from Hebrew on join letters, Latin does not
            base.properties.isAlphabetic && base.value >= 0x0590
        default:
            false
        }
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true          // C0, DEL, C1
        case 0x2028, 0x2029: true                    // line and paragraph separators break lines too
        default: false
        }
    }
}

/// Why a name was refused.
public enum NameProblem: Sendable, Equatable {
    case empty
    case controlCharacter
    /// A character that shows nothing or reorders the text around it (`invisibleCharacter(in:)`).
    case invisibleCharacter(Unicode.Scalar)
    case tooLong(maximum: Int)
}

extension String {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
