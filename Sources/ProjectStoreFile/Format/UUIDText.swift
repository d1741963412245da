import Foundation

/// UUIDs to and from their lowercase text by hand: `UUID(uuidString:)` goes through `sscanf`,
/// which dominated loading a large store.
enum UUIDText {
    /// Parses `8-4-4-4-12` hexadecimal digits, either letter case.
    ///
    /// Eight digits at a time, as one 64-bit word: a store of 10,000 submissions holds 30,000 ids,
    /// and taken digit by digit they cost 500 instructions each.
    static func uuid(from text: UnsafeBufferPointer<UInt8>) -> UUID? {
        let hyphen = UInt8(ascii: "-")
        guard text.count == 36, let start = text.baseAddress,
              start[8] == hyphen, start[13] == hyphen, start[18] == hyphen, start[23] == hyphen else { return nil }
        let digits = UnsafeRawPointer(start)
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: digits.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: digits.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        // The groups of four digits are paired into words of eight.
        guard let first = bytes(ofDigits: word(0)), let second = bytes(ofDigits: half(9) | half(14) << 32),
              let third = bytes(ofDigits: half(19) | half(24) << 32), let fourth = bytes(ofDigits: word(28)) else { return nil }
        var id: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &id) { id in
            id.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt32.self)
            id.storeBytes(of: second.littleEndian, toByteOffset: 4, as: UInt32.self)
            id.storeBytes(of: third.littleEndian, toByteOffset: 8, as: UInt32.self)
            id.storeBytes(of: fourth.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: id)
    }

    /// The four bytes that eight hexadecimal digits spell, the first digit in the lowest byte of
    /// `digits` and the first byte in the lowest of the result; `nil` when one is not a digit.
    /// Each test is made on the eight at once: a byte's top bit says its answer, and as every byte
    /// is below 0x80 (checked first), adding to it never carries into the next.
    private static func bytes(ofDigits digits: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops = ones &* 0x80
        guard digits & tops == 0 else { return nil }
        /// The top bit of each byte that is `low` or more.
        func atLeast(_ bytes: UInt64, _ low: UInt8) -> UInt64 { (bytes &+ ones &* UInt64(0x80 - low)) & tops }
        let decimal = atLeast(digits, UInt8(ascii: "0")) & ~atLeast(digits, UInt8(ascii: "9") + 1)
        // Or-ing 0x20 makes an upper-case letter lower case.
        let lowered = digits | ones &* 0x20
        let letter = atLeast(lowered, UInt8(ascii: "a")) & ~atLeast(lowered, UInt8(ascii: "f") + 1)
        guard decimal | letter == tops else { return nil }
        // A digit's value is its low four bits; a letter's, those (1 for a) and 9.
        let values = (digits & (ones &* 0x0F)) &+ (letter >> 7) &* 9
        // Each pair of digits into the low byte of its 16 bits, then those four bytes side by side.
        var pairs = (values << 4 | values >> 8) & 0x00FF_00FF_00FF_00FF
        pairs = (pairs | pairs >> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: pairs | pairs >> 16)
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
}
