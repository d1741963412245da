import Foundation
import ProjectStoreFile

/// The language and locales chosen by the POSIX environment variables. Foundation on Linux ignores
/// them (it reports `en-001` whatever `LANG` says), so they are resolved here.
public struct LocaleSettings: Sendable {
    /// The language of messages: one we have a table for.
    public let language: String
    /// Name order (`LC_COLLATE`).
    public let collation: Locale
    /// Dates and times (`LC_TIME`).
    public let formatting: Locale
    /// How numbers are grouped (`LC_NUMERIC`).
    public let numbers: Locale
    /// The zone dates are shown in (`TZ`).
    public let timeZone: TimeZoneSetting
    /// The language tag of the documents the tool writes (`fr-FR`): the messages' locale when its
    /// language is the messages' language, else that language alone.
    public let documentLanguage: String
    /// The paper's locale (`LC_PAPER`): `en_US` and the few others on Letter, the rest on A4;
    /// `nil` for the C locale.
    public let paper: String?

    public init(environment: [String: String], available: [String] = Localizer.languages) {
        let messages = Self.value(of: "LC_MESSAGES", in: environment)
        language = Self.language(messages: messages, list: environment["LANGUAGE"], available: available)
        collation = Self.locale(Self.value(of: "LC_COLLATE", in: environment))
        formatting = Self.locale(Self.value(of: "LC_TIME", in: environment))
        numbers = Self.locale(Self.value(of: "LC_NUMERIC", in: environment))
        timeZone = TimeZoneSetting(environment: environment)
        let chosen = language
        let tag = Self.identifier(messages)?.replacingOccurrences(of: "_", with: "-")
        documentLanguage = tag.flatMap { $0.lowercased().hasPrefix(chosen + "-") || $0.lowercased() == chosen ? $0 : nil } ?? chosen
        paper = Self.identifier(Self.value(of: "LC_PAPER", in: environment))
    }

    /// POSIX precedence: `LC_ALL`, then the category, then `LANG`.
    private static func value(of category: String, in environment: [String: String]) -> String? {
        [environment["LC_ALL"], environment[category], environment["LANG"]]
            .compactMap { $0 }
            .first { !$0.isEmpty }
    }

    /// GNU `LANGUAGE` is honoured only when the locale itself is a real one, as gettext does.
    private static func language(messages: String?, list: String?, available: [String]) -> String {
        guard let identifier = identifier(messages) else { return "en" }
        let wanted = (list ?? "").split(separator: ":").map(String.init) + [identifier]
        for candidate in wanted {
            let code = candidate.split(separator: "_").first.map { String($0).lowercased() } ?? ""
            if available.contains(code) { return code }
        }
        return "en"
    }

    private static func locale(_ value: String?) -> Locale {
        Locale(identifier: identifier(value) ?? "en_US_POSIX")
    }

    /// `fr_CA.UTF-8@euro` → `fr_CA`; `nil` for the C locale.
    static func identifier(_ value: String?) -> String? {
        guard let value else { return nil }
        let bare = value.prefix { $0 != "." && $0 != "@" }
        guard !bare.isEmpty, bare != "C", bare != "POSIX" else { return nil }
        // Only a well-formed locale name (`ll`, `ll_CC`, `lll_Ssss_CC`): ICU and Foundation fail, or
        // trap, on others.
        let parts = bare.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard parts.count <= 3, (2...3).contains(parts[0].count),
              parts.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return String(bare)
    }
}
