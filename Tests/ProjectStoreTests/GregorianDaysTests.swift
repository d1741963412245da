import Foundation
import Testing
import ProjectStore

@Suite("Gregorian days counted from 1970")
struct GregorianDaysTests {
    @Test("a day's number turns into its date and back, and agrees with Foundation's calendar")
    func roundTrip() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        for number in stride(from: -800_000, through: 2_940_000, by: 997) {
            let date = GregorianDays.date(of: number)
            #expect(GregorianDays.number(year: date.year, month: date.month, day: date.day) == number)
            // Foundation counts in the Julian calendar before 1582.
            if date.year >= 1600 {
                let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(number) * 86_400))
                #expect(parts.year == date.year && parts.month == date.month && parts.day == date.day, "day \(number)")
            }
        }
    }

    @Test("known days")
    func knownDays() {
        #expect(GregorianDays.number(year: 1970, month: 1, day: 1) == 0)
        #expect(GregorianDays.number(year: 1969, month: 12, day: 31) == -1)
        #expect(GregorianDays.number(year: 2000, month: 2, day: 29) == 11_016)
        #expect(GregorianDays.number(year: 1, month: 1, day: 1) == -719_162)
        let leapDay = GregorianDays.date(of: 11_016), first = GregorianDays.date(of: -719_162)
        #expect(leapDay.year == 2000 && leapDay.month == 2 && leapDay.day == 29)
        #expect(first.year == 1 && first.month == 1 && first.day == 1)
        #expect(CalendarDay(year: 2027, month: 1, day: 12)!.daysSince1970 == 20_830)
    }
}
