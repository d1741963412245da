import Foundation
import Testing
@testable import ProjectStoreFile

/// Ids read from their text eight digits at a time, against the rule said byte by byte: hyphens at
/// 8, 13, 18 and 23, a hexadecimal digit of either case everywhere else, and the value Foundation
/// reads.
@Suite("Ids as text")
struct UUIDTextTests {
    @Test("every id Foundation writes, in either case, reads back; every byte changed anywhere is judged as the rule says")
    func readsAsTheRuleSays() {
        let seed = SplitMix64.seedForThisRun(test: "UUIDTextTests.readsAsTheRuleSays")
        var random = SplitMix64(seed: seed)
        for round in 0..<24 {
            let id = UUID(uuid: (
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random)))
            // Upper case as Foundation writes it, lower case as this tool does, and mixed.
            let upper = Array(id.uuidString.utf8)
            let lower = Array(id.uuidString.lowercased().utf8)
            let mixed = upper.indices.map { $0 % 2 == 0 ? upper[$0] : lower[$0] }
            for text in [upper, lower, mixed] { #expect(Self.read(text) == id, "seed \(seed)") }
            var written = [UInt8]()
            UUIDText.write(id, to: &written)
            #expect(written == lower)
            // One byte changed, at every place, to every value (a few rounds: 9,216 texts each).
            guard round < 4 else { continue }
            for place in lower.indices {
                for value in UInt8.min...UInt8.max {
                    var text = lower
                    text[place] = value
                    #expect(Self.read(text) == Self.byTheRule(text), "seed \(seed): byte \(value) at \(place)")
                }
            }
        }
        #expect(Self.read(Array("12345678-1234-1234-1234-12345678901".utf8)) == nil, "35 bytes")
        #expect(Self.read(Array("12345678-1234-1234-1234-1234567890123".utf8)) == nil, "37 bytes")
    }

    private static func read(_ text: [UInt8]) -> UUID? {
        text.withUnsafeBufferPointer(UUIDText.uuid)
    }

    /// What the rule reads, byte by byte, through Foundation.
    private static func byTheRule(_ text: [UInt8]) -> UUID? {
        for (place, byte) in text.enumerated() {
            let hyphen = [8, 13, 18, 23].contains(place)
            let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard hyphen ? byte == UInt8(ascii: "-") : digit else { return nil }
        }
        return UUID(uuidString: String(decoding: text, as: UTF8.self))
    }
}
