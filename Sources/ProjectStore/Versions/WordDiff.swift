/// Two texts compared word by word, as a writer reads a revision: paragraph by paragraph first
/// (separated by blank lines), then word by word inside the paragraphs that changed. A paragraph
/// found unchanged at another place is moved, not removed and added, and its words are not counted.
/// Each punctuation mark is compared on its own; spaces and line breaks are not compared.
public struct WordDiff: Sendable, Equatable {
    public enum Piece: Sendable, Equatable {
        /// Text in both, as the newer has it, spaces included.
        case same(String)
        /// Spaces or a paragraph break outside any change.
        case space(String)
        case removed(String)
        case added(String)
        /// A paragraph moved here, from further on in the older text (`fromLater`) or from earlier.
        case moved(String, fromLater: Bool)
    }

    public let pieces: [Piece]
    public let addedWords: Int
    public let removedWords: Int
    public let movedParagraphs: Int

    public static func compare(_ old: String, _ new: String) -> WordDiff {
        var builder = Builder()
        let oldParagraphs = Paragraph.split(old), newParagraphs = Paragraph.split(new)
        var keys: [String: Int] = [:]
        func key(_ paragraph: Paragraph) -> Int {
            let text = paragraph.tokens.map(\.text).joined(separator: " ")
            if let known = keys[text] { return known }
            keys[text] = keys.count
            return keys.count - 1
        }
        let oldKeys = oldParagraphs.map(key), newKeys = newParagraphs.map(key)
        let steps = alignment(oldKeys, newKeys, weights: newParagraphs.map(\.tokens.count))
        // A removed paragraph that is added elsewhere, word for word, moved.
        var removedByKey: [Int: [Int]] = [:]
        for case .removed(let index) in steps where !oldParagraphs[index].tokens.isEmpty { removedByKey[oldKeys[index], default: []].append(index) }
        var movedTo: [Int: Int] = [:]  // new paragraph → old paragraph
        var movedFrom = Set<Int>()
        for case .added(let index) in steps {
            guard var candidates = removedByKey[newKeys[index]], !candidates.isEmpty else { continue }
            let source = candidates.removeFirst()
            removedByKey[newKeys[index]] = candidates
            movedTo[index] = source
            movedFrom.insert(source)
        }
        var pendingOld: [Paragraph] = [], pendingNew: [Paragraph] = []
        var oldPlace = 0
        func flush() {
            if !pendingOld.isEmpty || !pendingNew.isEmpty { builder.words(Paragraph.joined(pendingOld), Paragraph.joined(pendingNew)) }
            pendingOld = []
            pendingNew = []
        }
        for step in steps {
            switch step {
            case .same(let oldIndex, let newIndex):
                flush()
                builder.paragraphBreak()
                builder.pieces.append(.same(newParagraphs[newIndex].text))
                oldPlace = oldIndex + 1
            case .removed(let index):
                if !movedFrom.contains(index) { pendingOld.append(oldParagraphs[index]) }
                oldPlace = index + 1
            case .added(let index):
                if let source = movedTo[index] {
                    // Removed paragraphs waiting for their replacement wait on: the moved one comes first.
                    if !pendingNew.isEmpty { flush() }
                    builder.paragraphBreak()
                    builder.pieces.append(.moved(newParagraphs[index].text, fromLater: source >= oldPlace))
                    builder.moved += 1
                } else {
                    pendingNew.append(newParagraphs[index])
                }
            }
        }
        flush()
        return WordDiff(pieces: builder.pieces, addedWords: builder.added, removedWords: builder.removed, movedParagraphs: builder.moved)
    }

    /// The paragraphs' edit script, anchored first on the paragraphs found once in each text, as many
    /// words of them as can stay in order (the heaviest increasing run): when a paragraph moved, the
    /// long ones around it stay put and it is the one that moved. Between anchors, the shortest edit.
    static func alignment(_ old: [Int], _ new: [Int], weights: [Int]) -> [EditScript.Step] {
        var oldCount: [Int: Int] = [:], newCount: [Int: Int] = [:], oldPlace: [Int: Int] = [:]
        for (index, key) in old.enumerated() { oldCount[key, default: 0] += 1; oldPlace[key] = index }
        for key in new { newCount[key, default: 0] += 1 }
        let pairs = new.indices.compactMap { index -> (old: Int, new: Int)? in
            let key = new[index]
            return oldCount[key] == 1 && newCount[key] == 1 ? (oldPlace[key]!, index) : nil
        }
        var anchors: [(old: Int, new: Int)] = []
        if pairs.count <= 4_000 {
            // Heaviest chain of pairs increasing in both texts (pairs are in new order already).
            var best = pairs.map { weights[$0.new] + 1 }, previous = [Int](repeating: -1, count: pairs.count)
            for i in pairs.indices {
                for j in 0..<i where pairs[j].old < pairs[i].old && best[j] + weights[pairs[i].new] + 1 > best[i] {
                    best[i] = best[j] + weights[pairs[i].new] + 1
                    previous[i] = j
                }
            }
            var at = best.indices.max { best[$0] < best[$1] } ?? -1
            while at >= 0 { anchors.append(pairs[at]); at = previous[at] }
            anchors.reverse()
        }
        var steps: [EditScript.Step] = []
        var oldStart = 0, newStart = 0
        for anchor in anchors + [(old: old.count, new: new.count)] {
            let gap = EditScript.between(Array(old[oldStart..<anchor.old]), Array(new[newStart..<anchor.new]), limit: 500)
            steps += gap.map { step in
                switch step {
                case .same(let o, let n): .same(old: o + oldStart, new: n + newStart)
                case .removed(let o): .removed(old: o + oldStart)
                case .added(let n): .added(new: n + newStart)
                }
            }
            if anchor.old < old.count { steps.append(.same(old: anchor.old, new: anchor.new)) }
            oldStart = anchor.old + 1
            newStart = anchor.new + 1
        }
        return steps
    }

