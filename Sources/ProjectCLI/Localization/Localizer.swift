/// Turns message ids into the user's language: the one place where words are chosen.
/// A key missing from a translation falls back to English; one missing from English shows the key.
public struct Localizer: Sendable {
    public let language: String
    private let table: MessageTable
    private let english: MessageTable

    public init(language: String) {
        english = MessageTable(language: "en", source: embeddedTables["en"] ?? "")
        let source = embeddedTables[language]
        self.language = source == nil ? "en" : language
        table = source.map { MessageTable(language: language, source: $0) } ?? english
    }

    /// The languages whose tables are compiled into the binary.
    public static var languages: [String] { embeddedTables.keys.sorted() }

    /// The text for `key` with each `{name}` replaced by its argument, made safe for a terminal.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        fill(table[key] ?? english[key] ?? key, arguments)
    }

    /// Picks the plural form for `count` (`key[one]` or `key[other]`); `{count}` is filled in too.
    public func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let form = "\(key)[\(PluralRule.category(of: count, language: language))]"
        let other = "\(key)[other]"
        let template = table[form] ?? table[other] ?? english[form] ?? english[other] ?? key
        return fill(template, arguments.merging(["count": String(count)]) { given, _ in given })
    }

    /// How usage shows an argument or option value, from its message id: `<kind>`, `<type>` in French…
    func placeholder(_ key: String) -> String {
        "<" + text(key) + ">"
    }

    private func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty else { return template }
        // Filled byte by byte: braces are ASCII, and walking the string's characters was a tenth of
        // a long list's time. Looking for the brace through `contains` would go through NSString.
        var source = template
        let filled = source.withUTF8 { bytes -> String? in
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            guard bytes.contains(open) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 64)
            var start = 0
            while let opening = bytes[start...].firstIndex(of: open), let closing = bytes[opening...].firstIndex(of: close) {
                result.append(contentsOf: bytes[start..<opening])
                if let value = arguments[String(decoding: bytes[(opening + 1)..<closing], as: UTF8.self)] {
                    result.append(contentsOf: TerminalText.visible(value).utf8)
                } else {
                    result.append(contentsOf: bytes[opening...closing])
                }
                start = closing + 1
            }
            result.append(contentsOf: bytes[start...])
            return String(decoding: result, as: UTF8.self)
        }
        return filled ?? template
    }
}

/// CLDR plural categories for the languages we ship: French counts 0 and 1 as singular.
enum PluralRule {
    static func category(of count: Int, language: String) -> String {
        switch language {
        case "fr": count == 0 || count == 1 ? "one" : "other"
        default: count == 1 ? "one" : "other"
        }
    }
}
