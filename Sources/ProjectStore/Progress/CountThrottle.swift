/// Which counts go into a machine's log and which wait in its list of latest counts: at most one a
/// project an hour in the log, and the latest always kept (docs/progress.md, "How often").
public enum CountThrottle {
    public struct Outcome: Equatable, Sendable {
        /// Counts to append to the log: each a latest count a newer hour has replaced, and a
        /// project's first.
        public let settled: [WordCount]
        /// The latest count of each project, to be written in place of the old list; `nil` when
        /// nothing changed, so nothing is written.
        public let latest: [WordCount]?
    }

    public static func record(_ counts: [WordCount], latest: [WordCount]) -> Outcome {
        var current = latest
        var settled: [WordCount] = []
        var changed = false
        for count in counts {
            guard let index = current.firstIndex(where: { $0.project == count.project }) else {
                // A project's first count on this machine goes into the log at once too: it is
                // where the project's first day starts from, and a later count must not replace it.
                settled.append(count)
                current.append(count)
                changed = true
                continue
            }
            let previous = current[index]
            if previous.words == count.words && previous.day == count.day { continue }
            if previous.hour != count.hour { settled.append(previous) }
            current[index] = count
            changed = true
        }
        return Outcome(settled: settled, latest: changed ? current : nil)
    }
}
