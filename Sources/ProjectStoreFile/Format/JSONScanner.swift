import Foundation
import ProjectStore

/// An object's key, as it stood in the document.
enum JSONKey {
    case bytes(UnsafeBufferPointer<UInt8>)
    case text(String)

    static func == (key: JSONKey, name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            switch key {
            case .bytes(let bytes):
                // Length first: most comparisons of a key with the wrong name stop there.
                guard bytes.count == expected.count else { return false }
                for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
                return true
            case .text(let text):
                return text.utf8.elementsEqual(expected)
            }
        }
    }

    /// The key as an id, for objects keyed by machine.
    var uuid: UUID? {
        switch self {
        case .bytes(let bytes): UUIDText.uuid(from: bytes)
        case .text(var text): text.withUTF8 { UUIDText.uuid(from: $0) }
        }
    }

    /// The key as text, for saying what was wrong with it.
    var text: String {
        switch self {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .text(let text): text
        }
    }
}

/// Reads JSON text one value at a time, straight into the caller's types: no intermediate tree,
/// so a large store costs little more than its bytes.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    /// Bounds nesting in values that are skipped, so hostile input cannot exhaust the stack.
    private static let maximumDepth = 64

    /// The scanner reads `bytes` in place: it must not outlive them.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// How far it has read: everything before is done with.
    var consumed: Int { offset }

    // MARK: Structure

    /// Calls `body` with each key of an object; `body` must read that key's value.
    mutating func object(_ body: (inout JSONScanner, JSONKey) throws(DocumentProblem) -> Void) throws(DocumentProblem) {
        try objectUntil { scanner, key throws(DocumentProblem) in
            try body(&scanner, key)
            return true
        }
    }

    /// As `object`, but stops, leaving the rest unread, at the first key for which `body` returns
    /// `false` without reading its value: a reader that needs only what comes first.
    mutating func objectUntil(_ body: (inout JSONScanner, JSONKey) throws(DocumentProblem) -> Bool) throws(DocumentProblem) {
        try expect(UInt8(ascii: "{"))
        if try consume(UInt8(ascii: "}")) { return }
        repeat {
            // Keys are compared as bytes: no string is made for them unless they hold escapes.
            let key: JSONKey
            if let plain = plainString() {
                guard plain.isText else { throw .notUTF8 }
                key = .bytes(plain.bytes)
            } else {
                key = .text(try string())
            }
            try expect(UInt8(ascii: ":"))
            guard try body(&self, key) else { return }
        } while try consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Calls `body` once for each element of an array; `body` must read the element.
    mutating func array(_ body: (inout JSONScanner) throws(DocumentProblem) -> Void) throws(DocumentProblem) {
        try expect(UInt8(ascii: "["))
        if try consume(UInt8(ascii: "]")) { return }
        repeat {
            try body(&self)
        } while try consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// Fails with `.wrongKind` unless the next value is of the `expected` kind, reading nothing:
    /// a document of valid JSON but another shape is said to be so; in one that is not JSON at all,
    /// the value is a syntax error, as it always was.
    mutating func expect(_ expected: JSONValueKind, field: String?, project: Int?) throws(DocumentProblem) {
        skipWhitespace()
        guard offset < bytes.count else { throw syntaxError() }
        let found: JSONValueKind = switch bytes[offset] {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
        case UInt8(ascii: "n"): .null
        default: .number
        }
        guard found != expected else { return }
        // Read again, only when the kind is wrong: only a whole document of JSON has a shape to name.
        var whole = JSONScanner(bytes)
        guard (try? whole.skipValue()) != nil, (try? whole.end()) != nil else { throw syntaxError() }
        throw .wrongKind(field: field, project: project, expected: expected, found: found)
    }

    /// Fails unless only white space is left.
    mutating func end() throws(DocumentProblem) {
        skipWhitespace()
        if offset < bytes.count { throw syntaxError() }
    }

    // MARK: Values

    mutating func boolean() throws(DocumentProblem) -> Bool {
        if try consumeLiteral("true") { return true }
        if try consumeLiteral("false") { return false }
        throw syntaxError()
    }

    /// Consumes a JSON null, if that is what comes next.
    mutating func null() throws(DocumentProblem) -> Bool {
        try consumeLiteral("null")
    }

    /// `nil` for a JSON null.
    mutating func optionalString() throws(DocumentProblem) -> String? {
        try consumeLiteral("null") ? nil : string()
    }

    /// `nil` for a JSON null.
    mutating func optionalInteger() throws(DocumentProblem) -> Int? {
        try consumeLiteral("null") ? nil : integer()
    }

    /// A whole number that fits an `Int`; a longer one is a syntax error. The rule that keeps the
    /// reader and the writer agreed: every number the tool writes into a file it reads again fits.
    /// What a writer types is held to `StoredNumber`'s ranges, ten digits at most, before it is
    /// written; every other number is one the tool counts itself (positions, revisions, version
    /// numbers, words, offsets in logs). The limit is the type's, not those ranges, so that a store
    /// written before them is read as it was, the 19-digit targets an earlier version let through
    /// included.
    mutating func integer() throws(DocumentProblem) -> Int {
        skipWhitespace()
        let start = offset
        let negative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        // Counted down from zero, so that Int.min reads too.
        var value = 0
        var fits = true
        while offset < bytes.count, (48...57).contains(bytes[offset]) {
            let (tens, overflowTens) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowDigit) = tens.subtractingReportingOverflow(Int(bytes[offset] - 48))
            fits = fits && !overflowTens && !overflowDigit
            value = next
            offset += 1
        }
        guard fits, offset > start + (negative ? 1 : 0), negative || value != .min else {
            offset = start
            throw syntaxError()
        }
        return negative ? value : -value
    }

    /// The raw bytes of a string without escapes, for values that are parsed further (ids, dates);
    /// `nil` after consuming nothing if the next value is not such a string.
    mutating func plainStringBytes() -> UnsafeBufferPointer<UInt8>? {
        plainString()?.bytes
    }

    /// Consumes exactly `literal`, spaces included, when it comes next, and says whether it did: a
    /// reader that knows how this tool lays out a line matches its keys and punctuation at once.
    /// `literal` is one written in the source, which points at its bytes (`utf8Start`).
    mutating func skip(exactly literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard count <= bytes.count - offset, memcmp(bytes.baseAddress! + offset, literal.utf8Start, count) == 0 else { return false }
        offset += count
        return true
    }

    /// The bytes of a string of exactly `count` bytes, with no look at what they are: for values of
    /// one length (ids, days) that are parsed further, which refuses any byte that does not belong.
    mutating func fixedLengthString(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
        let quote = UInt8(ascii: "\"")
        guard count + 2 <= bytes.count - offset, bytes[offset] == quote, bytes[offset + count + 1] == quote else { return nil }
        defer { offset += count + 2 }
        return UnsafeBufferPointer(rebasing: bytes[(offset + 1)...(offset + count)])
    }

    /// A string without escapes, as text; `nil` when the next value is not one, or not UTF-8.
    mutating func plainText() -> String? {
        plainString()?.text
    }

    /// A string without escapes where it stands, made into text only when asked: a reader may
    /// find, further on, that it does not need it.
    struct PlainString {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Every byte ASCII: then they are UTF-8 with no further check, which spares one for every
        /// key of every project.
        let ascii: Bool

        /// `nil` when the bytes are not UTF-8.
        var text: String? { ascii ? String(decoding: bytes, as: UTF8.self) : UTF8Validation.string(bytes) }
        var isText: Bool { ascii || UTF8Validation.isValid(bytes) }
    }

    /// The next value when it is a string without escapes.
    mutating func plainString() -> PlainString? {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        let (end, ascii) = PlainRun.read(bytes, from: offset + 1)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { offset = end + 1 }
        return PlainString(bytes: UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<end]), ascii: ascii)
    }

    mutating func string() throws(DocumentProblem) -> String {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw syntaxError() }
        offset += 1
        let start = offset
        let ascii: Bool
        (offset, ascii) = PlainRun.read(bytes, from: start)
        // The common case, no escapes: one validated copy of the bytes; ASCII needs no validating.
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
            offset += 1
            let text = UnsafeBufferPointer(rebasing: bytes[start..<offset - 1])
            if ascii { return String(decoding: text, as: UTF8.self) }
            guard let text = UTF8Validation.string(text) else { throw .notUTF8 }
            return text
        }
        if offset < bytes.count, bytes[offset] < 0x20 { throw syntaxError() }
        var decoded = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = decoded.withUnsafeBufferPointer(UTF8Validation.string) else { throw .notUTF8 }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                offset -= 1
                throw syntaxError()
            default:
                decoded.append(byte)
            }
        }
        throw syntaxError()
    }

    /// Passes over one value of any kind.
    mutating func skipValue(depth: Int = 0) throws(DocumentProblem) {
        guard depth < Self.maximumDepth else { throw syntaxError() }
        skipWhitespace()
        guard offset < bytes.count else { throw syntaxError() }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            try object { scanner, _ throws(DocumentProblem) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try array { scanner throws(DocumentProblem) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"):
            guard try consumeLiteral("true") else { throw syntaxError() }
        case UInt8(ascii: "f"):
            guard try consumeLiteral("false") else { throw syntaxError() }
        case UInt8(ascii: "n"):
            guard try consumeLiteral("null") else { throw syntaxError() }
        default:
            try number()
        }
    }

    // MARK: Pieces

    /// A number skipped, checked against JSON's grammar: an optional `-`, `0` or digits not starting
    /// with `0`, then an optional fraction and exponent. Checked by hand, not by converting it: every
    /// project of a store has a number (its position), and `strtod` cost 7 % of a read.
    private mutating func number() throws(DocumentProblem) {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (48...57).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        func next(_ one: Unicode.Scalar, or other: Unicode.Scalar? = nil) -> Bool {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: one) || other.map({ bytes[offset] == UInt8(ascii: $0) }) == true else {
                return false
            }
            offset += 1
            return true
        }
        _ = next("-")
        let whole = offset
        let count = digits()
        var valid = count > 0 && (count == 1 || bytes[whole] != UInt8(ascii: "0"))
        if valid, next(".") { valid = digits() > 0 }
        if valid, next("e", or: "E") {
            _ = next("+", or: "-")
            valid = digits() > 0
        }
        guard valid, offset == bytes.count || !Self.isNumberByte(bytes[offset]) else {
            offset = start
            throw syntaxError()
        }
    }

    /// Bytes a JSON number may hold: one running on past a number's end is not one.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(DocumentProblem) {
        guard offset < bytes.count else { throw syntaxError() }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "u"):
            var value = try hexQuad()
            if (0xD800...0xDBFF).contains(value) {
                guard try consumeLiteral("\\u") else { throw syntaxError() }
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw syntaxError() }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw syntaxError() }
            decoded.append(contentsOf: Array(String(scalar).utf8))
        default:
            offset -= 1
            throw syntaxError()
        }
    }

    private mutating func hexQuad() throws(DocumentProblem) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw syntaxError() }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { throw syntaxError() }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }

    private mutating func expect(_ byte: UInt8) throws(DocumentProblem) {
        guard try consume(byte) else { throw syntaxError() }
    }

    private mutating func consume(_ byte: UInt8) throws(DocumentProblem) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func consumeLiteral(_ literal: StaticString) throws(DocumentProblem) -> Bool {
        skipWhitespace()
        let matches = literal.withUTF8Buffer { expected in
            guard offset + expected.count <= bytes.count else { return false }
            for index in expected.indices where bytes[offset + index] != expected[index] { return false }
            return true
        }
        if matches { offset += literal.utf8CodeUnitCount }
        return matches
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Where the scanner stopped, as a person counts lines and columns.
    func syntaxError() -> DocumentProblem {
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.count { $0 == 0x0A } + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<before.endIndex], as: UTF8.self).count + 1
        return .syntax(line: line, column: column)
    }
}
