import Foundation
import ProjectStore

/// Builds JSON text byte by byte; fast enough to write a 100,000-project store in a few milliseconds.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties it for the next piece, keeping its room.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// A fraction, to four decimals: a rate, a median.
    mutating func decimal(_ value: Double) {
        bytes.append(contentsOf: String(format: "%.4f", value).utf8)
    }

    mutating func uuid(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        UUIDText.write(id, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"YYYY-MM-DD"`, as `CalendarDay.description` says it, without making that string: a store
    /// of 10,000 submissions holds some 40,000 days.
    mutating func day(_ day: CalendarDay) {
        bytes.append(UInt8(ascii: "\""))
        digits(day.year, count: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(day.month, count: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day.day, count: 2)
        bytes.append(UInt8(ascii: "\""))
    }

    /// The last `count` digits of `value`, zeros before: a day's numbers are never wider.
    private mutating func digits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    mutating func timestamp(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        Timestamp.write(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func null() {
        raw("null")
    }

    mutating func boolean(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// A string literal. Besides what JSON requires, DEL, C1 controls and the line separators are
    /// escaped too, so a store shown with `cat` never sends a control character to a terminal.
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var start = 0
            var index = 0
            // Runs of bytes that need no escape are copied whole; most names are one such run.
            while index < utf8.count {
                let escapeLength = Self.escapeLength(utf8, at: index)
                if escapeLength == 0 {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(utf8, at: index, length: escapeLength)
                index += escapeLength
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// How many bytes at `index` form a character that must be escaped; 0 for none.
    private static func escapeLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch utf8[index] {
        case 0x00...0x1F, 0x22, 0x5C, 0x7F: return 1
        case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]): return 2
        case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (0xA8...0xA9).contains(utf8[index + 2]):
            return 3
        default: return 0
        }
    }

    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) {
        switch (length, utf8[index]) {
        case (1, 0x22): raw("\\\"")
        case (1, 0x5C): raw("\\\\")
        case (1, 0x0A): raw("\\n")
        case (1, 0x09): raw("\\t")
        case (1, 0x0D): raw("\\r")
        case (1, let byte): unicodeEscape(UInt32(byte))
        case (2, _): unicodeEscape(UInt32(utf8[index + 1]))            // C1: U+0080...U+009F
        default: unicodeEscape(0x2000 + UInt32(utf8[index + 2] & 0x3F))  // U+2028, U+2029
        }
    }

    private mutating func unicodeEscape(_ value: UInt32) {
        raw("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            bytes.append(digit < 10 ? digit + 48 : digit + 87)
        }
    }
}
