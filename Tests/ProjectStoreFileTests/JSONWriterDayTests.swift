import ProjectStore
import Testing
@testable import ProjectStoreFile

/// Days are written and read as bytes, without making their text: the same text as `description`.
@Suite("Days in JSON")
struct JSONWriterDayTests {
    static let days: [CalendarDay] = [(1, 1, 1), (9, 9, 9), (999, 12, 31), (2024, 2, 29), (2026, 10, 5), (9999, 12, 31)]
        .compactMap { CalendarDay(year: $0.0, month: $0.1, day: $0.2) }

    @Test(arguments: days)
    func writtenAsItsDescriptionAndReadBack(_ day: CalendarDay) throws {
        var writer = JSONWriter()
        writer.day(day)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"\(day.description)\"")
        let read = Array(day.description.utf8).withUnsafeBufferPointer { CalendarDay(utf8: $0) }
        #expect(read == day)
    }

    @Test(arguments: ["2026-1-05", "2026-13-01", "2026-02-30", "0000-01-01", "2026-01-01T", "２０２６-01-01"])
    func notADay(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { CalendarDay(utf8: $0) } == nil)
        #expect(CalendarDay(parsing: text) == nil)
    }
}
