/// The kinds of work the spec defines; the raw value is the stable identifier used in files and JSON.
public enum ProjectKind: String, Sendable, CaseIterable, Comparable {
    case blank
    case novel
    case poetry
    case script
    case shortStory = "short-story"

    public static func < (lhs: ProjectKind, rhs: ProjectKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
