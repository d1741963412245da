/// Titles taken from names: what the writer sees in a chapter's or a poem's name, without what
/// is there only to keep the files in order.
extension ManuscriptText {
    /// A file's or folder's name as a title: without the sort number in front and what separates it
    /// ("04 Storm Season", "02_Shipping Forecast", "3 - Low Water", "12. Tide"), and for a file
    /// without its extension. `nil` when nothing is left but the number ("03.md"). A number that
    /// runs into a word is the title's own ("1st Light").
    public static func title(fromName name: String, isFile: Bool) -> String? {
        let stem = isFile ? name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name : name
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        let rest = stem.dropFirst(digits.count)
        let separators: Set<Character> = [" ", "\t", "_", "-", ".", ")", ":", "\u{2013}", "\u{2014}"]
        guard !digits.isEmpty else { return stem.isEmpty ? nil : stem }
        guard let first = rest.first else { return nil }
        guard separators.contains(first) else { return stem }
        let title = rest.drop { separators.contains($0) }.trimmingSpace
        return title.isEmpty ? nil : String(title)
    }
}
