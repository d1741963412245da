import Foundation
import ProjectStore

/// Creation dates in the user's locale and time zone.
final class DateText {
    private let dateFormatter: DateFormatter
    private let dateTimeFormatter: DateFormatter
    /// Lists show whole days, and a writer's projects share few of them: format each day once.
    private var dayCache: [Int: String] = [:]
    /// The zone's offset when it never changes (UTC, most of Asia): no lookup per date then.
    private let fixedOffset: Int?

    init(locale: Locale, timeZone: TimeZone) {
        dateFormatter = DateFormatter()
        dateFormatter.locale = locale
        dateFormatter.timeZone = timeZone
        dateFormatter.dateStyle = .medium
        dateFormatter.timeStyle = .none
        dateTimeFormatter = DateFormatter()
        dateTimeFormatter.locale = locale
        dateTimeFormatter.timeZone = timeZone
        dateTimeFormatter.dateStyle = .long
        dateTimeFormatter.timeStyle = .medium
        let hasTransitions = timeZone.nextDaylightSavingTimeTransition(after: .distantPast) != nil
        fixedOffset = hasTransitions ? nil : timeZone.secondsFromGMT(for: Date())
    }

    func date(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = fixedOffset ?? dateFormatter.timeZone.secondsFromGMT(for: date)
        let day = (seconds + offset).floorDivided(by: 86_400)
        if let cached = dayCache[day] { return cached }
        let text = dateFormatter.string(from: date)
        dayCache[day] = text
        return text
    }

    /// A due date, written as creation dates are: the day itself, whatever the time zone.
    func day(_ day: CalendarDay) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = dateFormatter.timeZone
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
        return noon.map { dateFormatter.string(from: $0) } ?? day.description
    }

    func dateAndTime(_ date: Date) -> String {
        dateTimeFormatter.string(from: date)
    }

    /// `2026-11-25 10.52` in the writer's zone: the time a conflict copy's name gives, in an order
    /// that sorts and with no character a file system refuses.
    func fileStamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = dateFormatter.timeZone
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
