/// How far a run of bytes goes that a JSON string holds as they are, looked at eight bytes at a
/// time: names, files and version ids make up most of a store of 10,000 submissions, and looking
/// at them a byte at a time was the largest part of reading and writing it.
enum PlainRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Where the run that starts at `start` ends, for a reader: at the first quote, backslash or
    /// control character (or the end); and whether every byte of it is ASCII.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, ascii: Bool) {
        var index = start
        var seen: UInt64 = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let stops = matches(word, equalTo: 0x22) | matches(word, equalTo: 0x5C) | matches(word, below: 0x20)
                guard stops == 0 else {
                    // The first byte that stops the run is found in the word itself, not byte by
                    // byte: most strings end in their first or second word.
                    let before = stops.trailingZeroBitCount / 8
                    seen |= word & ((1 << (before * 8)) &- 1)
                    return (index + before, seen & highs == 0)
                }
                seen |= word
                index += 8
            }
        }
        var seenByte: UInt8 = 0
        while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C, bytes[index] >= 0x20 {
            seenByte |= bytes[index]
            index += 1
        }
        return (index, seen & highs == 0 && seenByte < 0x80)
    }

    /// Where the run that starts at `start` ends, for a writer: at the first byte that is escaped or
    /// may begin a character that is (a quote, a backslash, a control character, DEL, any byte
    /// outside ASCII), or the end.
    static func written(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & highs != 0 || hasByte(word, equalTo: 0x22) || hasByte(word, equalTo: 0x5C) || hasByte(word, below: 0x20)
                    || hasByte(word, equalTo: 0x7F) {
                    break
                }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C else { break }
            index += 1
        }
        return index
    }

    /// Whether a byte of `word` is below `limit` (at most 0x80).
    private static func hasByte(_ word: UInt64, below limit: UInt8) -> Bool {
        matches(word, below: limit) != 0
    }

    private static func hasByte(_ word: UInt64, equalTo byte: UInt8) -> Bool {
        matches(word, equalTo: byte) != 0
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80): subtracting borrows into a
    /// byte's high bit only from a byte below the limit whose own high bit was clear. A borrow can
    /// mark a byte after a true one too, never before: the lowest bit marked is always right.
    private static func matches(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    private static func matches(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        matches(word ^ (ones &* UInt64(byte)), below: 1)
    }
}
