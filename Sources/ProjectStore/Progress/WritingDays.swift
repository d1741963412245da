import Foundation

/// One project's words on one day. The project is the key its days are kept under
/// (`byProject`), not a field of each: ten years of a hundred projects are 365,000 days, and an id
/// in each was 6 MB more memory to fill.
public struct ProjectDay: Sendable, Equatable {
    public let day: Int
    public let words: Int
    public let added: Int
    public let removed: Int
}

/// The words written each day, computed from every machine's counts together
/// (docs/progress.md, "How a day's words are computed"): the same on every machine that holds the
/// same records, whatever order they came in. Ten years of a hundred projects is 365,000 counts, so
/// each count costs one lookup of its project, and the days are found by sorting each project's counts.
public struct WritingDays: Sendable {
    /// Each project's days that have a count or a session, oldest first.
    public let byProject: [UUID: [ProjectDay]]
    /// The first day any project was counted.
    public let firstDay: Int?

    public init(_ records: ProgressRecords, projects: Set<UUID>? = nil) {
        var indexOf = ProjectIndex()
        var ids: [UUID] = []
        if let projects {
            ids = projects.sorted { $0.uuidString < $1.uuidString }
            for id in ids { _ = indexOf.index(of: id, adding: true) }
        }
        var samples = [[DaySample]](repeating: [], count: ids.count)
        func index(of project: UUID) -> Int? {
            guard let index = indexOf.index(of: project, adding: projects == nil) else { return nil }
            if index == ids.count {
                ids.append(project)
                samples.append([])
            }
            return index
        }
        // A digest's counts come a project at a time, already in order: one lookup for them all.
        for ends in records.dayEnds {
            guard let index = index(of: ends.project) else { continue }
            // Shared, not copied, when it is the project's only digest: ten years of days are megabytes.
            if samples[index].isEmpty { samples[index] = ends.samples } else { samples[index] += ends.samples }
        }
        for count in records.counts {
            if let index = index(of: count.project) { samples[index].append(DaySample(day: count.day, time: count.time, words: count.words)) }
        }
        for count in records.arrivals {
            if let index = index(of: count.project) {
                samples[index].append(DaySample(day: count.day, time: count.time, words: count.words, arrival: true))
            }
        }
        var sessions: [UUID: [Int: (added: Int, removed: Int)]] = [:]
        for session in records.sessions where projects?.contains(session.project) ?? true {
            let sum = sessions[session.project]?[session.day] ?? (0, 0)
            sessions[session.project, default: [:]][session.day] = (sum.added + session.added, sum.removed + session.removed)
        }
        var byProject: [UUID: [ProjectDay]] = [:]
        var first: Int?
        for (index, id) in ids.enumerated() {
            var projectSamples = samples[index]
            projectSamples.sort()
            if let earliest = projectSamples.map(\.day).min() { first = min(first ?? earliest, earliest) }
            byProject[id] = Self.days(projectSamples, sessions: sessions.removeValue(forKey: id) ?? [:])
        }
        for (id, projectSessions) in sessions { byProject[id] = Self.days([], sessions: projectSessions) }
        self.byProject = byProject.filter { !$0.value.isEmpty }
        firstDay = first
    }

    /// The days of several machines, each from its own records only, added up (docs/progress.md,
    /// "Arrivals"): in a root kept in git, where what arrives by `sync` is told apart, a machine's
    /// count of a text another machine's words have not reached yet is no cut.
    public init(machines: [ProgressRecords], projects: Set<UUID>? = nil) {
        var sums: [UUID: [Int: ProjectDay]] = [:]
        var first: Int?
        for records in machines {
            let days = WritingDays(records, projects: projects)
            if let day = days.firstDay { first = min(first ?? day, day) }
            for (project, projectDays) in days.byProject {
                for day in projectDays {
                    let sum = sums[project]?[day.day]
                    sums[project, default: [:]][day.day] = ProjectDay(
                        day: day.day, words: (sum?.words ?? 0) + day.words, added: (sum?.added ?? 0) + day.added,
                        removed: (sum?.removed ?? 0) + day.removed)
                }
            }
        }
        byProject = sums.mapValues { days in days.keys.sorted().map { days[$0]! } }
        firstDay = first
    }

    /// A project's days from its counts in time order, and its sessions' sums by day.
    private static func days(_ samples: [DaySample], sessions: [Int: (added: Int, removed: Int)]) -> [ProjectDay] {
        // In time order, each difference belongs to the day of the later count; the first count ever
        // is where the project started from, so its day shows what was written after it. A writer
        // who flies west after midnight makes a count on an earlier day than the one before it: its
        // difference is that day's, with no cut and no day invented.
        var words: [(day: Int, words: Int)] = []
        words.reserveCapacity(samples.count)
        var inOrder = true
        var previous: Int?
        for sample in samples {
            // What arrived by `sync` was not written: this machine's count before the merge is
            // where the next difference starts from.
            let difference = sample.arrival ? 0 : sample.words - (previous ?? sample.words)
            previous = sample.words
            if let last = words.last, last.day == sample.day {
                words[words.count - 1].words += difference
            } else {
                if let last = words.last, last.day > sample.day { inOrder = false }
                words.append((sample.day, difference))
            }
        }
        if !inOrder {
            var byDay: [Int: Int] = [:]
            for entry in words { byDay[entry.day, default: 0] += entry.words }
            words = byDay.keys.sorted().map { ($0, byDay[$0]!) }
        }
        var days: [ProjectDay] = []
        days.reserveCapacity(words.count + sessions.count)
        var sessionDays = sessions.keys.sorted()[...]
        func day(_ number: Int, words: Int) {
            // Most projects have no session: no lookup for each of their thousands of days.
            guard !sessions.isEmpty, let session = sessions[number] else {
                days.append(ProjectDay(day: number, words: words, added: max(words, 0), removed: max(-words, 0)))
                return
            }
            // The sessions' words, and what was written outside them (in another editor, before or
            // after `open`) as added or removed: added − removed is always the day's words.
            let outside = words - (session.added - session.removed)
            days.append(ProjectDay(
                day: number, words: words, added: session.added + max(outside, 0), removed: session.removed + max(-outside, 0)))
        }
        for entry in words {
            // Sessions on days without a count come in their place.
            while let next = sessionDays.first, next < entry.day {
                day(next, words: 0)
                sessionDays.removeFirst()
            }
            if sessionDays.first == entry.day { sessionDays.removeFirst() }
            day(entry.day, words: entry.words)
        }
        for next in sessionDays { day(next, words: 0) }
        return days
    }

