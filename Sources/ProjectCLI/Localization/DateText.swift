import Foundation
import ProjectStore

/// Creation dates in the user's locale and time zone.
final class DateText {
    /// Creation dates are shown as the day they fell on in the writer's zone, and due dates are days.
    /// Made when a date is first shown, as are the others: a command that makes a `DateText` may
    /// show none.
    private lazy var days = DayText(locale: locale.identifier)
    /// Days in full, for sentences: made when a sentence first names a day.
    private lazy var daysInFull = DayText(locale: locale.identifier, style: .longDate)
    private lazy var dateTimeFormat = ICUDateFormat(.longDateMediumTime, locale: locale.identifier, timeZone: timeZone.identifier)
    private let locale: Locale
    private let timeZone: TimeZone
    /// Lists show whole days, and a writer's projects share few of them: format each day once.
    private var dayCache: [Int: String] = [:]
    /// The zone's offset when it never changes (UTC, most of Asia): no lookup per date then.
    private lazy var fixedOffset: Int? = {
        let hasTransitions = timeZone.nextDaylightSavingTimeTransition(after: .distantPast) != nil
        return hasTransitions ? nil : timeZone.secondsFromGMT(for: Date())
    }()

    init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    func date(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = fixedOffset ?? timeZone.secondsFromGMT(for: date)
        return self.date(day: (seconds + offset).floorDivided(by: 86_400))
    }

    /// A day (days since 1970) as a column of dates writes it.
    func date(day: Int) -> String {
        if let cached = dayCache[day] { return cached }
        let text = dateUnkept(day: day)
        dayCache[day] = text
        return text
    }

    /// A day as `date(day:)` writes it, not kept for the next time: for a caller that keeps what it
    /// said itself (the submissions table, whose 3,000 days kept twice cost more than they saved).
    func dateUnkept(day: Int) -> String {
        days.string(day: day)
    }

    /// A due date in full, as a sentence or a row of `show` says it (`March 1, 2027`,
    /// `1er mars 2027`): the day itself, whatever the time zone. A column of dates is `date(_:)`.
    func day(_ day: CalendarDay) -> String {
        daysInFull.string(day: day.daysSince1970)
    }

    /// The day as a column shows it, then the hour and minute on a 24-hour clock (`Nov 27, 2026 14:05`):
    /// a column of times of day, as `versions` lists several a day, without asking ICU for each.
    func dateAndMinute(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let minutes = (seconds + (fixedOffset ?? timeZone.secondsFromGMT(for: date))).floorDivided(by: 60)
        let hour = (minutes.floorDivided(by: 60) % 24 + 24) % 24
        let minute = (minutes % 60 + 60) % 60
        return self.date(date) + " " + (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    func dateAndTime(_ date: Date) -> String {
        dateTimeFormat.string(date)
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
