import Foundation
import Testing
@testable import ProjectStoreFile

@Suite("Timestamps")
struct TimestampTests {
    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }

    /// Milliseconds since 1970 for 1800-01-01 and 2200-01-01.
    private static let randomRange: ClosedRange<Int64> = -5_364_662_400_000...7_258_118_400_000

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_795_336_200.125, "2026-11-22T08:30:00.125Z"),
        (1_709_210_096.25, "2024-02-29T12:34:56.250Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (-2_203_891_200, "1900-03-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.000Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
        (-86_400, "1969-12-31T00:00:00.000Z"),
        (-11_644_473_600, "1601-01-01T00:00:00.000Z"),
        (253_402_300_799.875, "9999-12-31T23:59:59.875Z"),
    ] as [(TimeInterval, String)])
    func knownDates(seconds: TimeInterval, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(Timestamp.string(from: date) == text)
        #expect(Timestamp.date(from: text) == date)
    }

    /// Finer times are brought to a whole millisecond, at most one away.
    @Test func finerThanMillisecondsComesWithinAMillisecond() throws {
        var generator = SplitMix64(seed: 5)
        var failures: [String] = []
        for _ in 0..<1_000 {
            let seconds = Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            let text = Timestamp.string(from: Date(timeIntervalSince1970: seconds))
            let back = try #require(Timestamp.date(from: text))
            if abs(back.timeIntervalSince1970 - seconds) >= 0.001 { failures.append("\(seconds) -> \(text)") }
            if Timestamp.string(from: back) != text { failures.append("\(text) -> \(Timestamp.string(from: back))") }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
    }

    @Test(arguments: [
        ("2026-11-22T10:30:00.125+02:00", "2026-11-22T08:30:00.125Z"),
        ("2026-11-22T03:00:00.125-05:30", "2026-11-22T08:30:00.125Z"),
        ("2026-11-22T00:15:00+23:59", "2026-11-21T00:16:00Z"),
        ("2026-11-22t08:30:00.125z", "2026-11-22T08:30:00.125Z"),
        ("2026-11-22T08:30:00.125+00:00", "2026-11-22T08:30:00.125Z"),
        ("2026-11-22T08:30:00.1Z", "2026-11-22T08:30:00.100Z"),
        ("2026-11-22T08:30:00.12599999Z", "2026-11-22T08:30:00.125Z"),
        ("2026-11-22T08:30:00Z", "2026-11-22T08:30:00.000Z"),
        ("2027-01-01T01:00:00+02:00", "2026-12-31T23:00:00.000Z"),
        ("2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z"),
    ])
    func equivalentTexts(_ text: String, _ canonical: String) throws {
        let date = try #require(Timestamp.date(from: text))
        #expect(date == Timestamp.date(from: canonical))
    }

    @Test(arguments: [
        "2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
        "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-32T00:00:00Z",
        "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z",
        "2026-01-01T00:00:00", "2026-01-01T00:00:00.123", "2026-01-01",
        "2026-01-01T00:00:00Zjunk", "2026-01-01T00:00:00.123Z ", " 2026-01-01T00:00:00Z", "2026-01-01T00:00:00ZZ",
        "2026-01-01 00:00:00Z", "2026-01-01T00:00:00.Z", "2026-01-01T00:00Z",
        "2026-01-01T00:00:00+0200", "2026-01-01T00:00:00+02", "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00+02:60",
        "2026-1-01T00:00:00Z", "26-01-01T00:00:00Z", "+2026-01-01T00:00:00Z", "2026-01-01T00:00:00,5Z",
        "", "now", "२०२६-01-01T00:00:00Z",
    ])
    func invalidTextsGiveNil(_ text: String) {
        #expect(Timestamp.date(from: text) == nil)
    }

    /// Whole seconds over four centuries, against Foundation.
    @Test func matchesFoundationForWholeSeconds() {
        let formatter = Self.formatter()
        var generator = SplitMix64(seed: 1)
        var failures: [String] = []
        for _ in 0..<5_000 {
            let seconds = Int64.random(in: Self.randomRange, using: &generator) / 1000
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let expected = formatter.string(from: date)
            let text = Timestamp.string(from: date)
            if text != expected { failures.append("\(seconds): \(text) but Foundation \(expected)") }
            if Timestamp.date(from: text) != date { failures.append("\(text) read back wrong") }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
    }

    /// Whole milliseconds over four centuries, against Foundation.
    @Test func matchesFoundationForMilliseconds() {
        let formatter = Self.formatter()
        var generator = SplitMix64(seed: 2)
        var failures: [String] = []
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: Self.randomRange, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let expected = formatter.string(from: date)
            let text = Timestamp.string(from: date)
            if text != expected { failures.append("\(milliseconds): \(text) but Foundation \(expected)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of 5000: \(failures.prefix(3))")
    }

    @Test(arguments: [7, -1, -123, 234_872_807_298] as [Int64])
    func smallestMillisecondExamples(_ milliseconds: Int64) {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        #expect(Timestamp.string(from: date) == Self.formatter().string(from: date))
    }

    /// Reading agrees with Foundation to the millisecond, and what is read is written back unchanged.
    @Test func readsWhatFoundationWritesAndWritesItBack() throws {
        let formatter = Self.formatter()
        var generator = SplitMix64(seed: 3)
        var disagreements: [String] = []
        var changed: [String] = []
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: Self.randomRange, using: &generator)
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            let ours = try #require(Timestamp.date(from: text), "\(text)")
            let theirs = try #require(formatter.date(from: text))
            if (ours.timeIntervalSince1970 * 1000).rounded() != (theirs.timeIntervalSince1970 * 1000).rounded() {
                disagreements.append(text)
            }
            if Timestamp.string(from: ours) != text { changed.append("\(text) -> \(Timestamp.string(from: ours))") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
        #expect(changed.isEmpty, "\(changed.count) of 5000: \(changed.prefix(3))")
    }

    /// Years 0001 to 9999 always give the same 24-character shape, which reads back.
    @Test func writtenTextsAreFixedWidth() {
        var generator = SplitMix64(seed: 4)
        var failures: [String] = []
        for _ in 0..<1_000 {
            let milliseconds = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
            let text = Timestamp.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            if text.utf8.count != 24 || !text.hasSuffix("Z") || Timestamp.date(from: text) == nil { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }
}