    /// The words of every project (or of those given) on each day from `first` to `last`, 0 where
    /// none were written.
    public func totals(from first: Int, through last: Int) -> [Int] {
        guard last >= first else { return [] }
        var totals = [Int](repeating: 0, count: last - first + 1)
        forEachDay(from: first, through: last) { totals[$0.day - first] += $0.words }
        return totals
    }

    /// The words of the projects given on each day from `first` to `last`, 0 where none were written.
    public func totals(from first: Int, through last: Int, of projects: [UUID]) -> [Int] {
        guard last >= first else { return [] }
        var totals = [Int](repeating: 0, count: last - first + 1)
        for project in projects {
            for day in Self.days(byProject[project] ?? [], from: first, through: last) { totals[day.day - first] += day.words }
        }
        return totals
    }

    /// The first day with a record of any of the projects given (all when `nil`).
    public func firstDay(of projects: [UUID]?) -> Int? {
        guard let projects else { return byProject.values.compactMap { $0.first?.day }.min() }
        return projects.compactMap { byProject[$0]?.first?.day }.min()
    }

    /// The pace of the projects given (all when `nil`) on `today`: over the last 14 days, starting
    /// no earlier than their first day with a record (docs/progress.md, "Pace").
    public func pace(today: Int, of projects: [UUID]? = nil) -> Pace {
        guard let first = firstDay(of: projects) else { return Pace(lastDays: []) }
        let start = max(today - Pace.window + 1, min(first, today))
        if let projects { return Pace(lastDays: totals(from: start, through: today, of: projects)) }
        return Pace(lastDays: totals(from: start, through: today))
    }

    /// Each project's days from `first` to `last` that have words or a session.
    public func forEachDay(from first: Int, through last: Int, _ body: (ProjectDay) -> Void) {
        for days in byProject.values { Self.days(days, from: first, through: last).forEach(body) }
    }

    /// The days of the period among a project's, which are in order: found by halving, not by
    /// reading ten years of them.
    private static func days(_ days: [ProjectDay], from first: Int, through last: Int) -> ArraySlice<ProjectDay> {
        func start(_ day: Int) -> Int {
            var low = 0, high = days.count
            while low < high {
                let middle = (low + high) / 2
                if days[middle].day < day { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return days[start(first)..<start(last + 1)]
    }

    /// Every day's total from the first day with a record to `last`: for streaks, which reach back
    /// as far as the records do.
    public func allTotals(through last: Int) -> (first: Int, totals: [Int]) {
        let first = min(byProject.values.compactMap { $0.first?.day }.min() ?? last, last)
        return (first, totals(from: first, through: last))
    }

    /// The rows of each project for each day from `first` to `last`, days in order, projects in
    /// `order`; a day without words is a row of 0s.
    public func rows(from first: Int, through last: Int, projects order: [UUID]) -> [(project: UUID, day: ProjectDay)] {
        guard last >= first else { return [] }
        let period = order.map { project in
            Dictionary(Self.days(byProject[project] ?? [], from: first, through: last).map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        }
        var rows: [(project: UUID, day: ProjectDay)] = []
        for day in first...last {
            for (project, days) in zip(order, period) {
                rows.append((project, days[day] ?? ProjectDay(day: day, words: 0, added: 0, removed: 0)))
            }
        }
        return rows
    }
}

/// Project ids to 0, 1, 2… in the order first seen: an open-addressing table over the id's bytes,
/// since `Dictionary`'s hashing of a UUID was most of the time of reading ten years of counts.
struct ProjectIndex {
    private var keys: [(UInt64, UInt64)?] = Array(repeating: nil, count: 256)
    private var values: [Int] = Array(repeating: 0, count: 256)
    private var count = 0

    /// The id's number; a new one when `adding`, else `nil` for an id not seen.
    mutating func index(of id: UUID, adding: Bool) -> Int? {
        let key = withUnsafeBytes(of: id.uuid) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
        var slot = Self.slot(key, in: keys.count)
        while let found = keys[slot] {
            if found == key { return values[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
        guard adding else { return nil }
        keys[slot] = key
        values[slot] = count
        count += 1
        if count * 2 > keys.count { grow() }
        return count - 1
    }

    /// Every bit of the id mixed into the low bits: ids that differ in one byte (made in sequence)
    /// must not share a slot.
    private static func slot(_ key: (UInt64, UInt64), in size: Int) -> Int {
        var mixed = key.0 ^ (key.1 &* 0x9E37_79B9_7F4A_7C15)
        mixed ^= mixed >> 33
        mixed = mixed &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed) & (size - 1)
    }

    private mutating func grow() {
        let old = zip(keys, values).compactMap { key, value in key.map { ($0, value) } }
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        for (key, value) in old {
            var slot = Self.slot(key, in: keys.count)
            while keys[slot] != nil { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = value
        }
    }
}

