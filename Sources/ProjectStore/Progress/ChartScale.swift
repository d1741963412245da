/// Bars drawn in a width of cells, in eighths of a cell with Unicode's block elements.
public enum ChartScale {
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
    /// A negative day: the same length, in the light shade.
    static let negative: Character = "░"

    /// The bar for `value` when `largest` (the largest magnitude shown) fills `width` cells. A value
    /// that is not 0 always shows at least an eighth.
    public static func bar(_ value: Int, largest: Int, width: Int) -> String {
        guard value != 0, largest > 0, width > 0 else { return "" }
        let magnitude = abs(value)
        let units = max(1, Int((Double(magnitude) * Double(width * 8) / Double(largest)).rounded()))
        if value < 0 { return String(repeating: negative, count: max(1, (units + 7) / 8)) }
        let full = units / 8
        let rest = units % 8
        return String(repeating: "█", count: full) + (rest > 0 ? String(eighths[rest - 1]) : "")
    }

    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]

    /// A heatmap's cell: nothing written, then four shades by the quarter of the largest day.
    public static func shade(_ value: Int, largest: Int) -> Character {
        guard value > 0, largest > 0 else { return shades[0] }
        return shades[min(4, 1 + (value * 4 - 1) / largest)]
    }
}
