import Foundation

extension ProjectCatalog {
    /// The projects in an order. Every order is total, so the same catalog always lists the same way.
    public func projects(in order: ProjectOrder, collator: NameCollator) -> [Project] {
        Self.ordered(projects, in: order, collator: collator)
    }

    /// Any selection of projects in an order; `.user` keeps their positions' order.
    public static func ordered(_ projects: [Project], in order: ProjectOrder, collator: NameCollator) -> [Project] {
        switch order {
        case .user:
            return projects.sorted { $0.position < $1.position }
        case .name:
            return keyed(projects, collator).sorted { $0.precedesByName($1) }.map(\.project)
        case .date:
            return keyed(projects, collator).sorted { lhs, rhs in
                lhs.project.created != rhs.project.created
                    ? lhs.project.created < rhs.project.created : lhs.precedesByName(rhs)
            }.map(\.project)
        }
    }

    /// One sort key per project, computed once rather than once per comparison.
    private static func keyed(_ projects: [Project], _ collator: NameCollator) -> [KeyedProject] {
        projects.map { KeyedProject(key: collator.sortKey($0.name), project: $0) }
    }
}

private struct KeyedProject {
    let key: [UInt8]
    let project: Project

    /// Names that collate alike ("draft" and "Draft") fall back to code points, then to ids.
    func precedesByName(_ other: KeyedProject) -> Bool {
        if key != other.key { return key.lexicographicallyPrecedes(other.key) }
        let (lhs, rhs) = (project.name.unicodeScalars, other.project.name.unicodeScalars)
        if !lhs.elementsEqual(rhs) { return lhs.lexicographicallyPrecedes(rhs) }
        return project.id.uuidString < other.project.id.uuidString
    }
}
