/// How a writer's file becomes text: UTF-8, as the tool writes and expects it, its byte order mark
/// dropped; else Windows-1252 (of which Latin-1's letters are a part), what older Windows editors
/// save; anything else is refused rather than printed garbled.
public enum TextEncoding: Sendable, Equatable {
    case utf8
    case windows1252

    /// The text, and how it was written; `nil` when it is neither UTF-8 nor Windows-1252 text.
    ///
    /// Windows-1252 gives a character to almost every byte, so it is taken only when the bytes look
    /// like it: no NUL (UTF-16), no byte it leaves undefined, no control character but tabs and line
    /// ends, and letters beyond ASCII mostly alone among ASCII ones, as accents are in Western
    /// languages. In Cyrillic, Greek or Japanese single- and double-byte encodings they come in runs.
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: TextEncoding)? {
        let body = Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])
        if let text = String(validating: body, as: UTF8.self) { return (text, .utf8) }
        var high = 0
        var inRuns = 0
        for (index, byte) in body.enumerated() {
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != 0x0C { return nil }
            guard byte >= 0x80 else { continue }
            guard windows1252Scalars[Int(byte) - 0x80] != nil else { return nil }
            high += 1
            if index > 0 && body[index - 1] >= 0x80 || index + 1 < body.count && body[index + 1] >= 0x80 { inRuns += 1 }
        }
        guard inRuns * 2 <= high else { return nil }
        var text = String.UnicodeScalarView()
        for byte in body {
            let value = byte < 0x80 ? UInt32(byte) : windows1252Scalars[Int(byte) - 0x80]!
            text.append(Unicode.Scalar(value)!)
        }
        return (String(text), .windows1252)
    }

    /// Bytes 0x80 to 0xFF: Latin-1's from 0xA0, Windows' own between, five left undefined.
    private static let windows1252Scalars: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ] + (0xA0...0xFF).map { UInt32($0) }
}
