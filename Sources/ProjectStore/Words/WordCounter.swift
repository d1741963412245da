/// Counts words as a writer's word processor does, from UTF-8 bytes fed in chunks of any size.
///
/// A word is a run of letters, digits and combining marks in any script. Inside a run, an
/// apostrophe (`'`, `’`), a hyphen, a period, an underscore or a middle dot between two word
/// characters joins (`cat's`, `well-known`, `e.g`, `3.14`, `snake_case`, `col·lecció`), and so do a
/// comma or a colon between two digits (`1,000`, `12:30`): these are the places where `wc -w`,
/// which only splits at spaces, sees one word too, so plain prose counts the same with both. Each
/// Han ideograph and each hiragana or katakana character is a word of its own, as Word and
/// Scrivener count Chinese and Japanese. Punctuation, symbols and emoji are separators, and so
/// are bytes that are not valid UTF-8. A byte order mark at the start is ignored.
///
/// In `.markdown`, what a reader never sees as words is skipped too: a YAML front-matter block
/// at the very top, HTML comments, link and image destinations, link reference definitions,
/// footnote labels (`[^1]`) and ordered-list numbers (`1.`). Other markup (`#`, `*`, `>`, `` ` ``,
/// bullets) is made of symbols and never counted. Words inside code spans and code blocks count:
/// the writer typed them.
///
/// The state between two chunks is a few integers, so memory stays flat however long the text.
public struct WordCounter: Sendable {
    private let syntax: TextSyntax
    /// The kind of each byte value: ASCII characters, and `.multibyte` for the rest.
    private let byteKinds: [CharacterKind]
    /// The same, as the fast loop's flags (`WordCounter+FastPath.swift`).
    private let fastFlags: [UInt8]
    /// Off only in tests, which compare the fast loop with the state machine alone.
    var usesFastPath = true
    // What the fast loop (WordCounter+FastPath.swift) reads and writes is internal, the rest private.
    var words = 0

    // The word in progress.
    var inWord = false
    var joiner = Joiner.none
    var joinerIsPeriod = false
    var lastWasDigit = false
    var wordIsDigitsOnly = false
    var wordStartsLine = false

    // Markdown's line structure: whether only indentation and quote marks came before on this line.
    var lineHasOnlyIndent = false

    // UTF-8 decoding: the scalar so far and the range the next continuation byte must fall in.
    private var scalar: UInt32 = 0
    var continuationBytesNeeded = 0
    private var continuationLow: UInt8 = 0x80
    private var continuationHigh: UInt8 = 0xBF

    /// Whether a byte was not UTF-8: the text may be in another encoding (`TextEncoding`).
    public private(set) var sawInvalidUTF8 = false

    // Anything but `.text` is a short look-ahead or a stretch of skipped Markdown.
    var mode = Mode.byteOrderMark
    private var modeCount = 0
    private var fenceByte: UInt8 = 0
    private var frontMatter = FrontMatter.possible
    /// The count before a `[` that opened a line: a reference definition's label is taken back.
    private var countBeforeLineLabel: Int?

    public init(syntax: TextSyntax) {
        self.syntax = syntax
        byteKinds = syntax == .markdown ? CharacterKind.markdownBytes : CharacterKind.plainBytes
        fastFlags = syntax == .markdown ? Self.markdownFastFlags : Self.plainFastFlags
        if syntax == .markdown { lineHasOnlyIndent = true }
    }

    /// The words in `bytes`, as a whole text.
    public static func count(_ bytes: some Collection<UInt8>, syntax: TextSyntax) -> Int {
        var counter = WordCounter(syntax: syntax)
        let array = Array(bytes)
        array.withUnsafeBytes { counter.feed($0) }
        return counter.finish()
    }

    public static func count(_ text: String, syntax: TextSyntax) -> Int {
        count(Array(text.utf8), syntax: syntax)
    }

