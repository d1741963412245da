import Foundation

/// Whole numbers grouped by thousands the way the user's locale (`LC_NUMERIC`) writes them:
/// `12,345`, French `12 345` (with the narrow no-break space CLDR gives French, so a number never
/// breaks across lines), German `12.345`, Spanish `12.345` but `1234` (CLDR groups Spanish only
/// from five digits); and read back as the writer types them. Foundation's `NumberFormatter` is
/// avoided: on Linux it costs an ICU formatter per process, more than a whole `list` of a few projects.
struct NumberText: Sendable {
    let separator: String
    /// The fewest digits a number must have for its thousands to be grouped.
    let groupingFrom: Int
    /// The separators a typed number may be grouped with: the one written, and for French the
    /// no-break and plain spaces a writer types where a keyboard has no narrow one.
    let typedSeparators: Set<Character>

    init(locale: Locale) {
        let language = locale.identifier.prefix { $0.isLetter }.lowercased()
        switch language {
        case "fr": (separator, groupingFrom, typedSeparators) = ("\u{202F}", 4, ["\u{202F}", "\u{A0}", " "])
        case "de": (separator, groupingFrom, typedSeparators) = (".", 4, ["."])
        case "es": (separator, groupingFrom, typedSeparators) = (".", 5, ["."])
        // English, and the C locale, whose messages are English.
        default: (separator, groupingFrom, typedSeparators) = (",", 4, [","])
        }
    }

    /// Written from the right as bytes, in a buffer on the stack: a table says thousands of numbers,
    /// and making the digits' string, then counting and walking its characters, cost more than the
    /// rest of each.
    func string(_ number: Int) -> String {
        var magnitude = number.magnitude
        let grouped = Self.digitCount(of: magnitude) >= groupingFrom
        // 20 digits, six separators of at most 3 bytes, the sign.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var start = buffer.count
            var digits = 0
            repeat {
                if grouped, digits > 0, digits.isMultiple(of: 3) {
                    for byte in separator.utf8.reversed() {
                        start -= 1
                        buffer[start] = byte
                    }
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                digits += 1
            } while magnitude > 0
            if number < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    private static func digitCount(of number: UInt) -> Int {
        var count = 1, rest = number / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}

/// A whole number as typed: digits alone in any locale, or grouped by thousands as the locale
/// groups them (`90,000`; French `80 000`; German and Spanish `80.000`).
enum TypedNumber: Equatable {
    case whole(Int)
    /// Digits around a comma or a point that do not group thousands (`1,5`, `80,5`, or English
    /// `80.000`): perhaps a decimal, so no whole number is guessed from it.
    case perhapsDecimal
    /// Digits, grouped as a whole number is, of more than a whole number holds (19 digits and
    /// more): too large for anything the tool keeps, and said so rather than called no number.
    case tooLarge
    case invalid
}

extension NumberText {
    func reading(_ text: String) -> TypedNumber {
        let groups = text.split(omittingEmptySubsequences: false, whereSeparator: typedSeparators.contains)
        let digitsOnly = groups.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
        // After the first, each group is exactly three digits: `1,5` and `80,50` group nothing.
        let grouped = digitsOnly && groups.dropFirst().allSatisfy { $0.count == 3 }
            && (groups.count == 1 || groups[0].count <= 3)
        if grouped { return Int(groups.joined()).map(TypedNumber.whole) ?? .tooLarge }
        let marks: Set<Character> = [",", "."]
        let looksDecimal = text.contains(where: marks.contains)
            && text.allSatisfy { $0.isASCIIDigit || marks.contains($0) || typedSeparators.contains($0) }
            && text.contains(where: \.isASCIIDigit)
        return looksDecimal ? .perhapsDecimal : .invalid
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
