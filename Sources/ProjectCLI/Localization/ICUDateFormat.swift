import Foundation
import _FoundationICU
import ProjectStoreFile

/// A date format of ICU's, in a locale and a time zone given by name, used directly rather than
/// through Foundation's `DateFormatter`: that one looks the zone up again in the system's files when it
/// first formats, and stops the program when such a look-up fails (an `open` failing at the wrong
/// moment, as the fault-injection test makes it: docs/reliability.md). ICU has its zones in its own data.
final class ICUDateFormat: @unchecked Sendable {
    enum Style {
        /// `Jan 12, 2027`: a day in a column.
        case mediumDate
        /// `January 12, 2027`, `1er janvier 2027`: a day in a sentence.
        case longDate
        /// `January 12, 2027 at 3:30:32 PM`.
        case longDateMediumTime
    }

    private let format: OpaquePointer?
    private let style: Style
    /// How a date written in full names the first day of a month, where the locale's usage is not
    /// CLDR's pattern: French writes "1er janvier" in running text, CLDR "1 janvier". `nil`: as ICU
    /// writes it. An abbreviated date keeps ICU's "1 janv.".
    let firstOfMonth: String?
    /// Room for one date, as ICU writes it and as UTF-8: made once, not once a date.
    private var characters = [UChar](repeating: 0, count: 128)
    private var bytes = [UInt8](repeating: 0, count: 512)

    init(_ style: Style, locale: String, timeZone: String) {
        self.style = style
        firstOfMonth = style == .mediumDate ? nil : Self.firstOfMonth(locale: locale)
        var status = U_ZERO_ERROR
        let zone = Array(timeZone.utf16)
        let (time, date): (UDateFormatStyle, UDateFormatStyle) = switch style {
        case .mediumDate: (UDAT_NONE, UDAT_MEDIUM)
        case .longDate: (UDAT_NONE, UDAT_LONG)
        case .longDateMediumTime: (UDAT_MEDIUM, UDAT_LONG)
        }
        let opened = zone.withUnsafeBufferPointer { zone in
            swift_udat_open(time, date, locale, zone.baseAddress, Int32(zone.count), nil, -1, &status)
        }
        format = status.rawValue > U_ZERO_ERROR.rawValue ? nil : opened.map { OpaquePointer($0) }
    }

    deinit {
        if let format { swift_udat_close(UnsafeMutablePointer(format)) }
    }

    /// `date` in words; without ICU's format (it could not be made), as ISO 8601 in UTC.
    func string(_ date: Date) -> String {
        guard let format else { return Self.fallback(date, withTime: style == .longDateMediumTime) }
        if let firstOfMonth, let first = self.firstOfMonth(date, as: firstOfMonth) { return first }
        var status = U_ZERO_ERROR
        let length = swift_udat_format(UnsafePointer(format), date.timeIntervalSince1970 * 1000, &characters, Int32(characters.count), nil, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, Int(length) <= characters.count,
              let text = text(characters[..<Int(length)])
        else {
            return Self.fallback(date, withTime: style == .longDateMediumTime)
        }
        return text
    }

    /// `date` in words, with each field's kind and place in them (in UTF-16 code units); `nil` when
    /// ICU could not say.
    func fields(_ date: Date) -> (characters: [UChar], fields: [(kind: UDateFormatField, range: Range<Int>)])? {
        guard let format else { return nil }
        var status = U_ZERO_ERROR
        guard let positions = swift_ufieldpositer_open(&status) else { return nil }
        defer { swift_ufieldpositer_close(positions) }
        let length = swift_udat_formatForFields(
            UnsafePointer(format), date.timeIntervalSince1970 * 1000, &characters, Int32(characters.count), positions, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, Int(length) <= characters.count else { return nil }
        var fields: [(kind: UDateFormatField, range: Range<Int>)] = []
        var (start, end): (Int32, Int32) = (0, 0)
        while true {
            let kind = swift_ufieldpositer_next(positions, &start, &end)
            guard kind >= 0 else { break }
            guard start >= 0, start <= end, end <= length else { return nil }
            fields.append((UDateFormatField(rawValue: UInt32(kind)), Int(start)..<Int(end)))
        }
        return (Array(characters[..<Int(length)]), fields)
    }

    /// ICU's text as a string, through ICU's own conversion to UTF-8: the standard library's
    /// `String(decoding:as: UTF16.self)` takes a general path that cost about 10,000 instructions a
    /// date, a tenth of a long `list`.
    func text(_ characters: ArraySlice<UChar>) -> String? {
        var status = U_ZERO_ERROR
        var length: Int32 = 0
        characters.withUnsafeBufferPointer { characters in
            swift_u_strToUTF8(&bytes, Int32(bytes.count), &length, characters.baseAddress, Int32(characters.count), &status)
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, Int(length) <= bytes.count else { return nil }
        return String(decoding: bytes[..<Int(length)], as: UTF8.self)
    }

    /// The locales whose dates in full write the first of a month otherwise than CLDR's pattern.
    private static func firstOfMonth(locale: String) -> String? {
        // The language is what the identifier starts with: `fr`, `fr_CA`, `fr-FR`.
        locale.prefix(while: \.isLetter) == "fr" ? "1er" : nil
    }

    /// `date` in words with its day written `first`, when it is the first of its month; else `nil`.
    private func firstOfMonth(_ date: Date, as first: String) -> String? {
        guard let (characters, fields) = fields(date),
              let day = fields.first(where: { $0.kind == UDAT_DATE_FIELD }), text(characters[day.range]) == "1",
              let before = text(characters[..<day.range.lowerBound]), let after = text(characters[day.range.upperBound...])
        else { return nil }
        return before + first + after
    }

    /// Whether the format counts days, months and years as the Gregorian calendar does.
    var isGregorian: Bool {
        guard let format else { return false }
        var status = U_ZERO_ERROR
        guard let calendar = swift_udat_getCalendar(UnsafePointer(format)),
              let type = swift_ucal_getType(calendar, &status), status.rawValue <= U_ZERO_ERROR.rawValue
        else { return false }
        return String(cString: type) == "gregorian"
    }

    private static func fallback(_ date: Date, withTime: Bool) -> String {
        let text = Timestamp.string(from: date)
        return withTime ? String(text.prefix(19)).replacingOccurrences(of: "T", with: " ") : String(text.prefix(10))
    }
}