    /// Takes the next bytes of the text; a chunk may end anywhere, even inside a character.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        let bytes = bytes.bindMemory(to: UInt8.self)
        fastFlags.withUnsafeBufferPointer { flags in
            var index = 0
            while index < bytes.count {
                if usesFastPath && canTakeFastPath {
                    index = fastPath(bytes, from: index, flags: flags)
                    if index == bytes.count { break }
                }
                step(bytes[index])
                index += 1
            }
        }
    }

    /// The words of everything fed. Call it once, after the last chunk.
    public mutating func finish() -> Int {
        if continuationBytesNeeded > 0 { sawInvalidUTF8 = true }
        switch mode {
        case .byteOrderMark:
            replayByteOrderMarkPrefix()
        case .fenceLine:
            if modeCount == 3 && frontMatter == .inside { words = 0 }
        case .listMarkerEnd:
            words -= 1
        default:
            break
        }
        // An unclosed front-matter block was not one: its words stay counted. A character cut off
        // at the end is a separator, which counts nothing.
        endWord(beforeWhitespace: true)
        return words
    }

    // MARK: Bytes

    @inline(__always)
    private mutating func step(_ byte: UInt8) {
        if mode == .text {
            textStep(byte)
        } else {
            lookAheadStep(byte)
        }
    }

    @inline(__always)
    private mutating func textStep(_ byte: UInt8) {
        if continuationBytesNeeded == 0 {
            let kind = byteKinds[Int(byte)]
            switch kind {
            case .markup: markupStep(byte)
            case .multibyte: utf8Step(byte)
            default: take(kind)
            }
        } else {
            utf8Step(byte)
        }
    }

    private mutating func utf8Step(_ byte: UInt8) {
        if continuationBytesNeeded > 0 {
            if byte >= continuationLow && byte <= continuationHigh {
                scalar = scalar << 6 | UInt32(byte & 0x3F)
                continuationBytesNeeded -= 1
                continuationLow = 0x80
                continuationHigh = 0xBF
                if continuationBytesNeeded == 0 {
                    take(CharacterKind.of(scalar))
                }
                return
            }
            // A sequence cut short is a separator; the byte that cut it starts afresh.
            sawInvalidUTF8 = true
            continuationBytesNeeded = 0
            continuationLow = 0x80
            continuationHigh = 0xBF
            take(.separator)
            if byte < 0x80 {
                textStep(byte)
                return
            }
        }
        switch byte {
        case 0xC2...0xDF:
            begin(scalar: byte & 0x1F, continuations: 1)
        case 0xE0:
            begin(scalar: byte & 0x0F, continuations: 2, low: 0xA0)  // no overlong forms
        case 0xED:
            begin(scalar: byte & 0x0F, continuations: 2, high: 0x9F)  // no surrogates
        case 0xE1...0xEF:
            begin(scalar: byte & 0x0F, continuations: 2)
        case 0xF0:
            begin(scalar: byte & 0x07, continuations: 3, low: 0x90)
        case 0xF4:
            begin(scalar: byte & 0x07, continuations: 3, high: 0x8F)  // nothing past U+10FFFF
        case 0xF1...0xF3:
            begin(scalar: byte & 0x07, continuations: 3)
        default:
            sawInvalidUTF8 = true
            take(.separator)  // a stray continuation byte or one that never starts a sequence
        }
    }

    @inline(__always)
    private mutating func begin(scalar lead: UInt8, continuations: Int, low: UInt8 = 0x80, high: UInt8 = 0xBF) {
        scalar = UInt32(lead)
        continuationBytesNeeded = continuations
        continuationLow = low
        continuationHigh = high
    }

    // MARK: Characters

    @inline(__always)
    private mutating func take(_ kind: CharacterKind) {
        switch kind {
        case .letter:
            continueOrStartWord(digit: false)
        case .digit:
            continueOrStartWord(digit: true)
        case .whitespace:
            endWord(beforeWhitespace: true)
        case .joiner, .period:
            if inWord && joiner == .none {
                joiner = .betweenWordCharacters
                joinerIsPeriod = kind == .period
            } else {
                separate()
            }
        case .digitJoiner:
            if inWord && joiner == .none && lastWasDigit {
                joiner = .betweenDigits
                joinerIsPeriod = false
            } else {
                separate()
            }
        case .extend:
            // Marks and joiners of width zero belong to the word before them; alone they are nothing.
            if joiner != .none { separate() }
        case .ideograph:
            separate()
            words += 1
        case .keycap:
            // "1️⃣" is an emoji, not the number it is drawn from.
            if inWord && wordIsDigitsOnly { words -= 1 }
            separate()
        case .separator, .markup, .multibyte:
            separate()
        }
    }

    @inline(__always)
    private mutating func continueOrStartWord(digit: Bool) {
        if inWord {
            switch joiner {
            case .none:
                if !digit { wordIsDigitsOnly = false }
                lastWasDigit = digit
                return
            case .betweenWordCharacters:
                joiner = .none
                wordIsDigitsOnly = false
                lastWasDigit = digit
                return
            case .betweenDigits:
                if digit {
                    joiner = .none
                    wordIsDigitsOnly = false
                    return
                }
            }
        }
        words += 1
        inWord = true
        joiner = .none
        lastWasDigit = digit
        wordIsDigitsOnly = digit
        wordStartsLine = lineHasOnlyIndent
        lineHasOnlyIndent = false
    }

    @inline(__always)
    private mutating func separate() {
        endWord(beforeWhitespace: false)
        lineHasOnlyIndent = false
    }

    @inline(__always)
    private mutating func endWord(beforeWhitespace: Bool) {
        if inWord {
            // "1. " at the start of a Markdown line numbers a list item.
            if beforeWhitespace && joinerIsPeriod && joiner != .none && wordStartsLine && wordIsDigitsOnly {
                words -= 1
            }
            inWord = false
            joiner = .none
        }
    }

    // MARK: Markdown

    /// A byte the Markdown table marks: a line end, or the start of something that may be skipped.
    private mutating func markupStep(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\n"):
            endWord(beforeWhitespace: true)
            lineHasOnlyIndent = true
            countBeforeLineLabel = nil
            if frontMatter == .inside { enter(.fenceLine) }
        case UInt8(ascii: ">"):
            endWord(beforeWhitespace: false)  // a quote mark: the line may still start a list
        case UInt8(ascii: "<"):
            separate()
            enter(.commentOpening, count: 1)
        case UInt8(ascii: "["):
            let opensLine = lineHasOnlyIndent
            separate()
            countBeforeLineLabel = opensLine ? words : nil
            enter(.afterOpenBracket)
        case UInt8(ascii: "]"):
            separate()
            enter(.afterCloseBracket)
        case UInt8(ascii: ")"):
            let numbersListItem = inWord && joiner == .none && wordStartsLine && wordIsDigitsOnly
            separate()
            if numbersListItem { enter(.listMarkerEnd) }
        default:
            separate()
        }
    }

    private mutating func enter(_ next: Mode, count: Int = 0) {
        mode = next
        modeCount = count
    }

    private mutating func lookAheadStep(_ byte: UInt8) {
        switch mode {
        case .text:
            textStep(byte)
        case .byteOrderMark:
            if byte == Self.byteOrderMark[modeCount] {
                modeCount += 1
                if modeCount == 3 { enterTextStart() }
            } else {
                replayByteOrderMarkPrefix()
                step(byte)
            }
        case .fenceLine:
            fenceStep(byte)
        case .commentOpening:
            if byte == Self.commentOpening[modeCount] {
                modeCount += 1
                if modeCount == 4 { enter(.comment, count: 2) }  // "<!-->" closes at once, as in HTML
            } else {
                enter(.text)
                textStep(byte)
            }
        case .comment:
            if byte == UInt8(ascii: "-") {
                modeCount += 1
            } else if byte == UInt8(ascii: ">") && modeCount >= 2 {
                enter(.text)
            } else {
                modeCount = 0
            }
        case .afterOpenBracket:
            if byte == UInt8(ascii: "^") {
                enter(.footnoteLabel)  // "[^1]": a footnote's number is not a word of the text
            } else {
                enter(.text)
                textStep(byte)
            }
        case .footnoteLabel:
            if byte == UInt8(ascii: "]") {
                enter(.text)
            } else if byte == UInt8(ascii: "\n") {
                enter(.text)
                textStep(byte)
            }
        case .afterCloseBracket:
            if byte == UInt8(ascii: "(") {
                countBeforeLineLabel = nil
                enter(.destination, count: 1)
            } else if byte == UInt8(ascii: ":"), let countBeforeLineLabel {
                // "[label]: https://…" defines a link and shows nothing.
                words = countBeforeLineLabel
                enter(.definitionLine)
            } else {
                countBeforeLineLabel = nil
                enter(.text)
                textStep(byte)
            }
        case .definitionLine:
            if byte == UInt8(ascii: "\n") {
                enter(.text)
                textStep(byte)
            }
        case .destination:
            // Parentheses nest in destinations (Wikipedia addresses); one never spans lines.
            if byte == UInt8(ascii: "(") {
                modeCount += 1
            } else if byte == UInt8(ascii: ")") {
                modeCount -= 1
                if modeCount == 0 { enter(.text) }
            } else if byte == UInt8(ascii: "\n") {
                enter(.text)
                textStep(byte)
            }
        case .listMarkerEnd:
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { words -= 1 }
            enter(.text)
            textStep(byte)
        }
    }

    /// A line that may be the `---` opening or closing front matter (`...` also closes, as in YAML).
    private mutating func fenceStep(_ byte: UInt8) {
        let isFenceByte = byte == UInt8(ascii: "-") || (byte == UInt8(ascii: ".") && frontMatter == .inside)
        if isFenceByte && modeCount < 3 && (modeCount == 0 || byte == fenceByte) {
            fenceByte = byte
            modeCount += 1
            return
        }
        if modeCount == 3 && (byte == 0x20 || byte == 0x09 || byte == 0x0D) { return }
        if modeCount == 3 && byte == 0x0A {
            if frontMatter == .possible {
                frontMatter = .inside
                enter(.fenceLine)
            } else {
                words = 0  // the block closes: nothing in it was prose
                frontMatter = .none
                enter(.text)
            }
            lineHasOnlyIndent = true
            return
        }
        if frontMatter == .possible { frontMatter = .none }
        lineHasOnlyIndent = modeCount == 0
        enter(.text)
        textStep(byte)
    }

    private mutating func enterTextStart() {
        if syntax == .markdown {
            enter(.fenceLine)
        } else {
            enter(.text)
        }
    }

    /// The first bytes looked like a byte order mark and were not one: they are text after all.
    private mutating func replayByteOrderMarkPrefix() {
        let held = modeCount
        enterTextStart()
        for index in 0..<held {
            step(Self.byteOrderMark[index])
        }
    }

    private static let plainFastFlags = FastFlags.table(from: CharacterKind.plainBytes)
    private static let markdownFastFlags = FastFlags.table(from: CharacterKind.markdownBytes)
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let commentOpening: [UInt8] = Array("<!--".utf8)
}

/// Whether a text is read as plain text or as Markdown (see `TextFileKind`).
public enum TextSyntax: Sendable, Equatable {
    case plainText
    case markdown
}

extension WordCounter {
    enum Joiner: UInt8, Sendable {
        case none
        case betweenWordCharacters
        case betweenDigits
    }

    enum Mode: UInt8, Sendable {
        case text
        case byteOrderMark
        case fenceLine
        case commentOpening
        case comment
        case afterOpenBracket
        case footnoteLabel
        case afterCloseBracket
        case definitionLine
        case destination
        case listMarkerEnd
    }

    private enum FrontMatter: UInt8, Sendable {
        case possible
        case inside
        case none
    }
}
