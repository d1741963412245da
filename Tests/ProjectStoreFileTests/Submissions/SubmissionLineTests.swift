import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// The reader of a submission laid out as the tool writes it, against the general reader: the same
/// submission from every line, the fast one taken whenever the line holds no escape, and lines in
/// any other layout left to the general reader.
@Suite("Submission lines")
struct SubmissionLineTests {
    @Test("random submissions written and read again, by the fast reader when the line allows it, are the same")
    func linesReadAlike() throws {
        let seed = SplitMix64.seedForThisRun(test: "SubmissionLineTests.linesReadAlike")
        var random = SplitMix64(seed: seed)
        var fastOnes = 0
        for _ in 0..<400 {
            let submission = Self.randomSubmission(&random)
            let line = Self.line(submission)
            let fast = Self.fastRead(line)
            #expect(try Self.read(line) == submission, "seed \(seed)")
            if line.contains(UInt8(ascii: "\\")) {
                #expect(fast == nil, "seed \(seed): an escape is the general reader's")
            } else {
                #expect(fast == submission, "seed \(seed)")
                fastOnes += 1
            }
            // The same object in another layout (keys sorted, no spaces): the general reader's alone.
            let other = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(line)), options: [.sortedKeys])
            #expect(Self.fastRead(Array(other)) == nil)
            #expect(try Self.read(Array(other)) == submission, "seed \(seed)")
            // Read for listing what is out, by either reader: the pieces still out alone, the rest as it was.
            var stillOut = submission
            stillOut.pieces.removeAll { !$0.response.status.isOpen }
            #expect(try Self.read(line, keeping: .stillOut) == stillOut, "seed \(seed)")
            #expect(try Self.read(Array(other), keeping: .stillOut) == stillOut, "seed \(seed)")
            if fast != nil { #expect(Self.fastRead(line, keeping: .stillOut) == stillOut, "seed \(seed)") }
        }
        #expect(fastOnes > 50, "too few lines without escapes to try the fast reader (seed \(seed))")
    }

    @Test("a line that leaves the layout half way is read whole by the general reader, from where it began")
    func leavesTheLayout() throws {
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "Poems", kind: .poetry, details: nil, id: UUID(), created: Date())
        var submission = SubmissionSamples.submission(of: project)
        submission.pieces = submission.pieces.map { SubmittedPiece(file: "Ode.md", version: $0.version, number: 1, response: $0.response) }
        var text = String(decoding: Self.line(submission), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"number\": 1,", with: "\"number\": 1, \"colour\": \"red\",")
        #expect(Self.fastRead(Array(text.utf8)) == nil)
        #expect(try Self.read(Array(text.utf8)) == submission)
    }

    @Test("the writer grown a byte at a time writes what one with room from the start writes")
    func writerGrows() {
        var random = SplitMix64(seed: 30)
        let submissions = (0..<50).map { _ in Self.randomSubmission(&random) }
        func written(capacity: Int) -> [UInt8] {
            var writer = JSONWriter(capacity: capacity)
            for submission in submissions { SubmissionJSON.write(submission, to: &writer) }
            return writer.bytes
        }
        let roomy = written(capacity: 1 << 20)
        #expect(roomy.count > 5_000)
        #expect(written(capacity: 1) == roomy)
    }

    private static func line(_ submission: Submission) -> [UInt8] {
        var writer = JSONWriter()
        SubmissionJSON.write(submission, to: &writer)
        return writer.bytes
    }

    private static func read(_ line: [UInt8], keeping: SubmissionPieces = .all) throws -> Submission {
        try line.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            var lines = SubmissionLine(keeping: keeping)
            let submission = try SubmissionJSON.readSubmission(&scanner, index: 1, lines: &lines)
            try scanner.end()
            return submission
        }
    }

    /// What the fast reader makes of the line, and only when it read the line to its end.
    private static func fastRead(_ line: [UInt8], keeping: SubmissionPieces = .all) -> Submission? {
        line.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            var lines = SubmissionLine(keeping: keeping)
            guard let submission = lines.read(&scanner) else {
                #expect(scanner.consumed == 0, "the fast reader moved on although it gave up")
                return nil
            }
            return (try? scanner.end()) == nil ? nil : submission
        }
    }

    static func randomSubmission(_ random: inout SplitMix64) -> Submission {
        func text(_ random: inout SplitMix64) -> String {
            // Mostly plain, sometimes with what must be escaped or is not ASCII.
            let plain = ["Ode", "Poem 12.md", "Sonnets", "a/b.md", "Notes", "x"]
            let odd = ["say \"when\"", "back\\slash", "two\nlines", "tab\there", "\u{1B}[31m", "Élégie", "🌊 wave", "line\u{2028}sep", "\u{7F}del"]
            return Int.random(in: 0..<4, using: &random) == 0 ? odd.randomElement(using: &random)! : plain.randomElement(using: &random)!
        }
        func optionalText(_ random: inout SplitMix64) -> String? { Bool.random(using: &random) ? nil : text(&random) }
        func day(_ random: inout SplitMix64) -> CalendarDay {
            CalendarDay(year: Int.random(in: 1990...2030, using: &random), month: Int.random(in: 1...12, using: &random),
                        day: Int.random(in: 1...28, using: &random))!
        }
        func id(_ random: inout SplitMix64) -> UUID {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        let pieces = (0..<Int.random(in: 0...6, using: &random)).map { _ in
            let status = PieceStatus.allCases.randomElement(using: &random)!
            let answered = status == .pending ? nil : Bool.random(using: &random) ? day(&random) : nil
            return SubmittedPiece(
                file: text(&random), version: String(format: "%012x", Int.random(in: 0..<(1 << 40), using: &random)),
                number: Int.random(in: 0...100_000, using: &random),
                response: PieceResponse(status: status, date: answered, note: optionalText(&random)))
        }
        let recorded = Bool.random(using: &random)
            ? nil : HybridTime(milliseconds: Int64.random(in: 0...4_000_000_000_000, using: &random), counter: Int.random(in: 0...9, using: &random))
        return Submission(id: id(&random), market: id(&random), project: id(&random), projectName: text(&random), sent: day(&random),
                          note: optionalText(&random), pieces: pieces, recorded: recorded)
    }
}
