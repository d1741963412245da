import Foundation
import ProjectStore

/// Builds JSON text byte by byte, into memory of its own: `Array.append` checked uniqueness and
/// room through generic code at every call, which was most of writing a store of 10,000
/// submissions. Not copyable, so that nothing else can hold its memory when it frees it.
struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// For what is made elsewhere as an array (a timestamp): one array, not one for each.
    private var scratch: [UInt8] = []
    /// How many bytes it holds.
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// What it wrote, as a copy.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// What it wrote, in place, for as long as `body` runs.
    func withBytes<Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Empties it for the next piece, keeping its room.
    mutating func clear() {
        count = 0
    }

    /// `text` is one written in the source, which points at its bytes (`utf8Start`).
    mutating func raw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress else { return }
        if count + source.count > capacity { grow(toHold: count + source.count) }
        (start + count).update(from: from, count: source.count)
        count += source.count
    }

    /// Room for `needed` bytes, at least doubling, so that a long document is copied a few times only.
    private mutating func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }

    mutating func integer(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// A fraction, to four decimals: a rate, a median.
    mutating func decimal(_ value: Double) {
        var text = String(format: "%.4f", value)
        text.withUTF8 { append($0) }
    }

    mutating func uuid(_ id: UUID) {
        if count + 38 > capacity { grow(toHold: count + 38) }
        start[count] = UInt8(ascii: "\"")
        UUIDText.write(id, at: start + count + 1)
        start[count + 37] = UInt8(ascii: "\"")
        count += 38
    }

    /// `"YYYY-MM-DD"`, as `CalendarDay.description` says it, without making that string: a store
    /// of 10,000 submissions holds some 40,000 days.
    mutating func day(_ day: CalendarDay) {
        if count + 12 > capacity { grow(toHold: count + 12) }
        let text = start + count
        text[0] = UInt8(ascii: "\"")
        digits(day.year, count: 4, at: text + 1)
        text[5] = UInt8(ascii: "-")
        digits(day.month, count: 2, at: text + 6)
        text[8] = UInt8(ascii: "-")
        digits(day.day, count: 2, at: text + 9)
        text[11] = UInt8(ascii: "\"")
        count += 12
    }

    /// The last `count` digits of `value`, zeros before, at `text`: a day's numbers are never wider.
    private func digits(_ value: Int, count: Int, at text: UnsafeMutablePointer<UInt8>) {
        var rest = value
        for place in stride(from: count - 1, through: 0, by: -1) {
            text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    mutating func timestamp(_ date: Date) {
        scratch.removeAll(keepingCapacity: true)
        Timestamp.write(date, to: &scratch)
        append(UInt8(ascii: "\""))
        scratch.withUnsafeBufferPointer { append($0) }
        append(UInt8(ascii: "\""))
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
            append(UInt8(ascii: "\""))
            var start = 0
            var index = 0
            // Runs of bytes that need no escape are copied whole; most names are one such run.
            while index < utf8.count {
                index = PlainRun.written(utf8, from: index)
                guard index < utf8.count else { break }
                let escapeLength = Self.escapeLength(utf8, at: index)
                if escapeLength == 0 {
                    index += 1
                    continue
                }
                append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(utf8, at: index, length: escapeLength)
                index += escapeLength
                start = index
            }
            append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            append(UInt8(ascii: "\""))
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
            append(digit < 10 ? digit + 48 : digit + 87)
        }
    }
}
