import Testing
@testable import ProjectStoreFile

/// The eight-bytes-at-a-time runs against the plain byte-by-byte rule, on random bytes of every
/// kind at every offset, so that no byte a reader or writer must stop at slips through a word.
@Suite("Plain runs")
struct PlainRunTests {
    @Test("the runs end where a byte-by-byte look ends them")
    func agreesWithBytes() {
        var random = SplitMix64(seed: 31)
        // The bytes that end a run, among ordinary ones, so that each word holds some of them.
        let special: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC2, 0xE2, 0xFF]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &random)
            let bytes: [UInt8] = (0..<count).map { _ in
                Int.random(in: 0..<12, using: &random) == 0 ? special.randomElement(using: &random)! : UInt8.random(in: 0x20...0x7E, using: &random)
            }.map { $0 == 0x22 || $0 == 0x5C ? (Bool.random(using: &random) ? $0 : 0x41) : $0 }
            let start = Int.random(in: 0...count, using: &random)
            bytes.withUnsafeBufferPointer { buffer in
                var readEnd = start
                while readEnd < count, buffer[readEnd] != 0x22, buffer[readEnd] != 0x5C, buffer[readEnd] >= 0x20 { readEnd += 1 }
                let read = PlainRun.read(buffer, from: start)
                #expect(read.end == readEnd, "\(bytes) from \(start)")
                #expect(read.ascii == buffer[start..<readEnd].allSatisfy { $0 < 0x80 }, "\(bytes) from \(start)")
                var writtenEnd = start
                while writtenEnd < count, (0x20..<0x7F).contains(buffer[writtenEnd]), buffer[writtenEnd] != 0x22, buffer[writtenEnd] != 0x5C {
                    writtenEnd += 1
                }
                #expect(PlainRun.written(buffer, from: start) == writtenEnd, "\(bytes) from \(start)")
            }
        }
    }
}
