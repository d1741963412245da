import Foundation
import ProjectStore
import Testing
@testable import ProjectStoreFile

@Suite("JSON writer")
struct JSONWriterTests {
    private func written(_ text: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.string(text)
        return writer.bytes
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("a\\b", #""a\\b""#),
        ("line\nnext", #""line\nnext""#),
        ("tab\there", #""tab\there""#),
        ("cr\r", #""cr\r""#),
        ("\u{0}", #""\u0000""#),
        ("\u{8}\u{C}", #""\u0008\u000c""#),
        ("\u{1B}[31m", #""\u001b[31m""#),
        ("\u{1F}", #""\u001f""#),
        ("\u{7F}", #""\u007f""#),
        ("\u{80}", #""\u0080""#),
        ("\u{85}", #""\u0085""#),
        ("\u{9F}", #""\u009f""#),
        ("\u{2028}", #""\u2028""#),
        ("\u{2029}", #""\u2029""#),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#),
        ("/", #""/""#),
    ])
    func escapes(input: String, expected: String) {
        #expect(written(input) == Array(expected.utf8))
    }

    /// Printable text beyond ASCII goes out as UTF-8, byte for byte.
    @Test(arguments: [
        "\u{A0}é",                 // C2 A0 is not a C1 control
        "\u{2027}\u{202A}\u{2030}", // neighbours of the line separators
        "日本語の原稿",
        "😀👩‍👩‍👧",
        "e\u{301}\u{308}",         // combining marks stay decomposed
        "\u{FEFF}\u{FFFD}\u{10FFFF}",
    ])
    func printableTextIsKept(_ input: String) {
        #expect(written(input) == [0x22] + Array(input.utf8) + [0x22])
    }

    @Test func integersAndNull() {
        var writer = JSONWriter()
        writer.integer(0)
        writer.raw(" ")
        writer.integer(-42)
        writer.raw(" ")
        writer.integer(Int.max)
        writer.raw(" ")
        writer.null()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0 -42 \(Int.max) null")
    }

    /// Every scalar of the first two planes, and a sample of the rest, survives a write and a read,
    /// and the written text holds no raw control byte.
    @Test func everyScalarRoundTrips() throws {
        let values = Array(0...0x1FFFF) + Array(stride(from: 0x20000, through: 0x10FFFF, by: 101)) + [0x10FFFF]
        let scalars = values.lazy.compactMap { Unicode.Scalar(UInt32($0)) }
        var chunk = String.UnicodeScalarView()
        var failures: [String] = []
        func check() {
            let text = String(chunk)
            let bytes = written(text)
            let raw = controlByteOffsets(in: bytes, allowingNewlines: false)
            if !raw.isEmpty { failures.append("raw control byte at \(raw.first!) for \(text.unicodeScalars.first!.value)") }
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    failures.append("raw line separator near \(text.unicodeScalars.first!.value)")
                }
                index += 1
            }
            do {
                let back = try scanning(bytes) { scanner in
                    let value = try scanner.string()
                    try scanner.end()
                    return value
                }
                if !back.unicodeScalars.elementsEqual(text.unicodeScalars) {
                    failures.append("changed from \(text.unicodeScalars.first!.value)")
                }
            } catch {
                failures.append("\(error) from \(text.unicodeScalars.first!.value)")
            }
            chunk = String.UnicodeScalarView()
        }
        var count = 0
        for scalar in scalars {
            chunk.append(scalar)
            count += 1
            if count % 2048 == 0 { check() }
        }
        check()
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}

@Suite("JSON scanner")
struct JSONScannerTests {
    private func scanString(_ json: String) throws(DocumentProblem) -> String {
        try scanString(Array(json.utf8))
    }

    private func scanString(_ json: [UInt8]) throws(DocumentProblem) -> String {
        do {
            return try scanning(json) { scanner in
                let value = try scanner.string()
                try scanner.end()
                return value
            }
        } catch {
            throw error as! DocumentProblem
        }
    }

    private func skip(_ json: String) throws(DocumentProblem) {
        do {
            try scanning(json) { scanner in
                try scanner.skipValue()
                try scanner.end()
            }
        } catch {
            throw error as! DocumentProblem
        }
    }

    @Test func plainString() throws {
        #expect(try scanString(#"  "hello" "#) == "hello")
        #expect(try scanString(#""""#) == "")
        #expect(try scanString("\"日本 😀\"") == "日本 😀")
    }

    @Test func everyEscape() throws {
        let value = try scanString(#""a\"b\\c\/d\be\ff\ng\rh\ti""#)
        #expect(Array(value.utf8) == Array("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti".utf8))
    }

    @Test func unicodeEscapes() throws {
        #expect(try scanString(#""\u00e9\u00C9""#) == "éÉ")
        #expect(try scanString(#""\u0000""#).unicodeScalars.map(\.value) == [0])
        #expect(try scanString(#""\ud83d\ude00""#) == "😀")
        #expect(try scanString(#""\uD83D\uDE00x""#) == "😀x")
        // A decomposed é stays decomposed.
        #expect(try scanString(#""e\u0301""#).unicodeScalars.map(\.value) == [0x65, 0x301])
    }

    @Test(arguments: [
        #""\ud83d""#,         // high surrogate alone
        #""\ud83dx""#,
        #""\ud83d\u0041""#,   // high surrogate followed by a non-surrogate
        #""\ude00""#,         // low surrogate alone
        #""\x""#,
        #""\u12""#,
        #""\u12G4""#,
        #""abc"#,             // unterminated
        #""abc\"#,
        "\"",
        "abc",
        "",
    ])
    func malformedStringsAreSyntaxErrors(_ json: String) {
        let problem = documentProblem { try scanString(json) }
        guard case .syntax = problem else {
            Issue.record("\(json) gave \(String(describing: problem))")
            return
        }
    }

    /// JSON wants exactly four hex digits after `\u`; `UInt32(_:radix:)` also takes a sign.
    @Test(arguments: [#""\u+041""#, #""\u-000""#])
    func hexEscapeNeedsFourHexDigits(_ json: String) {
        let problem = documentProblem { try scanString(json) }
        #expect(problem == .syntax(line: 1, column: 4), "\(json) gave \(String(describing: problem))")
    }

    @Test func rawControlCharacterInStringIsRefusedWhereItIs() {
        #expect(throws: DocumentProblem.syntax(line: 1, column: 4)) {
            try scanString("\"ab\ncd\"")
        }
        // Also after an escape has been seen (the slower path).
        #expect(throws: DocumentProblem.syntax(line: 1, column: 6)) {
            try scanString("\"a\\nb\tc\"")
        }
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],                   // not a UTF-8 byte at all
        [0x22, 0x61, 0xC3, 0x22],             // a lead byte with no continuation
        [0x22, 0xC0, 0xAF, 0x22],             // overlong "/"
        [0x22, 0xED, 0xA0, 0x80, 0x22],       // a surrogate encoded in UTF-8
        [0x22, 0x5C, 0x6E, 0xFE, 0x22],       // after an escape
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
    ] as [[UInt8]])
    func invalidUTF8InStringIsNotUTF8(_ bytes: [UInt8]) {
        #expect(throws: DocumentProblem.notUTF8) { try scanString(bytes) }
    }

    @Test func integers() throws {
        for (text, value) in [
            ("0", 0), ("42", 42), (" -7", -7), ("123456789012345678", 123_456_789_012_345_678),
            ("1000000000000000000", 1_000_000_000_000_000_000), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
        ] {
            #expect(try scanning(text) { try $0.integer() } == value)
        }
        for text in ["x", "-", "", "\"1\"", "12345678901234567890", "9223372036854775808", "-9223372036854775809"] {
            #expect(throws: DocumentProblem.self, "\(text)") { try scanning(text) { try $0.integer() } }
        }
    }

    @Test func optionalString() throws {
        var values: [String?] = []
        try scanning(#"[null, "x", "null"]"#) { scanner in
            try scanner.array { scanner throws(DocumentProblem) in values.append(try scanner.optionalString()) }
        }
        #expect(values == [nil, "x", "null"])
    }

    @Test func objectsAndArrays() throws {
        var seen: [String] = []
        try scanning(#" { "a" : "1" , "b": ["x","y"], "c": {} , "d": [] , "\u0065": "escaped key" } "#) { scanner in
            try scanner.object { scanner, key throws(DocumentProblem) in
                let name = keyText(key)
                seen.append(name)
                switch name {
                case "a", "e": seen.append(try scanner.string())
                case "b": try scanner.array { scanner throws(DocumentProblem) in seen.append(try scanner.string()) }
                case "c": try scanner.object { _, _ throws(DocumentProblem) in seen.append("unexpected key") }
                default: try scanner.array { _ throws(DocumentProblem) in seen.append("unexpected element") }
                }
            }
            try scanner.end()
        }
        #expect(seen == ["a", "1", "b", "x", "y", "c", "d", "e", "escaped key"])
    }

    /// Keys are strings too: bytes that are not UTF-8 are refused there as anywhere else.
    @Test func invalidUTF8InAKeyIsNotUTF8() {
        let bytes = Array(#"{""#.utf8) + [0xFF, 0xFE] + Array(#"": 1}"#.utf8)
        #expect(throws: DocumentProblem.notUTF8) {
            try scanning(bytes) { scanner in
                try scanner.object { scanner, _ throws(DocumentProblem) in _ = try scanner.integer() }
            }
        }
    }

    /// The hand-written validator agrees with the standard library on every kind of sequence.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 8)
        // Bytes around every boundary of the encoding.
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var disagreements: [[UInt8]] = []
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                interesting.randomElement(using: &generator)!
            }
            let ours = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
            if ours != (String(validating: bytes, as: UTF8.self) != nil) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test(arguments: [
        #""text""#, "true", "false", "null", "0", "-0", "12", "-1.5e+3", "2E-2", "3.25",
        "{}", "[]", "[ ]", #"{"a": [true, null, {"b": "c"}], "d": false}"#, #"[[], {}, "x", [[]]]"#,
        "[1 , 2]", #"{"n": 1 }"#,
        #"{"é": "\u00e9", "x": "\ud83d\ude00"}"#,
    ])
    func skipsEveryKindOfValue(_ json: String) throws {
        try skip(json)
    }

    /// Numbers written the usual way, directly followed by a comma, are valid JSON too.
    @Test(arguments: ["[1,2]", "[1, 2, 3]", #"{"n": 1, "m": 2}"#, "[-1.5e3,true]"])
    func skipsNumbersFollowedByAComma(_ json: String) {
        #expect(throws: Never.self, "\(json)") { try skip(json) }
    }

    @Test(arguments: [
        "tru", "nul", "fals", "[1,]", "[,1]", #"{"a" 1}"#, "{,}", #"{"a": 1,}"#, "]", "}", "-", "1e", "--1",
        "[", "{", #"{"a":"#, "x", "'a'", "[1 2]",
    ])
    func refusesMalformedValues(_ json: String) {
        let problem = documentProblem { try skip(json) }
        guard case .syntax = problem else {
            Issue.record("\(json) gave \(String(describing: problem))")
            return
        }
    }

    @Test func moderateNestingIsSkipped() throws {
        try skip(String(repeating: "[", count: 30) + String(repeating: "]", count: 30))
        try skip(String(repeating: #"{"a":"#, count: 30) + "1" + String(repeating: "}", count: 30))
    }

    /// Hostile nesting must end in an error, not a stack overflow.
    @Test func deepNestingThrowsInsteadOfCrashing() {
        let arrays = String(repeating: "[", count: 100_000)
        let problem = documentProblem { try skip(arrays) }
        guard case .syntax(line: 1, _) = problem else {
            Issue.record("gave \(String(describing: problem))")
            return
        }
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: DocumentProblem.self) { try skip(objects) }
    }

    @Test func endAllowsOnlyWhitespace() throws {
        try scanning("\"a\" \n\t\r ") { scanner in
            _ = try scanner.string()
            try scanner.end()
        }
        #expect(throws: DocumentProblem.syntax(line: 2, column: 3)) {
            try scanning("\"a\"\n  x") { scanner in
                _ = try scanner.string()
                try scanner.end()
            }
        }
    }

    /// Columns count characters as a person sees them, not bytes.
    @Test func columnsCountCharacters() {
        #expect(throws: DocumentProblem.syntax(line: 1, column: 10)) {
            try scanning(#"{"é👩‍👩‍👧": 1 x}"#) { scanner in
                try scanner.object { scanner, _ throws(DocumentProblem) in try scanner.skipValue() }
            }
        }
    }

    /// A number skipped is checked against JSON's grammar, as a strict parser reads it.
    @Test func numbersFollowTheGrammar() throws {
        for number in ["0", "-0", "7", "-12", "1.5", "10.25e+3", "1E9", "2e-2", "123456789012345678901234567890"] {
            try scanning("[\(number)]") { scanner in
                try scanner.skipValue()
                try scanner.end()
            }
        }
        for number in ["01", "+1", "1.", ".5", "-", "1e", "1e+", "--1", "1.2.3", "0x10", "1-2"] {
            #expect(throws: DocumentProblem.self, "\(number)") {
                try scanning("[\(number)]") { scanner in
                    try scanner.skipValue()
                    try scanner.end()
                }
            }
        }
    }
}
