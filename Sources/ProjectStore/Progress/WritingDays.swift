import Foundation

/// One project's words on one day.
public struct ProjectDay: Sendable, Equatable {
    public let project: UUID
    public let day: Int
    public let words: Int
    public let added: Int
    public let removed: Int
}

/// The words written each day, computed from every machine's counts together
/// (docs/progress.md, "How a day's words are computed"): the same on every machine that holds the
/// same records, whatever order they came in.
public struct WritingDays: Sendable {
    /// Each project's days that have words or sessions, oldest first.
    public let byProject: [UUID: [ProjectDay]]
    /// The first day any project was counted.
    public let firstDay: Int?

    public init(_ records: ProgressRecords, projects: Set<UUID>? = nil) {
        var ends: [UUID: [Int: (time: Int, words: Int)]] = [:]
        var earliest: [UUID: (time: Int, words: Int)] = [:]
        var first: Int?
        for count in records.counts where projects?.contains(count.project) ?? true {
            let day = count.day
            first = min(first ?? day, day)
            let candidate = (time: count.time, words: count.words)
            if let known = earliest[count.project], (known.time, -known.words) <= (candidate.time, -candidate.words) {} else {
                earliest[count.project] = candidate
            }
            if let known = ends[count.project]?[day], (known.time, known.words) >= (candidate.time, candidate.words) { continue }
            ends[count.project, default: [:]][day] = candidate
        }
        var sessions: [UUID: [Int: (added: Int, removed: Int)]] = [:]
        for session in records.sessions where projects?.contains(session.project) ?? true {
            let sum = sessions[session.project]?[session.day] ?? (0, 0)
            sessions[session.project, default: [:]][session.day] = (sum.added + session.added, sum.removed + session.removed)
        }
        var byProject: [UUID: [ProjectDay]] = [:]
        for project in Set(ends.keys).union(sessions.keys) {
            let projectEnds = ends[project] ?? [:]
            let projectSessions = sessions[project] ?? [:]
            var days: [ProjectDay] = []
            // The first count ever is where the project started from: its day shows what was written
            // after it, not the whole text.
            var previous = earliest[project]?.words
            for day in Set(projectEnds.keys).union(projectSessions.keys).sorted() {
                var words = 0
                if let end = projectEnds[day]?.words {
                    words = end - (previous ?? end)
                    previous = end
                }
                let session = projectSessions[day]
                days.append(ProjectDay(
                    project: project, day: day, words: words,
                    added: session?.added ?? max(words, 0), removed: session?.removed ?? max(-words, 0)))
            }
            byProject[project] = days
        }
        self.byProject = byProject
        firstDay = first
    }

    /// The words of every project (or of those given) on each day from `first` to `last`, 0 where
    /// none were written.
    public func totals(from first: Int, through last: Int) -> [Int] {
        guard last >= first else { return [] }
        var totals = [Int](repeating: 0, count: last - first + 1)
        for days in byProject.values {
            for day in days where day.day >= first && day.day <= last {
                totals[day.day - first] += day.words
            }
        }
        return totals
    }

    /// Every day's total, keyed by day: for streaks, which reach back as far as the records do.
    public var totalsByDay: [Int: Int] {
        var totals: [Int: Int] = [:]
        for days in byProject.values {
            for day in days { totals[day.day, default: 0] += day.words }
        }
        return totals
    }

    /// The rows of each project for each day from `first` to `last`, days in order, projects in
    /// `order`; a day without words is a row of 0s.
    public func rows(from first: Int, through last: Int, projects order: [UUID]) -> [ProjectDay] {
        guard last >= first else { return [] }
        let indexed = byProject.mapValues { Dictionary($0.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a }) }
        var rows: [ProjectDay] = []
        for day in first...last {
            for project in order {
                rows.append(indexed[project]?[day] ?? ProjectDay(project: project, day: day, words: 0, added: 0, removed: 0))
            }
        }
        return rows
    }
}
