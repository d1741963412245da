import Foundation

extension ProjectCatalog {
    /// After a move, the default order to remind the writer of when lists do not show their own
    /// order: once per store, until the default order changes (`ownOrderNoted`).
    public mutating func orderToNoteAfterMove() -> ProjectOrder? {
        guard defaultOrder != .user, !ownOrderNoted else { return nil }
        ownOrderNoted = true
        changes += 1
        return defaultOrder
    }

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
        // Indices are sorted, not copies of the projects, then the projects moved to their places.
        var indices = Array(projects.indices)
        if order == .name {
            indices = byName(indices, of: projects, collator: collator)
        } else {
            indices.sort { projects[$0].created < projects[$1].created }
            // Only projects made in the same millisecond need their names' keys.
            var start = 0
            while start < indices.count {
                let created = projects[indices[start]].created
                var end = start + 1
                while end < indices.count, projects[indices[end]].created == created { end += 1 }
                if end - start > 1 {
                    indices.replaceSubrange(start..<end, with: byName(Array(indices[start..<end]), of: projects, collator: collator))
                }
                start = end
            }
        }
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

/// `indices` in the order of their projects' names. Names that collate alike ("draft" and "Draft")
/// fall back to code points, then to ids, so the order is total.
private func byName(_ indices: [Int], of projects: [Project], collator: NameCollator) -> [Int] {
    let keys = NameKeys(indices.lazy.map { projects[$0].name }, collator: collator)
    let sorted = keys.withComparison { keyOrder in
        indices.indices.sorted { lhs, rhs in
            switch keyOrder(lhs, rhs) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame:
                let (left, right) = (projects[indices[lhs]], projects[indices[rhs]])
                let (leftName, rightName) = (left.name.unicodeScalars, right.name.unicodeScalars)
                if !leftName.elementsEqual(rightName) { return leftName.lexicographicallyPrecedes(rightName) }
                return left.id.uuidString < right.id.uuidString
            }
        }
    }
    return sorted.map { indices[$0] }
}

/// The collation keys of some names, end to end in one buffer (an array per key would cost more
/// than the key for 100,000 names), each with its first eight bytes as one number, where most
/// comparisons end.
private struct NameKeys {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var heads: [UInt64] = []

    init(_ names: some Collection<String>, collator: NameCollator) {
        bytes.reserveCapacity(names.count * 32)
        ends.reserveCapacity(names.count)
        heads.reserveCapacity(names.count)
        for name in names {
            let start = bytes.count
            collator.appendSortKey(name, to: &bytes)
            // Keys hold no zero byte, so a short key padded with zeros still sorts first.
            var head: UInt64 = 0
            for offset in start..<start + 8 {
                head = head << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
            }
            ends.append(bytes.count)
            heads.append(head)
        }
    }

    /// Calls `body` with a function that compares the keys of two names by their places in `names`.
    func withComparison<Result>(_ body: ((Int, Int) -> ComparisonResult) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                heads.withUnsafeBufferPointer { heads in
                    body { lhs, rhs in
                        if heads[lhs] != heads[rhs] { return heads[lhs] < heads[rhs] ? .orderedAscending : .orderedDescending }
                        // The heads are equal, so both keys are at least eight bytes long or equal.
                        let leftStart = (lhs == 0 ? 0 : ends[lhs - 1]) + 8, rightStart = (rhs == 0 ? 0 : ends[rhs - 1]) + 8
                        let leftCount = max(ends[lhs] - leftStart, 0), rightCount = max(ends[rhs] - rightStart, 0)
                        let common = min(leftCount, rightCount)
                        let order = common == 0 ? 0 : memcmp(bytes.baseAddress! + leftStart, bytes.baseAddress! + rightStart, common)
                        if order != 0 { return order < 0 ? .orderedAscending : .orderedDescending }
                        if leftCount != rightCount { return leftCount < rightCount ? .orderedAscending : .orderedDescending }
                        return .orderedSame
                    }
                }
            }
        }
    }
}
