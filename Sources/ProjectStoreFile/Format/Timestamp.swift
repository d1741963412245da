import Foundation
import ProjectStore

/// ISO 8601 timestamps in UTC with milliseconds (`2026-11-22T08:30:00.123Z`), done by hand:
/// the store holds one per project, and Foundation's formatters cost microseconds each.
public enum Timestamp {
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        write(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ date: Date, to output: inout [UInt8]) {
        let (days, millisecondOfDay) = date.millisecondsSince1970.floorDivided(by: 86_400_000)
        let (year, month, day) = GregorianDays.date(of: Int(days))
        let second = Int(millisecondOfDay / 1000)
        guard (0...9999).contains(year) else {
            writeDigitByDigit(year: year, month: month, day: day, second: second, millisecond: Int(millisecondOfDay % 1000), to: &output)
            return
        }
        // The 24 bytes made in place and appended at once: a store writes one per project, and
        // appending them a byte at a time was a fifth of writing the store.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            var end = 0
            func put(_ value: Int, width: Int, then separator: Unicode.Scalar) {
                var rest = value
                for place in stride(from: end + width - 1, through: end, by: -1) {
                    text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                text[end + width] = UInt8(separator.value)
                end += width + 1
            }
            put(year, width: 4, then: "-")
            put(month, width: 2, then: "-")
            put(day, width: 2, then: "T")
            put(second / 3600, width: 2, then: ":")
            put(second / 60 % 60, width: 2, then: ":")
            put(second % 60, width: 2, then: ".")
            put(Int(millisecondOfDay % 1000), width: 3, then: "Z")
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<end]))
        }
    }

    /// A year outside 0…9999 (which the store never holds, but a date may be): every digit it has.
    private static func writeDigitByDigit(year: Int, month: Int, day: Int, second: Int, millisecond: Int, to output: inout [UInt8]) {
        appendDigits(year, width: 4, then: "-", to: &output)
        appendDigits(month, width: 2, then: "-", to: &output)
        appendDigits(day, width: 2, then: "T", to: &output)
        appendDigits(second / 3600, width: 2, then: ":", to: &output)
        appendDigits(second / 60 % 60, width: 2, then: ":", to: &output)
        appendDigits(second % 60, width: 2, then: ".", to: &output)
        appendDigits(millisecond, width: 3, then: "Z", to: &output)
    }

    /// `value` in decimal, zero-padded to `width` (years beyond 9999 keep all their digits), then `separator`.
    private static func appendDigits(_ value: Int, width: Int, then separator: Unicode.Scalar, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let value = abs(value)
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
        output.append(UInt8(separator.value))
    }

    /// Accepts `YYYY-MM-DDTHH:MM:SS`, an optional fraction of any length, then `Z` or `±HH:MM`.
    public static func date(from text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer { date(from: $0) }
    }

    static func date(from text: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = DigitReader(text)
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
              let day = reader.number(2), reader.skip("T") || reader.skip("t"),
              let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
              let second = reader.number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds: Int64 = 0
        if reader.skip(".") {
            var scale: Int64 = 100
            var digits = 0
            while let digit = reader.number(1) {
                milliseconds += Int64(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offsetMinutes = 0
        if !(reader.skip("Z") || reader.skip("z")) {
            let sign = reader.skip("+") ? 1 : (reader.skip("-") ? -1 : 0)
            guard sign != 0, let offsetHours = reader.number(2), reader.skip(":"), let minutes = reader.number(2),
                  offsetHours < 24, minutes < 60
            else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + minutes)
        }
        guard reader.isAtEnd else { return nil }
        let days = Int64(GregorianDays.number(year: year, month: month, day: day))
        let secondsOfDay = Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        let total = (days * 86_400 + secondsOfDay) * 1000 + milliseconds
        // Only what `write` can put back in four digits: years 0000 to 9999 once in UTC.
        guard (-62_167_219_200_000...253_402_300_799_999).contains(total) else { return nil }
        return Date(millisecondsSince1970: total)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

private struct DigitReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func number(_ width: Int) -> Int? {
        guard offset + width <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[offset..<offset + width] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        offset += width
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard offset < bytes.count, bytes[offset] == UInt8(character.value) else { return false }
        offset += 1
        return true
    }
}

extension Int64 {
    /// Quotient rounded towards minus infinity and a remainder that is never negative.
    fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
        let remainder = ((self % divisor) + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}
