import Foundation

/// UUIDs to and from their lowercase text by hand: `UUID(uuidString:)` goes through `sscanf`,
/// which dominated loading a large store.
enum UUIDText {
    /// Parses `8-4-4-4-12` hexadecimal digits, either letter case.
    static func uuid(from text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
            var index = 0
            for byteIndex in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard text[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return false }
                output[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: bytes) : nil
    }

    /// The 36 characters made in place and appended at once: a store writes one per project.
    static func write(_ id: UUID, to output: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: id.uuid) { bytes in
            hex.withUTF8Buffer { digits in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
                    var end = 0
                    for (index, byte) in bytes.enumerated() {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            text[end] = UInt8(ascii: "-")
                            end += 1
                        }
                        text[end] = digits[Int(byte >> 4)]
                        text[end + 1] = digits[Int(byte & 0xF)]
                        end += 2
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<end]))
                }
            }
        }
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
