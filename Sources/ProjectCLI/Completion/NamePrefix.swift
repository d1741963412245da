import Foundation
import ProjectStore

/// Whether a name starts with what was typed, ignoring letter case as the tool compares names
/// (`ProjectName.matchKey`) and accents as `list --search` does: `ete` finds `Été`.
struct NamePrefix {
    private let key: String

    init(_ typed: String) {
        key = Self.key(typed)
    }

    var isEmpty: Bool { key.isEmpty }

    func matches(_ name: String) -> Bool {
        key.isEmpty || Self.key(name).hasPrefix(key)
    }

    /// The name without its accents, then case-folded. Names in plain ASCII, the most common,
    /// skip the decomposition: a completion goes through ten thousand names.
    static func key(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return ProjectName.matchKey(text) }
        let bare = text.decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.canonicalCombiningClass == .notReordered }
        return ProjectName.matchKey(String(String.UnicodeScalarView(bare)))
    }
}
