import Foundation
import ProjectStore

/// Creation dates in the user's locale and time zone.
final class DateText {
    private let dateFormat: ICUDateFormat
    private let dateTimeFormat: ICUDateFormat
    /// Due dates are days, not moments: formatted at noon in UTC, they are that day everywhere.
    private let dayFormat: ICUDateFormat
    private let timeZone: TimeZone
    /// Lists show whole days, and a writer's projects share few of them: format each day once.
    private var dayCache: [Int: String] = [:]
    /// The zone's offset when it never changes (UTC, most of Asia): no lookup per date then.
    private let fixedOffset: Int?

    init(locale: Locale, timeZone: TimeZone) {
        dateFormat = ICUDateFormat(.mediumDate, locale: locale.identifier, timeZone: timeZone.identifier)
        dateTimeFormat = ICUDateFormat(.longDateMediumTime, locale: locale.identifier, timeZone: timeZone.identifier)
        dayFormat = ICUDateFormat(.mediumDate, locale: locale.identifier, timeZone: "UTC")
        self.timeZone = timeZone
        let hasTransitions = timeZone.nextDaylightSavingTimeTransition(after: .distantPast) != nil
        fixedOffset = hasTransitions ? nil : timeZone.secondsFromGMT(for: Date())
    }

    func date(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = fixedOffset ?? timeZone.secondsFromGMT(for: date)
        let day = (seconds + offset).floorDivided(by: 86_400)
        if let cached = dayCache[day] { return cached }
        let text = dateFormat.string(date)
        dayCache[day] = text
        return text
    }

    /// A due date, written as creation dates are: the day itself, whatever the time zone.
    func day(_ day: CalendarDay) -> String {
        dayFormat.string(Date(timeIntervalSince1970: Double(Self.daysSince1970(day)) * 86_400 + 12 * 3_600))
    }

    func dateAndTime(_ date: Date) -> String {
        dateTimeFormat.string(date)
    }

    /// Days from 1970-01-01 to `day` in the Gregorian calendar, counted in 400-year eras with March
    /// as the year's first month, so that a leap day comes last in its year.
    private static func daysSince1970(_ day: CalendarDay) -> Int {
        let year = day.month <= 2 ? day.year - 1 : day.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (day.month + (day.month > 2 ? -3 : 9)) + 2) / 5 + day.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2026-11-25 10.52` in the writer's zone: the time a conflict copy's name gives, in an order
    /// that sorts and with no character a file system refuses.
    func fileStamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)).\(two(parts.minute))"
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : (self - divisor + 1) / divisor
    }
}
