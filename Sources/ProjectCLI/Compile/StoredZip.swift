/// A zip archive of stored (uncompressed) entries, as DOCX and ODT packages are: enough for the
/// reference documents `compile` makes for pandoc, with no library. Entries keep the order given
/// (an ODT's `mimetype` must come first, stored). Times are the zip epoch, so the same entries give
/// the same bytes.
public struct StoredZip {
    private var bytes: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    public init() {}

    public mutating func add(_ name: String, _ text: String) {
        add(name, Array(text.utf8))
    }

    public mutating func add(_ name: String, _ data: [UInt8]) {
        let nameBytes = Array(name.utf8)
        let crc = CRC32.checksum(data)
        let offset = bytes.count
        // Local header: signature, version 2.0, flags (bit 11: UTF-8 names), stored, time, date.
        bytes += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
        bytes += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
        bytes += le16(UInt16(nameBytes.count)) + le16(0) + nameBytes + data
        central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
        central += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
        central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
        central += le32(UInt32(offset)) + nameBytes
        count += 1
    }

    /// The whole archive: the entries, the central directory, its end record.
    public var archive: [UInt8] {
        let end = le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count))
            + le32(UInt32(central.count)) + le32(UInt32(bytes.count)) + le16(0)
        return bytes + central + end
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}

/// CRC-32 as zip computes it (polynomial 0xEDB88320, reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
