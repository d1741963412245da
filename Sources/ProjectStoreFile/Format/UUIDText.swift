import Foundation

/// UUIDs to and from their lowercase text by hand: `UUID(uuidString:)` goes through `sscanf`,
/// which dominated loading a large store.
enum UUIDText {
    /// Parses `8-4-4-4-12` hexadecimal digits, either letter case.
    static func uuid(from text: UnsafeBufferPointer<UInt8>) -> UUID? {
        let hyphen = UInt8(ascii: "-")
        guard text.count == 36, text[8] == hyphen, text[13] == hyphen, text[18] == hyphen, text[23] == hyphen else { return nil }
        // Every digit's value is or-ed in, so that one test at the end finds any that was not one.
        var values: UInt8 = 0
        func byte(at index: Int) -> UInt8 {
            let high = nibble(text[index]), low = nibble(text[index + 1])
            values |= high | low
            return high << 4 | low
        }
        // Each byte from its fixed place, the hyphens stepped over.
        let bytes: uuid_t = (
            byte(at: 0), byte(at: 2), byte(at: 4), byte(at: 6), byte(at: 9), byte(at: 11), byte(at: 14), byte(at: 16),
            byte(at: 19), byte(at: 21), byte(at: 24), byte(at: 26), byte(at: 28), byte(at: 30), byte(at: 32), byte(at: 34))
        return values < 0x10 ? UUID(uuid: bytes) : nil
    }

    /// The 36 characters made in place and appended at once.
    static func write(_ id: UUID, to output: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            write(id, at: text.baseAddress!)
            output.append(contentsOf: text)
        }
    }

    /// The 36 characters written at `text`, which has room for them.
    static func write(_ id: UUID, at text: UnsafeMutablePointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: id.uuid) { bytes in
            let digits = hex.utf8Start
            var end = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[end] = UInt8(ascii: "-")
                    end += 1
                }
                text[end] = digits[Int(bytes[index] >> 4)]
                text[end + 1] = digits[Int(bytes[index] & 0xF)]
                end += 2
            }
        }
    }

    /// A hexadecimal digit's value, or 0xFF for any other byte.
    private static func nibble(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // Or-ing 0x20 makes an upper-case letter lower case.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : 0xFF
    }
}
