import Foundation

/// One count as the days are computed from it: its calendar day, its moment, its words, and, for a
/// count that stands for others a digest left out, the moment of the first of them.
public struct DaySample: Sendable, Equatable, Comparable {
    public let day: Int
    public let time: Int
    public let words: Int
    /// The moment of the first count of the run this one ends (`DayEnds`); its own moment when it
    /// stands for no other.
    public let runStart: Int
    /// A count `sync` made after its merge: its difference from the count before it arrived, and
    /// was not written (`ProgressRecords.arrivals`).
    public let arrival: Bool

    public init(day: Int, time: Int, words: Int, runStart: Int? = nil, arrival: Bool = false) {
        self.day = day
        self.time = time
        self.words = words
        self.runStart = runStart ?? time
        self.arrival = arrival
    }

    /// Time order, the order the days are computed in: equal moments, an arrival first (`sync`
    /// records its count before the merge a second earlier, and a count made after the merge in the
    /// arrival's second came after it), then the lower count (text grows), so every machine agrees.
    public static func < (lhs: DaySample, rhs: DaySample) -> Bool {
        (lhs.time, lhs.arrival ? 0 : 1, lhs.words, lhs.day) < (rhs.time, rhs.arrival ? 0 : 1, rhs.words, rhs.day)
    }

    /// The earlier of two counts as the first count ever is chosen: equal moments, the lower count.
    func isEarlier(than other: DaySample) -> Bool {
        (time, words) < (other.time, other.words)
    }
}

/// One project's counts reduced to those its days are computed from (docs/progress.md): in time
/// order, each difference belongs to the day of the later count, so a run of counts in a row on one
/// day adds up to its last minus the count before it. The reduction keeps the first count of all and
/// the last count of each run, which gives the same days as every count would, alone or merged with
/// other counts — unless another count on another day falls inside a run it shortened
/// (`splits(by:)`), when the log is read in full instead. What a digest of a long log keeps.
public struct DayEnds: Sendable, Equatable {
    public let project: UUID
    /// In time order.
    public let samples: [DaySample]

    public init(project: UUID, samples: [DaySample]) {
        self.project = project
        self.samples = samples
    }

    /// The counts of any number of projects, reduced, projects in the order first met. A run also
    /// ends at each of `breaks` (arrivals by `sync`), whose moments the count before must keep.
    public static func reduce(_ counts: [WordCount], breaks: [WordCount] = []) -> [DayEnds] {
        var breakTimes: [UUID: [Int]] = [:]
        for count in breaks { breakTimes[count.project, default: []].append(count.time) }
        var indexOf = ProjectIndex()
        var ids: [UUID] = []
        var samples: [[DaySample]] = []
        for count in counts {
            let index = indexOf.index(of: count.project, adding: true)!
            if index == ids.count {
                ids.append(count.project)
                samples.append([])
            }
            samples[index].append(DaySample(day: count.day, time: count.time, words: count.words))
        }
        return zip(ids, samples).map { DayEnds(project: $0, samples: reduced($1, breaks: (breakTimes[$0] ?? []).sorted())) }
    }

    private static func reduced(_ samples: [DaySample], breaks: [Int]) -> [DaySample] {
        let sorted = samples.sorted()
        guard let first = sorted.first else { return [] }
        /// A break at or between two moments.
        func broken(_ from: Int, _ to: Int) -> Bool {
            guard !breaks.isEmpty else { return false }
            var low = 0, high = breaks.count
            while low < high {
                let middle = (low + high) / 2
                if breaks[middle] < from { low = middle + 1 } else { high = middle }
            }
            return low < breaks.count && breaks[low] <= to
        }
        func endsRun(_ index: Int) -> Bool {
            index + 1 == sorted.count || sorted[index + 1].day != sorted[index].day || broken(sorted[index].time, sorted[index + 1].time)
        }
        var kept: [DaySample] = [first]
        var runStart = first.time
        for (index, sample) in sorted.enumerated() {
            if index > 0 && endsRun(index - 1) { runStart = sample.time }
            guard index > 0, endsRun(index) else { continue }
            kept.append(DaySample(day: sample.day, time: sample.time, words: sample.words, runStart: runStart))
        }
        return kept
    }

    /// The sources (each a log's reductions) whose reduction another count splits: a count of the
    /// same project, from another source or from `counts`, inside a run the reduction shortened and
    /// on another day. Those must be read in full for the days to be what every count gives.
    /// `breaks`, one list a source (its machine's arrivals by `sync` read after its digest), split any
    /// run of that source they fall in.
    public static func split(_ sources: [[DayEnds]], counts: [WordCount], breaks: [[WordCount]] = []) -> Set<Int> {
        guard sources.contains(where: { $0.contains { $0.samples.contains { $0.runStart < $0.time } } }) else { return [] }
        // Only a project counted in more than one place can be split: ten years of one machine's
        // log are checked against the few counts read after its digest, not merged with them.
        var places: [UUID: Int] = [:]
        for reductions in sources { for ends in reductions { places[ends.project, default: 0] += 1 } }
        for count in counts + breaks.joined() where places[count.project] != nil && places[count.project]! < 2 { places[count.project]! += 1 }
        // Every sample of each such project, in time order, with its source (-1: a count read whole).
        var all: [UUID: [(time: Int, day: Int, source: Int)]] = [:]
        for (source, reductions) in sources.enumerated() {
            for ends in reductions where places[ends.project]! > 1 {
                all[ends.project, default: []] += ends.samples.map { ($0.time, $0.day, source) }
            }
        }
        for count in counts where all[count.project] != nil { all[count.project]!.append((count.time, count.day, -1)) }
        for (source, counts) in breaks.enumerated() {
            for count in counts where all[count.project] != nil { all[count.project]!.append((count.time, count.day, -2 - source)) }
        }
        for key in all.keys { all[key]!.sort { $0.time < $1.time } }
        var split: Set<Int> = []
        for (source, reductions) in sources.enumerated() {
            check: for ends in reductions {
                guard let merged = all[ends.project] else { continue }
                for sample in ends.samples where sample.runStart < sample.time {
                    var low = 0, high = merged.count
                    while low < high {
                        let middle = (low + high) / 2
                        if merged[middle].time < sample.runStart { low = middle + 1 } else { high = middle }
                    }
                    while low < merged.count && merged[low].time <= sample.time {
                        let other = merged[low]
                        if other.source == -2 - source || (other.source >= -1 && other.source != source && other.day != sample.day) {
                            split.insert(source)
                            break check
                        }
                        low += 1
                    }
                }
            }
        }
        return split
    }
}
