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
        // The brace looked for in the bytes: `contains` with a string argument is Foundation's, through
        // NSString, a tenth of a long list's time.
        guard !arguments.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                result += TerminalText.visible(value)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
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
