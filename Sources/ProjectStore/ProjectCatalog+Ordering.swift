import Foundation

extension ProjectCatalog {
    /// The projects in an order. Every order is total, so the same catalog always lists the same way.
    public func projects(in order: ProjectOrder, collator: NameCollator) -> [Project] {
        Self.ordered(projects, in: order, collator: collator)
    }

    /// Any selection of projects in an order; `.user` keeps their positions' order.
    public static func ordered(_ projects: [Project], in order: ProjectOrder, collator: NameCollator) -> [Project] {
        var ordered = projects
        sort(&ordered, in: order, collator: collator)
        return ordered
    }

    /// As `ordered`, in place: a long list is never held twice (16 MB of projects at 100,000).
    public static func sort(_ projects: inout [Project], in order: ProjectOrder, collator: NameCollator) {
        if order == .user {
            // A catalog's projects are in its own order already: nothing to move then.
            if !projects.indices.dropFirst().allSatisfy({ projects[$0 - 1].position < projects[$0].position }) {
                projects.sort { $0.position < $1.position }
            }
            return
        }
        // One sort key per name, computed at most once rather than once per comparison (and, in date
        // order, only for the names of projects made in the same millisecond). Indices are sorted,
        // not copies of the projects, then the projects moved to their places.
        let indices: [Int] = {
            let projects = projects
            let keys = SortKeys(projects, collator: collator, computeAll: order == .name)
            func byName(_ lhs: Int, _ rhs: Int) -> Bool {
                let (leftKey, rightKey) = (keys[lhs], keys[rhs])
                if !leftKey.elementsEqual(rightKey) { return leftKey.lexicographicallyPrecedes(rightKey) }
                // Names that collate alike ("draft" and "Draft") fall back to code points, then to ids.
                let (left, right) = (projects[lhs].name.unicodeScalars, projects[rhs].name.unicodeScalars)
                if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
                return projects[lhs].id.uuidString < projects[rhs].id.uuidString
            }
            if order == .name { return projects.indices.sorted(by: byName) }
            return projects.indices.sorted { lhs, rhs in
                let (left, right) = (projects[lhs].created, projects[rhs].created)
                return left != right ? left < right : byName(lhs, rhs)
            }
        }()
        permute(&projects, by: indices)
    }

    /// Puts `projects[indices[i]]` at `i` for every `i`, following each cycle of the permutation
    /// with one project in hand, so no second array is made.
    private static func permute(_ projects: inout [Project], by indices: [Int]) {
        var placed = [Bool](repeating: false, count: indices.count)
        for start in indices.indices where !placed[start] {
            var target = start
            let held = projects[start]
            while true {
                placed[target] = true
                let source = indices[target]
                if source == start {
                    projects[target] = held
                    break
                }
                projects[target] = projects[source]
                target = source
            }
        }
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
