import Foundation

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
        message(key).filled { arguments[String(decoding: $0, as: UTF8.self)] }
    }

    /// Picks the plural form for `count` (`key[one]` or `key[other]`); `{count}` is filled in too.
    public func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let number = String(count)
        return message(key, count: count).filled { name in
            arguments[String(decoding: name, as: UTF8.self)] ?? (name.elementsEqual("count".utf8) ? number : nil)
        }
    }

    /// The message of `key`, found once to be filled many times: a table says the same few
    /// messages on thousands of lines.
    func message(_ key: String) -> Message {
        Message(template: table[key] ?? english[key] ?? key)
    }

    /// The plural form of `key` for `count`; it fills `{count}` only when given it.
    func message(_ key: String, count: Int) -> Message {
        let form = PluralRule.category(of: count, language: language)
        return Message(template: table[key, form: form] ?? table[key, form: "other"]
            ?? english[key, form: form] ?? english[key, form: "other"] ?? key)
    }

    /// Both plural forms of `key`, found once: for saying it of many counts.
    func pluralMessage(_ key: String) -> PluralMessage {
        PluralMessage(one: message(key, count: 1), other: message(key, count: 2), language: language)
    }

    /// How usage shows an argument or option value, from its message id: `<kind>`, `<type>` in French…
    func placeholder(_ key: String) -> String {
        "<" + text(key) + ">"
    }
}

/// A message's text with its `{name}` placeholders still to fill.
struct Message: Sendable {
    let template: String

    /// The text with each placeholder replaced by what `value` gives for its name, and left as it
    /// is when `value` gives nothing.
    func filled(_ value: (UnsafeBufferPointer<UInt8>) -> String?) -> String {
        var source = template
        guard source.withUTF8({ $0.contains(UInt8(ascii: "{")) }) else { return template }
        var filled: [UInt8] = []
        filled.reserveCapacity(source.utf8.count + 64)
        fill(into: &filled, value)
        return String(decoding: filled, as: UTF8.self)
    }

    /// The text filled as `filled(_:)` fills it, as UTF-8 at the end of `output`; the arguments
    /// looked up without a dictionary, as a table fills one message on each of thousands of lines.
    func text(into output: inout [UInt8], _ arguments: KeyValuePairs<String, String>) {
        fill(into: &output, arguments.value)
    }

    private func fill(into output: inout [UInt8], _ value: (UnsafeBufferPointer<UInt8>) -> String?) {
        // Filled byte by byte: braces are ASCII, and walking the string's characters was a tenth of
        // a long list's time. Looking for the brace through `contains` would go through NSString.
        var source = template
        source.withUTF8 { bytes in
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            var start = 0
            while let opening = bytes[start...].firstIndex(of: open), let closing = bytes[opening...].firstIndex(of: close) {
                output.append(contentsOf: bytes[start..<opening])
                if let text = value(UnsafeBufferPointer(rebasing: bytes[(opening + 1)..<closing])) {
                    output.append(utf8: TerminalText.visible(text))
                } else {
                    output.append(contentsOf: bytes[opening...closing])
                }
                start = closing + 1
            }
            output.append(contentsOf: bytes[start...])
        }
    }
}

/// A message said of many counts: its two plural forms, found once.
struct PluralMessage: Sendable {
    let one: Message
    let other: Message
    let language: String

    /// The form for `count`; `{count}` is filled too, with `count` unless `arguments` give it.
    func text(count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let message = PluralRule.category(of: count, language: language) == "one" ? one : other
        return message.filled { name in arguments.value(name) ?? (name.elementsEqual("count".utf8) ? String(count) : nil) }
    }
}

extension KeyValuePairs<String, String> {
    /// The value of the placeholder named by `name`'s bytes: a few names compared, no dictionary made.
    fileprivate func value(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        first { argument in
            var key = argument.key
            return key.withUTF8 { $0.count == name.count && ($0.isEmpty || memcmp($0.baseAddress!, name.baseAddress!, $0.count) == 0) }
        }?.value
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
