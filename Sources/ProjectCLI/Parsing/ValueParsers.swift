import Foundation
import ProjectStore

extension Invocation {
    /// A kind as typed: `short-story`, `short story`, `Short_Story`, or its name in the user's language.
    func kind(_ option: OptionSpec, localizer: Localizer) throws(UsageError) -> ProjectKind? {
        guard let text = value(option) else { return nil }
        guard let kind = ProjectKind(typed: text, localizer: localizer) else { throw badValue(option, expected: .kind) }
        return kind
    }

    func order(_ option: OptionSpec) throws(UsageError) -> ProjectOrder? {
        guard let text = value(option) else { return nil }
        guard let order = ProjectOrder(rawValue: text.lowercased()) else { throw badValue(option, expected: .order) }
        return order
    }

    func number(_ option: OptionSpec) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text) else { throw badValue(option, expected: .positiveNumber) }
        return number
    }
}

extension Invocation {
    /// `--target` (and `--goal`, as `kept` says): a whole number of words, as digits or grouped the
    /// way the tool writes it in the writer's locale (`numbers`), within the range the tool keeps;
    /// `0` or nothing clears it (`.set(nil)`).
    func wordTarget(
        _ option: OptionSpec, numbers: NumberText, kept: StoredNumber = .wordTarget
    ) throws(UsageError) -> ProjectEdit.Field<Int> {
        guard let text = value(option) else { return .keep }
        if text.isEmpty { return .set(nil) }
        let example = numbers.string(80_000)
        switch numbers.reading(text) {
        case .whole(0): return .set(nil)
        case .whole(let words) where kept.takes(words): return .set(words)
        case .whole, .tooLarge: throw outOfRange(option, kept, numbers: numbers)
        case .perhapsDecimal: throw badValue(option, expected: .wholeWords(grouped: example))
        case .invalid: throw badValue(option, expected: .wordTarget(grouped: example))
        }
    }

    /// A value refused for `option` with the range of `kept` as `numbers` groups it.
    func outOfRange(_ option: OptionSpec, _ kept: StoredNumber, numbers: NumberText) -> UsageError {
        badValue(option, expected: .inRange(
            kept, minimum: numbers.string(kept.range.lowerBound), maximum: numbers.string(kept.range.upperBound)))
    }

    /// `--due`: a real day as `YYYY-MM-DD`; nothing clears the date (`.set(nil)`).
    func dueDate(_ option: OptionSpec) throws(UsageError) -> ProjectEdit.Field<CalendarDay> {
        guard let text = value(option) else { return .keep }
        if text.isEmpty { return .set(nil) }
        guard let day = CalendarDay(parsing: text) else { throw badValue(option, expected: .date) }
        return .set(day)
    }
}

extension ProjectKind {
    init?(typed text: String, localizer: Localizer) {
        let wanted = Self.folded(text)
        let match = Self.allCases.first { kind in
            Self.folded(kind.rawValue) == wanted || Self.folded(localizer.text(kind.nameKey)) == wanted
        }
        guard let match else { return nil }
        self = match
    }

    /// Letter case, accents, spaces, hyphens and underscores do not matter: `Short Story` is
    /// `short_story`, and `poesie` is `Poésie`.
    private static func folded(_ text: String) -> String {
        String(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).filter { !" -_".contains($0) })
    }
}
