/// The loop most of a manuscript goes through: ASCII prose in the middle of a line.
///
/// Whether a byte starts a word depends only on it and the two before it (a letter after a letter
/// continues; after an apostrophe that follows a letter, too; a digit after a comma after a digit,
/// too), so this loop keeps the last two bytes' flags instead of taking a branch per character:
/// word ends are too irregular to predict, and a wrong guess costs more than the arithmetic here.
/// Anything else — a byte of a longer character, Markdown's markup bytes, a line's first word —
/// goes back to the full state machine, which this loop leaves exactly as it would have.
extension WordCounter {
    struct FastFlags {
        static let alphanumeric: UInt8 = 1
        static let digit: UInt8 = 2
        static let joiner: UInt8 = 4
        static let digitJoiner: UInt8 = 8
        static let leave: UInt8 = 16

        /// Each byte value's flags, derived from the byte kinds so the two loops cannot disagree.
        static func table(from kinds: [CharacterKind]) -> [UInt8] {
            kinds.map { kind in
                switch kind {
                case .letter: alphanumeric
                case .digit: alphanumeric | digit
                case .joiner, .period: joiner
                case .digitJoiner: digitJoiner
                case .whitespace, .separator: 0
                case .markup, .multibyte, .extend, .ideograph, .keycap: leave
                }
            }
        }
    }

    /// Whether the state is one the fast loop handles: plain text, no character half read, and not
    /// a Markdown line's first word (which may be a list number).
    var canTakeFastPath: Bool {
        mode == .text && continuationBytesNeeded == 0 && !lineHasOnlyIndent && !(inWord && wordStartsLine)
    }

    /// Runs from `start` until a byte the fast loop leaves to the state machine; returns its index.
    mutating func fastPath(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, flags: UnsafeBufferPointer<UInt8>) -> Int {
        typealias F = FastFlags
        // The flags of the two characters before, rebuilt from the state.
        let last: UInt8 = F.alphanumeric | (lastWasDigit ? F.digit : 0)
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        if inWord {
            switch joiner {
            case .none: previous = last
            case .betweenWordCharacters: (previous, beforePrevious) = (F.joiner, last)
            case .betweenDigits: (previous, beforePrevious) = (F.digitJoiner, last)
            }
        }
        var digitsOnly: UInt8 = wordIsDigitsOnly ? 1 : 0
        var count = 0
        var index = start
        while index < bytes.count {
            let current = flags[Int(bytes[index])]
            if current & F.leave != 0 { break }
            let alphanumeric = current & 1
            let digit = (current >> 1) & 1
            let afterAlphanumeric = previous & 1
            let joined = (previous >> 2) & beforePrevious & 1
            let digitJoined = (previous >> 3) & (beforePrevious >> 1) & digit & 1
            let starts = alphanumeric & ~afterAlphanumeric & ~joined & ~digitJoined & 1
            count &+= Int(starts)
            // As the state machine: a word is digits only until a letter or a joiner joins into it.
            digitsOnly = (alphanumeric & ((starts & digit) | (afterAlphanumeric & digitsOnly & digit)))
                | (~alphanumeric & 1 & digitsOnly)
            beforePrevious = previous
            previous = current
            index += 1
        }
        guard index > start else { return index }
        words += count
        if previous & F.alphanumeric != 0 {
            inWord = true
            joiner = .none
            lastWasDigit = previous & F.digit != 0
        } else if previous & F.joiner != 0 && beforePrevious & F.alphanumeric != 0 {
            inWord = true
            joiner = .betweenWordCharacters
            lastWasDigit = beforePrevious & F.digit != 0
        } else if previous & F.digitJoiner != 0 && beforePrevious & F.digit != 0 {
            inWord = true
            joiner = .betweenDigits
            lastWasDigit = true
        } else {
            inWord = false
            joiner = .none
        }
        joinerIsPeriod = false
        wordIsDigitsOnly = digitsOnly != 0
        wordStartsLine = false
        return index
    }
}
