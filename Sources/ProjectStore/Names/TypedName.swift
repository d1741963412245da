import Foundation

/// What a writer typed for a project's name, compared with names as a person would: ignoring letter
/// case and accents, a word of the name at a time. Completion offers the names a word of which
/// starts with it (`ete` for “L’Été de Marie”); when no project is named what was typed, the error
/// suggests the nearest names (`Sonets` for “Sonnets for Winter”). A suggestion is only ever said:
/// no command acts on a guess.
public final class TypedName {
    /// At most this many suggestions: more would be a list, not a question.
    public static let suggestionLimit = 3
    /// Below this many letters typed, one edit reaches too many names to mean anything (`ab`
    /// is one edit from `an`, `at`, `a`); a word start still counts.
    static let shortestForEdit = 3

    private var typed: [Unicode.Scalar] = []
    /// Each non-ASCII character seen, folded, and whether it is part of a word: the decomposition
    /// costs more than the rest together, and names share their few accented letters.
    private var foldings: [Unicode.Scalar: (folded: [Unicode.Scalar], isWord: Bool)] = [:]
    /// The name being compared, reused from name to name, so that ten thousand names make no
    /// array each.
    private var buffer = FoldedName()

    public init(_ text: String) {
        typed = folded(text).scalars
    }

    public var isEmpty: Bool { typed.isEmpty }

    /// Whether the name, or one of its words, starts with what was typed: anything does when nothing was.
    public func startsAWord(of candidate: String) -> Bool {
        let name = folded(candidate)
        return typed.isEmpty || name.scalars.indices.contains { name.isWordStart($0) && name.has(typed, at: $0) }
    }

    /// Up to `suggestionLimit` of `names` that the writer may have meant, the nearest first: the
    /// same name but for accents, then a name that starts with what was typed, then a name one of
    /// whose words does, then a name or its first word one edit away (a letter missing, extra,
    /// wrong, or two neighbours swapped), then a later word one edit away. Names equally near keep
    /// the order they were given in.
    public func suggestions(among names: [String]) -> [String] {
        guard !typed.isEmpty else { return [] }
        var found: [(nearness: Int, index: Int)] = []
        for (index, candidate) in names.enumerated() {
            if let nearness = nearness(to: candidate) { found.append((nearness, index)) }
        }
        found.sort { ($0.nearness, $0.index) < ($1.nearness, $1.index) }
        return found.prefix(Self.suggestionLimit).map { names[$0.index] }
    }

    /// 0 to 4, the lower the nearer, or `nil` when the name is not near at all.
    func nearness(to candidate: String) -> Int? {
        let name = folded(candidate)
        if name.scalars == typed { return 0 }
        if name.has(typed, at: 0) { return 1 }
        if name.scalars.indices.dropFirst().contains(where: { name.isWordStart($0) && name.has(typed, at: $0) }) { return 2 }
        guard typed.count >= Self.shortestForEdit else { return nil }
        if Self.isOneEdit(name.scalars[...], typed[...]) { return 3 }
        var (start, words) = (0, 0)
        while start < name.scalars.count {
            var end = start
            while end < name.scalars.count, name.isWord[end] { end += 1 }
            if end > start {
                if abs(end - start - typed.count) <= 1, Self.isOneEdit(name.scalars[start..<end], typed[...]) { return words == 0 ? 3 : 4 }
                words += 1
            }
            start = end + 1
        }
        return nil
    }

    /// Whether `a` and `b` differ by exactly one edit: a character missing, extra or wrong, or two
    /// neighbours swapped (the Damerau distance is 1).
    static func isOneEdit(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Bool {
        let (longer, shorter) = a.count >= b.count ? (a, b) : (b, a)
        guard longer.count - shorter.count <= 1 else { return false }
        var (l, s) = (longer.startIndex, shorter.startIndex)
        while s < shorter.endIndex, longer[l] == shorter[s] { (l, s) = (l + 1, s + 1) }
        if longer.count > shorter.count { return longer[(l + 1)...].elementsEqual(shorter[s...]) }
        guard s < shorter.endIndex else { return false }  // the same
        if longer[(l + 1)...].elementsEqual(shorter[(s + 1)...]) { return true }
        return s + 1 < shorter.endIndex && longer[l] == shorter[s + 1] && longer[l + 1] == shorter[s]
            && longer[(l + 2)...].elementsEqual(shorter[(s + 2)...])
    }

    /// `text` without accents and in lower case: `L’Été` is `l’ete`, `Straße` `strasse`. Callers
    /// read the result as a constant, since each access to a class's property is checked at run
    /// time (half the search's time when it read the buffer itself), and let it go before the next
    /// call, which would otherwise copy the buffer.
    private func folded(_ text: String) -> FoldedName {
        buffer.fold(text, foldings: &foldings)
        return buffer
    }
}

/// A name without accents and in lower case, as Unicode scalars, and which of them are part of a word.
private struct FoldedName {
    var scalars: [Unicode.Scalar] = []
    var isWord: [Bool] = []

    /// Where a word starts; the name's own start always counts, so that a name starting with a
    /// quote or a bracket still matches what was typed from its beginning.
    func isWordStart(_ index: Int) -> Bool {
        index == 0 || (isWord[index] && !isWord[index - 1])
    }

    func has(_ typed: [Unicode.Scalar], at index: Int) -> Bool {
        guard scalars.count - index >= typed.count else { return false }
        for offset in typed.indices where scalars[index + offset] != typed[offset] { return false }
        return true
    }

    mutating func fold(_ text: String, foldings: inout [Unicode.Scalar: (folded: [Unicode.Scalar], isWord: Bool)]) {
        scalars.removeAll(keepingCapacity: true)
        isWord.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                let lower = (0x41...0x5A).contains(value) ? value | 0x20 : value
                scalars.append(Unicode.Scalar(lower))
                isWord.append((0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower))
                continue
            }
            let folding = foldings[scalar] ?? {
                let bare = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
                    .filter { $0.properties.canonicalCombiningClass == .notReordered }
                // Lower case as names are compared (`ProjectName.matchKey`): `ß` is `ss`.
                let folded = Array(ProjectName.matchKey(String(String.UnicodeScalarView(bare))).unicodeScalars)
                let isWord = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                foldings[scalar] = (folded, isWord)
                return (folded, isWord)
            }()
            scalars.append(contentsOf: folding.folded)
            isWord.append(contentsOf: repeatElement(folding.isWord, count: folding.folded.count))
        }
    }
}
