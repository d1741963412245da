import Foundation

extension ProjectCatalog {
    /// The projects in an order. Every order is total, so the same catalog always lists the same way.
    public func projects(in order: ProjectOrder, collator: NameCollator) -> [Project] {
        Self.ordered(projects, in: order, collator: collator)
    }

    /// Any selection of projects in an order; `.user` keeps their positions' order.
    public static func ordered(_ projects: [Project], in order: ProjectOrder, collator: NameCollator) -> [Project] {
        if order == .user { return projects.sorted { $0.position < $1.position } }
        // One sort key per name, computed at most once rather than once per comparison (and, in date
        // order, only for the names of projects made in the same millisecond). Indices are sorted,
        // not copies of the projects, so a long list is not held three times over.
        let keys = SortKeys(projects, collator: collator, computeAll: order == .name)
        func byName(_ lhs: Int, _ rhs: Int) -> Bool {
            let (leftKey, rightKey) = (keys[lhs], keys[rhs])
            if !leftKey.elementsEqual(rightKey) { return leftKey.lexicographicallyPrecedes(rightKey) }
            // Names that collate alike ("draft" and "Draft") fall back to code points, then to ids.
            let (left, right) = (projects[lhs].name.unicodeScalars, projects[rhs].name.unicodeScalars)
            if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
            return projects[lhs].id.uuidString < projects[rhs].id.uuidString
        }
        let indices: [Int]
        if order == .name {
            indices = projects.indices.sorted(by: byName)
        } else {
            indices = projects.indices.sorted { lhs, rhs in
                let (left, right) = (projects[lhs].created, projects[rhs].created)
                return left != right ? left < right : byName(lhs, rhs)
            }
        }
        return indices.map { projects[$0] }
    }
}

/// The collation keys of a list's names, made when first asked for, kept end to end in one buffer:
/// an array per key would cost more than the key for 100,000 names.
private final class SortKeys {
    private let projects: [Project]
    private let collator: NameCollator
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>?]

    init(_ projects: [Project], collator: NameCollator, computeAll: Bool) {
        self.projects = projects
        self.collator = collator
        ranges = Array(repeating: nil, count: projects.count)
        if computeAll {
            bytes.reserveCapacity(projects.count * 32)
            for index in projects.indices { _ = self[index] }
        }
    }

    subscript(index: Int) -> ArraySlice<UInt8> {
        if let range = ranges[index] { return bytes[range] }
        let start = bytes.count
        collator.appendSortKey(projects[index].name, to: &bytes)
        ranges[index] = start..<bytes.count
        return bytes[start...]
    }
}
