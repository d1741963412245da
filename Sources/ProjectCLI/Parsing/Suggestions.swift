/// "Did you mean …?" for mistyped commands and options.
enum Suggestions {
    /// Words people bring from other tools, pointed at ours.
    private static let synonyms = [
        "ls": "list", "new": "add", "create": "add", "rm": "delete", "remove": "delete", "del": "delete",
        "mv": "move", "info": "show", "view": "show", "details": "edit", "describe": "edit",
    ]

    static func command(for typed: String, among names: [String]) -> String? {
        if let synonym = synonyms[typed.lowercased()], names.contains(synonym) { return synonym }
        return closest(to: typed, among: names)
    }

    /// The candidate within a small edit distance, or the one `typed` begins.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let typed = typed.lowercased()
        let scored = candidates.map { ($0, distance(Array(typed), Array($0))) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, typed.count / 3)) {
            return best.0
        }
        let prefixed = candidates.filter { typed.count >= 2 && $0.hasPrefix(typed) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance, with a swap of neighbours counting as one edit.
    private static func distance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
        for i in 0...lhs.count { table[i][0] = i }
        for j in 0...rhs.count { table[0][j] = j }
        for i in 1...lhs.count {
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[lhs.count][rhs.count]
    }
}
