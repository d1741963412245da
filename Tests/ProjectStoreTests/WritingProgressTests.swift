import Foundation
import Testing
@testable import ProjectStore

private func day(_ text: String) -> CalendarDay {
    CalendarDay(parsing: text)!
}

@Suite("Calendar days")
struct CalendarDayTests {
    @Test("real days parse and print back the same")
    func roundTrip() {
        for text in ["2026-11-22", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2026-04-30"] {
            #expect(CalendarDay(parsing: text)?.description == text, "\(text)")
        }
        let parsed = CalendarDay(parsing: "2026-03-05")
        #expect(parsed?.year == 2026 && parsed?.month == 3 && parsed?.day == 5)
    }

    @Test("anything but a real YYYY-MM-DD is refused")
    func strictParsing() {
        let refused = [
            "2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00", "2026-04-31", "2023-02-29", "1900-02-29",
            "26-1-1", "2026-1-01", "2026-01-1", "0000-01-01", "2026-01-01 ", " 2026-01-01", "2026-01-01T00:00",
            "2026/01/01", "+026-01-01", "2026-0a-01", "２０２６-01-01", "", "20260101",
        ]
        for text in refused {
            #expect(CalendarDay(parsing: text) == nil, "\(text)")
        }
    }

    @Test("days between two days count calendar days, across months, leap days and years")
    func dayArithmetic() {
        #expect(day("2026-11-22").days(until: day("2026-11-22")) == 0)
        #expect(day("2026-11-22").days(until: day("2026-11-23")) == 1)
        #expect(day("2026-11-23").days(until: day("2026-11-22")) == -1)
        #expect(day("2024-02-28").days(until: day("2024-03-01")) == 2)
        #expect(day("2023-02-28").days(until: day("2023-03-01")) == 1)
        #expect(day("2026-12-31").days(until: day("2027-01-01")) == 1)
        #expect(day("2026-01-01").days(until: day("2027-01-01")) == 365)
        #expect(day("2000-01-01").days(until: day("2100-01-01")) == 36_525)
    }

    @Test("days order as the calendar does")
    func ordering() {
        #expect(day("2026-01-31") < day("2026-02-01"))
        #expect(day("2025-12-31") < day("2026-01-01"))
        #expect(!(day("2026-01-01") < day("2026-01-01")))
    }

    @Test("today is the day on the writer's own clock")
    func todayInTimeZone() throws {
        let instant = Date(timeIntervalSince1970: 1_795_390_200)  // 2026-11-22T23:30:00Z
        #expect(CalendarDay(instant, in: try #require(TimeZone(identifier: "UTC"))) == day("2026-11-22"))
        #expect(CalendarDay(instant, in: try #require(TimeZone(identifier: "Europe/Paris"))) == day("2026-11-23"))
        #expect(CalendarDay(instant, in: try #require(TimeZone(identifier: "America/New_York"))) == day("2026-11-22"))
    }
}

@Suite("Writing progress")
struct WritingProgressTests {
    @Test("percent of the target, rounded down, beyond 100 past it")
    func percent() {
        let today = day("2026-11-22")
        #expect(WritingProgress(words: 12_345, target: 50_000, due: nil, today: today).percent == 24)
        #expect(WritingProgress(words: 49_999, target: 50_000, due: nil, today: today).percent == 99)
        #expect(WritingProgress(words: 60_000, target: 50_000, due: nil, today: today).percent == 120)
        #expect(WritingProgress(words: 10, target: nil, due: nil, today: today).percent == nil)
        #expect(WritingProgress(words: 10, target: 0, due: nil, today: today).target == nil)
    }

    @Test("words a day: the words missing over the days left including today, rounded up")
    func wordsPerDay() {
        let today = day("2026-11-22")
        let dueInNine = WritingProgress(words: 40_000, target: 50_000, due: day("2026-12-01"), today: today)
        #expect(dueInNine.daysLeft == 9)
        #expect(dueInNine.missingWords == 10_000)
        #expect(dueInNine.wordsPerDay == 1_000)
        #expect(WritingProgress(words: 0, target: 10, due: day("2026-11-24"), today: today).wordsPerDay == 4)
        let dueToday = WritingProgress(words: 900, target: 1_000, due: today, today: today)
        #expect(dueToday.daysLeft == 0)
        #expect(dueToday.wordsPerDay == 100)
        #expect(!dueToday.isOverdue)
        #expect(WritingProgress(words: 2_000, target: 1_000, due: day("2026-12-01"), today: today).wordsPerDay == 0)
        #expect(WritingProgress(words: 0, target: nil, due: day("2026-12-01"), today: today).wordsPerDay == nil)
    }

    @Test("overdue once the due day has passed, unless the target is reached")
    func overdue() {
        let today = day("2026-11-22")
        let late = WritingProgress(words: 900, target: 1_000, due: day("2026-11-21"), today: today)
        #expect(late.isOverdue)
        #expect(late.daysLeft == -1)
        #expect(late.wordsPerDay == nil)
        #expect(WritingProgress(words: 0, target: nil, due: day("2026-11-01"), today: today).isOverdue)
        #expect(!WritingProgress(words: 1_000, target: 1_000, due: day("2026-11-01"), today: today).isOverdue)
        #expect(!WritingProgress(words: 0, target: 1_000, due: nil, today: today).isOverdue)
    }
}
