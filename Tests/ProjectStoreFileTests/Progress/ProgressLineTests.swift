import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// The byte-level reader of the progress log against a plain reading of the same text (split into
/// lines and fields as strings), on random logs: every record the tool writes, among lines cut
/// short, of unknown kinds, empty, or with fields out of shape.
@Suite("Progress lines")
struct ProgressLineTests {
    @Test("the fast reader and a plain reading of random logs find the same records")
    func fastReaderAgrees() {
        let seed = SplitMix64.seedForThisRun(test: "ProgressLineTests.fastReaderAgrees")
        var random = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let log = Self.randomLog(&random)
            var fast = ProgressRecords()
            log.withUnsafeBytes { ProgressLine.decode($0, into: &fast) }
            let plain = PlainProgressReading.records(of: log)
            #expect(fast == plain, "seed \(seed)")
        }
    }

    @Test("a project's backfill mark is read back; a root's mark of an earlier version still reads as one")
    func backfillMarks() throws {
        let project = UUID()
        let records = ProgressRecords(backfills: [20_000], projectBackfills: [ProjectBackfill(project: project, day: 20_500)])
        let bytes = ProgressLine.encode(records)
        #expect(String(decoding: bytes, as: UTF8.self) == "b 20000\nb 20500 \(project.uuidString.lowercased())\n")
        var read = ProgressRecords()
        bytes.withUnsafeBytes { ProgressLine.decode($0, into: &read) }
        #expect(read == records)
    }

    @Test("an empty line does not hide the line after it")
    func emptyLine() {
        let project = UUID(uuidString: "6f1c2d3e-0000-4000-8000-000000000001")!
        let log = Array("g 1795000000 500\n\nc 1795000000 0 6f1c2d3e-0000-4000-8000-000000000001 42\n".utf8)
        var records = ProgressRecords()
        log.withUnsafeBytes { ProgressLine.decode($0, into: &records) }
        #expect(records.goals == [GoalSetting(time: 1_795_000_000, words: 500)])
        #expect(records.counts == [WordCount(project: project, time: 1_795_000_000, offsetMinutes: 0, words: 42)])
    }

    @Test("a goal's line cut before its goal does not clear the goal")
    func goalCutShort() {
        let log = Array("g 1795000000 500\ng 1795000100\n".utf8)
        var records = ProgressRecords()
        log.withUnsafeBytes { ProgressLine.decode($0, into: &records) }
        #expect(records.goals == [GoalSetting(time: 1_795_000_000, words: 500)])
        #expect(records.dailyGoal == 500)
    }

    /// Lines as the tool writes them, for more projects than the reader keeps ids of (some made in
    /// sequence, some at random), shuffled among damaged ones.
    private static func randomLog(_ random: inout SplitMix64) -> [UInt8] {
        let projects = (0..<Int.random(in: 1...400, using: &random)).map { index in
            let bytes = index.isMultiple(of: 2) ? [UInt8](repeating: 0x6F, count: 15) + [UInt8(index & 0xFF)]
                : (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        func number(_ random: inout SplitMix64) -> Int { Int.random(in: -2_000_000_000...2_000_000_000, using: &random) }
        var records = ProgressRecords()
        for _ in 0..<Int.random(in: 0...300, using: &random) {
            let project = projects.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0: records.sessions.append(WritingSession(project: project, start: number(&random), end: number(&random),
                                                           offsetMinutes: Int.random(in: -720...840, using: &random),
                                                           added: number(&random), removed: number(&random)))
            case 1: records.goals.append(GoalSetting(time: number(&random), words: Bool.random(using: &random) ? nil : Int.random(in: 0...99_999, using: &random)))
            case 2: records.backfills.append(number(&random))
            default: records.counts.append(WordCount(project: project, time: number(&random),
                                                     offsetMinutes: Int.random(in: -720...840, using: &random), words: number(&random)))
            }
        }
        var lines = ProgressLine.encode(records).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
        let damaged: [[UInt8]] = [
            [], Array("x 1 2 3".utf8), Array("c".utf8), Array("c 12345678901234567890 0 6f1c2d3e-0000-4000-8000-000000000001 1".utf8),
            Array("c 1 0 6F1C2D3E-0000-4000-8000-00000000000A 1".utf8), Array("c 1 0 6f1c2d3e-0000-4000-8000-00000000000g 1".utf8),
            Array("c 1 - 6f1c2d3e-0000-4000-8000-000000000001 1".utf8), Array("c 1  0 6f1c2d3e-0000-4000-8000-000000000001 1".utf8),
            Array("g 5 -7".utf8), Array("g 5 -".utf8), Array("b -0".utf8), Array("b 3 ".utf8), Array("s 1 2".utf8),
        ]
        for _ in 0..<Int.random(in: 0...30, using: &random) {
            var line = damaged.randomElement(using: &random)!
            if let cut = lines.randomElement(using: &random), Bool.random(using: &random) {
                line = Array(cut.prefix(Int.random(in: 0...cut.count, using: &random)))
            }
            lines.insert(line, at: Int.random(in: 0...lines.count, using: &random))
        }
        var log = Array(lines.joined(separator: [0x0A]))
        if Bool.random(using: &random) { log.append(0x0A) }
        return log
    }
}

/// The log read the plain way: lines, then fields split at each space, each checked whole.
private enum PlainProgressReading {
    static func records(of log: [UInt8]) -> ProgressRecords {
        var records = ProgressRecords()
        for line in String(decoding: log, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            guard let kind = line.first else { continue }
            let fields = line.dropFirst().split(separator: " ", omittingEmptySubsequences: false).dropFirst().map(String.init)
            guard line.dropFirst().first == " " else { continue }
            let numbers = fields.map(integer)
            switch (kind, fields.count) {
            case ("c", 4):
                if let time = numbers[0], let offset = numbers[1], let project = uuid(fields[2]), let words = numbers[3] {
                    records.counts.append(WordCount(project: project, time: time, offsetMinutes: offset, words: words))
                }
            case ("s", 6):
                if let start = numbers[0], let end = numbers[1], let offset = numbers[2], let project = uuid(fields[3]),
                   let added = numbers[4], let removed = numbers[5] {
                    records.sessions.append(WritingSession(project: project, start: start, end: end, offsetMinutes: offset, added: added, removed: removed))
                }
            case ("g", 2):
                // A goal is a number of words or `-`, never a negative number.
                if let time = numbers[0], fields[1] == "-" || (!fields[1].hasPrefix("-") && numbers[1] != nil) {
                    records.goals.append(GoalSetting(time: time, words: numbers[1]))
                }
            case ("b", 1):
                if let day = numbers[0] { records.backfills.append(day) }
            default:
                break
            }
        }
        return records
    }

    /// An optional minus and 1 to 18 digits.
    private static func integer(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard (1...18).contains(digits.count), digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text)
    }

    private static func uuid(_ text: String) -> UUID? {
        text.count == 36 ? UUID(uuidString: text) : nil
    }
}
