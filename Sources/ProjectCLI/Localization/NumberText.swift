import Foundation

/// Whole numbers grouped by thousands the way the user's locale (`LC_NUMERIC`) writes them:
/// `12,345`, French `12 345` (with the narrow no-break space CLDR gives French, so a number never
/// breaks across lines), German `12.345`, Spanish `12.345` but `1234` (CLDR groups Spanish only
/// from five digits). Foundation's `NumberFormatter` is avoided: on Linux it costs an ICU formatter
/// per process, more than a whole `list` of a few projects.
struct NumberText: Sendable {
    let separator: String
    /// The fewest digits a number must have for its thousands to be grouped.
    let groupingFrom: Int

    init(locale: Locale) {
        let language = locale.identifier.prefix { $0.isLetter }.lowercased()
        switch language {
        case "fr": (separator, groupingFrom) = ("\u{202F}", 4)
        case "de": (separator, groupingFrom) = (".", 4)
        case "es": (separator, groupingFrom) = (".", 5)
        // English, and the C locale, whose messages are English.
        default: (separator, groupingFrom) = (",", 4)
        }
    }

    func string(_ number: Int) -> String {
        let digits = String(number.magnitude)
        let sign = number < 0 ? "-" : ""
        guard digits.count >= groupingFrom else { return sign + digits }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset).isMultiple(of: 3) { grouped += separator }
            grouped.append(digit)
        }
        return sign + grouped
    }
}
