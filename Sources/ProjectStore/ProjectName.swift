/// The rules a project name must follow, and how two names are compared for clashes.
public enum ProjectName {
    public static let maximumLength = 255

    /// The name as it will be stored: trimmed, and checked against every rule.
    public static func validated(_ raw: String) throws(ProjectStoreError) -> String {
        let name = raw.trimmingWhitespace()
        if name.isEmpty {
            throw .invalidName(raw, .empty)
        }
        if name.unicodeScalars.contains(where: isForbidden) {
            throw .invalidName(raw, .controlCharacter)
        }
        // Counted as a reader sees them; the scalar bound keeps one huge grapheme from passing.
        if name.count > maximumLength || name.unicodeScalars.count > 4 * maximumLength {
            throw .invalidName(raw, .tooLong(maximum: maximumLength))
        }
        return name
    }

    /// Equal keys mean the names clash. Swift compares strings by canonical equivalence, so
    /// lowercasing is all that is left to do: "Café" and "Cafe\u{301}" clash, "Cafe" and "Café" do not.
    public static func matchKey(_ name: String) -> String {
        name.lowercased()
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true          // C0, DEL, C1
        case 0x2028, 0x2029: true                    // line and paragraph separators break lines too
        default: false
        }
    }
}

/// Why a name was refused.
public enum NameProblem: Sendable, Equatable {
    case empty
    case controlCharacter
    case tooLong(maximum: Int)
}

extension String {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
