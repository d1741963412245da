/// One language's messages, read from the `Localization/<language>.messages` format:
/// `key = text` lines, `#` comments, `\n` and `\\` escapes, plural forms as `key[one]` and `key[other]`.
struct MessageTable: Sendable {
    let language: String
    let entries: [String: String]

    init(language: String, source: String) {
        self.language = language
        var entries: [String: String] = [:]
        var source = source
        // Read as bytes: this runs at every start of the tool, and Character-level splitting of the
        // tables cost more than everything else a small command does.
        source.withUTF8 { text in
            var lineStart = 0
            while lineStart < text.count {
                let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.count
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
                lineStart = lineEnd + 1
                let content = line.trimmingSpaces()
                guard content.first != UInt8(ascii: "#"), let equals = content.firstIndex(of: UInt8(ascii: "=")) else {
                    continue
                }
                let key = UnsafeBufferPointer(rebasing: content[..<equals]).trimmingSpaces()
                let value = UnsafeBufferPointer(rebasing: content[(equals + 1)...]).trimmingSpaces()
                entries[String(decoding: key, as: UTF8.self)] = Self.unescaped(String(decoding: value, as: UTF8.self))
            }
        }
        self.entries = entries
    }

    subscript(key: String) -> String? {
        entries[key]
    }

    /// Byte by byte: the escapes are ASCII, and characters cost a grapheme search each.
    private static func unescaped(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var escaping = false
        for byte in text.utf8 {
            if escaping {
                result.append(byte == UInt8(ascii: "n") ? 0x0A : byte)
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension UnsafeBufferPointer<UInt8> {
    fileprivate func trimmingSpaces() -> Slice<UnsafeBufferPointer<UInt8>> {
        var text = self[...]
        while text.first == UInt8(ascii: " ") || text.first == UInt8(ascii: "\r") { text.removeFirst() }
        while text.last == UInt8(ascii: " ") || text.last == UInt8(ascii: "\r") { text.removeLast() }
        return text
    }
}
