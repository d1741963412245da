import Foundation

/// A day on the calendar, without a time or a time zone: what a due date is.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Kept in four bytes rather than three whole numbers: a store of 10,000 submissions holds some
    // 40,000 days, and at 24 bytes each (25 when optional, padded to 32) they were a fifth of its
    // memory, every page of which is a fault to fill.
    private let storedYear: UInt16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }

    /// `nil` unless the three numbers name a real day of the Gregorian calendar, years 1 to 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        storedYear = UInt16(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// Strictly `YYYY-MM-DD`: four digits, two, two, and nothing else (no spaces, no signs, no time).
    public init?(parsing text: String) {
        var text = text
        guard let day = text.withUTF8({ CalendarDay(utf8: $0) }) else { return nil }
        self = day
    }

    /// As `init(parsing:)`, from UTF-8 bytes: a document's, read in place without making a string.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, let text = bytes.baseAddress, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
        // Each digit from its fixed place: a store holds tens of thousands of days.
        func digit(_ place: Int) -> Int? {
            let value = text[place] &- UInt8(ascii: "0")
            return value < 10 ? Int(value) : nil
        }
        guard let y1 = digit(0), let y2 = digit(1), let y3 = digit(2), let y4 = digit(3),
              let m1 = digit(5), let m2 = digit(6), let d1 = digit(8), let d2 = digit(9)
        else { return nil }
        self.init(year: ((y1 * 10 + y2) * 10 + y3) * 10 + y4, month: m1 * 10 + m2, day: d1 * 10 + d2)
    }

    /// The day it is at `date` in `timeZone`: "today" for a writer is the day on their own clock.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        // Every instant a Date holds falls on some Gregorian day; years past 9999 are clamped.
        let year = min(max(parts.year ?? 1, 1), 9999)
        storedYear = UInt16(year)
        storedMonth = UInt8(parts.month ?? 1)
        storedDay = UInt8(parts.day ?? 1)
    }

    /// `YYYY-MM-DD`, as parsed.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Calendar days from this day to `later`: 1 to tomorrow, 0 to today, negative to a past day.
    public func days(until later: CalendarDay) -> Int {
        later.daysSince1970 - daysSince1970
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01.
    public var daysSince1970: Int {
        GregorianDays.number(year: year, month: month, day: day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }
}
