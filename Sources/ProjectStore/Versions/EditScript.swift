/// The shortest edit script between two sequences (Myers' O(ND) algorithm), after their common
/// beginning and end are set aside. Past `limit` differences it gives up finding the shortest and
/// says "all of this went, all of that came", so two unrelated texts cost no more than that limit.
enum EditScript {
    enum Step: Equatable {
        case same(old: Int, new: Int)
        case removed(old: Int)
        case added(new: Int)
    }

    static func between(_ old: [Int], _ new: [Int], limit: Int = 2_000) -> [Step] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var steps = (0..<prefix).map { Step.same(old: $0, new: $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        steps += middle(old, oldMiddle, new, newMiddle, limit: limit)
        steps += (0..<suffix).map { Step.same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return steps
    }

    private static func middle(_ a: [Int], _ aRange: Range<Int>, _ b: [Int], _ bRange: Range<Int>, limit: Int) -> [Step] {
        let n = aRange.count, m = bRange.count
        let everything = aRange.map { Step.removed(old: $0) } + bRange.map { Step.added(new: $0) }
        if n == 0 || m == 0 { return everything }
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...min(n + m, limit) {
            trace.append(Array(frontier[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[aRange.lowerBound + x] == b[bRange.lowerBound + y] { x += 1; y += 1 }
                frontier[offset + k] = x
                if x >= n, y >= m { found = true; break search }
            }
        }
        guard found else { return everything }
        // Back from the end, through the frontier each round started from.
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let before = trace[d]
            func reach(_ k: Int) -> Int { before[k + d] }  // before is indexed from -d
            let k = x - y
            let previousK = (k == -d || (k != d && reach(k - 1) < reach(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : reach(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                steps.append(.same(old: aRange.lowerBound + x, new: bRange.lowerBound + y))
            }
            if d > 0 {
                if x == previousX { steps.append(.added(new: bRange.lowerBound + previousY)) } else { steps.append(.removed(old: aRange.lowerBound + previousX)) }
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