    private struct Builder {
        var pieces: [Piece] = []
        var added = 0, removed = 0, moved = 0

        mutating func paragraphBreak() {
            if !pieces.isEmpty { pieces.append(.space("\n\n")) }
        }

        /// The changed paragraphs between two unchanged ones, word by word.
        mutating func words(_ old: [Token], _ new: [Token]) {
            paragraphBreak()
            var ids: [String: Int] = [:]
            func id(_ token: Token) -> Int {
                if let known = ids[token.text] { return known }
                ids[token.text] = ids.count
                return ids.count - 1
            }
            let steps = EditScript.between(old.map(id), new.map(id))
            var index = 0
            while index < steps.count {
                if case .same(_, let newIndex) = steps[index] {
                    pieces.append(.same(new[newIndex].spaceBefore + new[newIndex].text))
                    index += 1
                    continue
                }
                var gone: [Token] = [], came: [Token] = []
                while index < steps.count {
                    if case .removed(let oldIndex) = steps[index] { gone.append(old[oldIndex]) }
                    else if case .added(let newIndex) = steps[index] { came.append(new[newIndex]) }
                    else { break }
                    index += 1
                }
                let lead = (gone.first ?? came.first)!.spaceBefore
                if !lead.isEmpty { pieces.append(.space(lead)) }
                if !gone.isEmpty {
                    pieces.append(.removed(Token.joined(gone)))
                    removed += gone.filter(\.isWord).count
                }
                if !came.isEmpty {
                    pieces.append(.added(Token.joined(came)))
                    added += came.filter(\.isWord).count
                }
            }
        }
    }
}

/// A word, a punctuation mark or a paragraph break, with the spaces that came before it.
struct Token: Equatable {
    var text: String
    var spaceBefore: String
    var isWord: Bool

    static let paragraphBreak = Token(text: "\n\n", spaceBefore: "", isWord: false)

    static func joined(_ tokens: [Token]) -> String {
        var text = ""
        for (position, token) in tokens.enumerated() {
            if position > 0 { text += token.spaceBefore }
            text += token.text
        }
        return text
    }

    /// Words are runs of letters, digits and marks, an apostrophe or a hyphen between two of them
    /// kept inside (`don't`, `well-known`); every other mark is a token of its own.
    static func split(_ text: Substring) -> [Token] {
        var tokens: [Token] = []
        var space = ""
        var word = ""
        let scalars = Array(text.unicodeScalars)
        func endWord() {
            guard !word.isEmpty else { return }
            tokens.append(Token(text: word, spaceBefore: space, isWord: true))
            word = ""
            space = ""
        }
        for (index, scalar) in scalars.enumerated() {
            if isWordScalar(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty, "'’-‐".unicodeScalars.contains(scalar), index + 1 < scalars.count, isWordScalar(scalars[index + 1]) {
                word.unicodeScalars.append(scalar)
            } else if scalar.properties.isWhitespace {
                endWord()
                space.unicodeScalars.append(scalar)
            } else {
                endWord()
                tokens.append(Token(text: String(scalar), spaceBefore: space, isWord: false))
                space = ""
            }
        }
        endWord()
        return tokens
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

/// A run of lines between blank lines.
struct Paragraph {
    let text: String
    let tokens: [Token]

    static func split(_ text: String) -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var lines: [Substring] = []
        func end() {
            guard !lines.isEmpty else { return }
            let joined = lines.joined(separator: "\n")
            paragraphs.append(Paragraph(text: joined, tokens: Token.split(Substring(joined))))
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) { end() } else { lines.append(line) }
        }
        end()
        return paragraphs
    }

    /// Paragraphs' tokens with a break between each.
    static func joined(_ paragraphs: [Paragraph]) -> [Token] {
        var tokens: [Token] = []
        for (position, paragraph) in paragraphs.enumerated() {
            if position > 0 { tokens.append(.paragraphBreak) }
            tokens += paragraph.tokens
        }
        return tokens
    }
}
