/// The words added and removed between two versions of a text: a shortest edit of their words
/// (Myers' algorithm, which finds its length in time proportional to the texts and the edit), so a
/// paragraph rewritten is its old words removed and its new ones added, not the small difference of
/// two counts.
public enum WordDiff {
    /// Beyond this many words changed, words are compared as two bags instead (what was in one
    /// and not in the other): the same answer for most rewrites, at a cost that stays linear.
    static let longestEdit = 2_000

    public static func changes<Word: Hashable>(from old: [Word], to new: [Word]) -> (added: Int, removed: Int) {
        // Words shared at both ends are no edit: most sessions change a little in the middle.
        var start = 0
        while start < old.count && start < new.count && old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start && newEnd > start && old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        let a = Array(old[start..<oldEnd]), b = Array(new[start..<newEnd])
        guard let edit = editLength(a, b) else { return bagChanges(a, b) }
        // An edit of length D between N and M words keeps (N + M - D) / 2 of them.
        let kept = (a.count + b.count - edit) / 2
        return (b.count - kept, a.count - kept)
    }

    /// The fewest words inserted and deleted to turn `a` into `b`, or `nil` past `longestEdit`.
    private static func editLength<Word: Hashable>(_ a: [Word], _ b: [Word]) -> Int? {
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return n + m }
        let limit = min(n + m, longestEdit)
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        for edit in 0...limit {
            for diagonal in stride(from: -edit, through: edit, by: 2) {
                var x = diagonal == -edit || (diagonal != edit && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
                    ? furthest[offset + diagonal + 1]
                    : furthest[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + diagonal] = x
                if x >= n && y >= m { return edit }
            }
        }
        return nil
    }

    private static func bagChanges<Word: Hashable>(_ a: [Word], _ b: [Word]) -> (added: Int, removed: Int) {
        var balance: [Word: Int] = [:]
        for word in a { balance[word, default: 0] -= 1 }
        for word in b { balance[word, default: 0] += 1 }
        let added = balance.values.filter { $0 > 0 }.reduce(0, +)
        let removed = -balance.values.filter { $0 < 0 }.reduce(0, +)
        return (added, removed)
    }
}
