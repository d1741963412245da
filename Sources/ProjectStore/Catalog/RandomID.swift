import Foundation

extension UUID {
    /// A new random id (version 4) from the system's generator, which asks the kernel (`getrandom`)
    /// and opens no file. Foundation's `UUID()` reads `/dev/urandom`, and when it cannot open or read
    /// it (no descriptor left, a failing read) it returns 00000000-0000-4000-8000-000000000000 every
    /// time: two projects, or two machines, would share an id.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x40  // version 4: random
            raw[8] = raw[8] & 0x3F | 0x80  // the variant of RFC 9562
            return UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                               raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
        }
    }
}
