import Foundation

/// One language's messages, read from the `Localization/<language>.messages` format:
/// `key = text` lines, `#` comments, `\n` and `\\` escapes, plural forms as `key[one]` and `key[other]`.
struct MessageTable: Sendable {
    let language: String
    private let source: String
    /// Where each key and its text stand in `source`'s bytes, in the table's order. Strings are made
    /// only for the messages a command says: making all 600 of them was most of a small command's time.
    private let spans: [(key: Range<Int>, value: Range<Int>)]

    init(language: String, source: String) {
        self.language = language
        self.source = source
        var spans: [(key: Range<Int>, value: Range<Int>)] = []
        spans.reserveCapacity(1_024)
        Self.withBytes(of: source) { text in
            var lineStart = 0
            while lineStart < text.count {
                let lineEnd = memchr(text.baseAddress! + lineStart, 0x0A, text.count - lineStart)
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(text.baseAddress!) } ?? text.count
                let line = text.trimmingSpaces(in: lineStart..<lineEnd)
                lineStart = lineEnd + 1
                guard text[line].first != UInt8(ascii: "#"), let equals = text[line].firstIndex(of: UInt8(ascii: "=")) else {
                    continue
                }
                spans.append((text.trimmingSpaces(in: line.lowerBound..<equals), text.trimmingSpaces(in: (equals + 1)..<line.upperBound)))
            }
        }
        self.spans = spans
    }

    /// The text of `key`, or of its plural `form` (`key[one]`); of the last such line when the
    /// table has two. Compared in place, so that a plural's key is not made for each count said.
    subscript(key: String, form form: String? = nil) -> String? {
        var key = key, form = form ?? ""
        let suffix = form.isEmpty ? 0 : form.utf8.count + 2
        return key.withUTF8 { wanted in
            form.withUTF8 { form in
                Self.withBytes(of: source) { text in
                    for span in spans.reversed() where span.key.count == wanted.count + suffix {
                        let found = text.baseAddress! + span.key.lowerBound
                        guard wanted.isEmpty || memcmp(found, wanted.baseAddress!, wanted.count) == 0 else { continue }
                        guard suffix == 0 || (found[wanted.count] == UInt8(ascii: "[") && found[span.key.count - 1] == UInt8(ascii: "]")
                            && memcmp(found + wanted.count + 1, form.baseAddress!, form.count) == 0) else { continue }
                        return Self.unescaped(String(decoding: UnsafeBufferPointer(rebasing: text[span.value]), as: UTF8.self))
                    }
                    return nil
                }
            }
        }
    }

    /// Every key with its text, all made at once: for checking whole tables, not for saying a message.
    var entries: [String: String] {
        Self.withBytes(of: source) { text in
            var entries: [String: String] = [:]
            for span in spans {
                let key = String(decoding: UnsafeBufferPointer(rebasing: text[span.key]), as: UTF8.self)
                entries[key] = Self.unescaped(String(decoding: UnsafeBufferPointer(rebasing: text[span.value]), as: UTF8.self))
            }
            return entries
        }
    }

    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
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
    /// `range` without the spaces and carriage returns at its ends.
    fileprivate func trimmingSpaces(in range: Range<Int>) -> Range<Int> {
        var (start, end) = (range.lowerBound, range.upperBound)
        while start < end, self[start] == UInt8(ascii: " ") || self[start] == UInt8(ascii: "\r") { start += 1 }
        while end > start, self[end - 1] == UInt8(ascii: " ") || self[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }
}
