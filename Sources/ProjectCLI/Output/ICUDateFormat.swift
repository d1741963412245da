import Foundation
import _FoundationICU
import ProjectStoreFile

/// A date format of ICU's, in a locale and a time zone given by name, used directly rather than
/// through Foundation's `DateFormatter`: that one looks the zone up again in the system's files when it
/// first formats, and stops the program when such a look-up fails (an `open` failing at the wrong
/// moment, as the fault-injection test makes it: docs/reliability.md). ICU has its zones in its own data.
final class ICUDateFormat: @unchecked Sendable {
    enum Style {
        /// `Jan 12, 2027`.
        case mediumDate
        /// `January 12, 2027 at 3:30:32 PM`.
        case longDateMediumTime
    }

    private let format: OpaquePointer?
    private let style: Style

    init(_ style: Style, locale: String, timeZone: String) {
        self.style = style
        var status = U_ZERO_ERROR
        let zone = Array(timeZone.utf16)
        let (time, date): (UDateFormatStyle, UDateFormatStyle) = switch style {
        case .mediumDate: (UDAT_NONE, UDAT_MEDIUM)
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
        var buffer = [UChar](repeating: 0, count: 128)
        var status = U_ZERO_ERROR
        let length = swift_udat_format(UnsafePointer(format), date.timeIntervalSince1970 * 1000, &buffer, Int32(buffer.count), nil, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, Int(length) <= buffer.count else {
            return Self.fallback(date, withTime: style == .longDateMediumTime)
        }
        return String(decoding: buffer[..<Int(length)], as: UTF16.self)
    }

    private static func fallback(_ date: Date, withTime: Bool) -> String {
        let text = Timestamp.string(from: date)
        return withTime ? String(text.prefix(19)).replacingOccurrences(of: "T", with: " ") : String(text.prefix(10))
    }
}
