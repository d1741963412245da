import Foundation
import _FoundationICU
import ProjectStore

/// Days in words, by their number counted from 1970-01-01: as a locale's medium date format writes
/// them for a column (`Jan 12, 2027`, `1 janv. 2027`), or its long one for a sentence
/// (`January 12, 2027`, `1er janvier 2027`).
///
/// Within a month only the day's number changes, so ICU writes each month once, with the place of
/// its day marked, and each day of a month is that text around the day's number: a list of 10,000
/// projects made over 14 years asked ICU for 4,400 dates, a sixth of the list's time. A format that
/// writes a day otherwise (another calendar, a weekday) is asked for each day, as before.
final class DayText {
    private let format: ICUDateFormat
    /// The text before and after the day's number, by month (`year * 12 + month - 1`); `nil` for a
    /// month the format is asked about day by day.
    private var months: [Int: Month?] = [:]
    private struct Month {
        let before: String
        let after: String
    }

    /// The numbers 1 to 31 as the format writes a day of the month; `nil` when no month is made of them.
    private lazy var numbers: [String]? = {
        guard format.isGregorian else { return nil }
        var numbers: [String] = []
        for day in 1...31 {
            guard let parts = parts(of: GregorianDays.number(year: 2001, month: 1, day: day)) else { return nil }
            numbers.append(parts.number)
        }
        // "1er janvier": the format's own first day, which its months are checked against.
        if let first = format.firstOfMonth { numbers[0] = first }
        return numbers
    }()

    init(locale: String, style: ICUDateFormat.Style = .mediumDate) {
        // Noon in UTC is the day itself, whatever the writer's zone.
        format = ICUDateFormat(style, locale: locale, timeZone: "UTC")
    }

    func string(day: Int) -> String {
        let date = GregorianDays.date(of: day)
        // Before 1600 ICU counts in the Julian calendar.
        guard (1600...9999).contains(date.year), let numbers, let month = month(date) else {
            return format.string(Self.noon(day))
        }
        return month.before + numbers[date.day - 1] + month.after
    }

    private func month(_ date: (year: Int, month: Int, day: Int)) -> Month? {
        let key = date.year * 12 + date.month - 1
        if let known = months[key] { return known }
        let month = makeMonth(year: date.year, month: date.month)
        months[key] = month
        return month
    }

    /// The month around its 15th, checked against ICU's own text for its 1st.
    private func makeMonth(year: Int, month: Int) -> Month? {
        guard let numbers, let parts = parts(of: GregorianDays.number(year: year, month: month, day: 15)),
              parts.number == numbers[14]
        else { return nil }
        let first = format.string(Self.noon(GregorianDays.number(year: year, month: month, day: 1)))
        guard parts.before + numbers[0] + parts.after == first else { return nil }
        return Month(before: parts.before, after: parts.after)
    }

    /// A day's text split around its number; `nil` unless the number appears once and the other
    /// fields are ones a month shares (era, year, month).
    private func parts(of day: Int) -> (before: String, number: String, after: String)? {
        guard let (characters, fields) = format.fields(Self.noon(day)) else { return nil }
        let shared: Set<UInt32> = [
            UDAT_ERA_FIELD.rawValue, UDAT_YEAR_FIELD.rawValue, UDAT_MONTH_FIELD.rawValue, UDAT_STANDALONE_MONTH_FIELD.rawValue,
        ]
        let days = fields.filter { $0.kind == UDAT_DATE_FIELD }
        guard days.count == 1, fields.allSatisfy({ $0.kind == UDAT_DATE_FIELD || shared.contains($0.kind.rawValue) }),
              let before = format.text(characters[..<days[0].range.lowerBound]),
              let number = format.text(characters[days[0].range]),
              let after = format.text(characters[days[0].range.upperBound...])
        else { return nil }
        return (before, number, after)
    }

    private static func noon(_ day: Int) -> Date {
        Date(timeIntervalSince1970: Double(day) * 86_400 + 12 * 3_600)
    }
}
