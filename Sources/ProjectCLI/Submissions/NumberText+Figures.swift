extension NumberText {
    /// A figure with one decimal at most (`4.5`, French `4,5`), as a median of days may be.
    func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        guard tenths % 10 != 0 else { return string(tenths / 10) }
        // English groups with a comma and marks decimals with a point; French, German and Spanish the reverse.
        return string(tenths / 10) + (separator == "," ? "." : ",") + String(abs(tenths % 10))
    }

    /// A share as a percentage with one decimal at most, spaced as the locale spaces it (`40%`,
    /// French `40 %` with a narrow no-break space, German and Spanish with a no-break space).
    func percent(_ share: Double) -> String {
        let space = switch separator {
        case ",": ""
        case "\u{202F}": "\u{202F}"
        default: "\u{A0}"
        }
        return decimal(share * 100) + space + "%"
    }
}
