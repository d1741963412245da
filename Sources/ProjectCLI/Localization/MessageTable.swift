/// One language's messages, read from the `Localization/<language>.messages` format:
/// `key = text` lines, `#` comments, `\n` and `\\` escapes, plural forms as `key[one]` and `key[other]`.
struct MessageTable: Sendable {
    let language: String
    let entries: [String: String]

    init(language: String, source: String) {
        self.language = language
        var entries: [String: String] = [:]
        for line in source.split(separator: "\n") {
            let text = line.trimmingSpaces()
            guard !text.hasPrefix("#"), let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingSpaces()
            let value = text[text.index(after: equals)...].trimmingSpaces()
            entries[String(key)] = Self.unescaped(value)
        }
        self.entries = entries
    }

    subscript(key: String) -> String? {
        entries[key]
    }

    private static func unescaped(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
