import Foundation

/// One count as the days are computed from it: its calendar day, its moment, its words.
public struct DaySample: Sendable, Equatable, Comparable {
    public let day: Int
    public let time: Int
    public let words: Int

    public init(day: Int, time: Int, words: Int) {
        self.day = day
        self.time = time
        self.words = words
    }

    public static func < (lhs: DaySample, rhs: DaySample) -> Bool {
        (lhs.day, lhs.time, lhs.words) < (rhs.day, rhs.time, rhs.words)
    }

    /// The earlier of two counts as the first count ever is chosen: equal moments, the lower count,
    /// as a day's end takes the higher of equal moments (text grows; so every machine agrees).
    func isEarlier(than other: DaySample) -> Bool {
        (time, words) < (other.time, other.words)
    }
}

/// One project's counts reduced to those its days are computed from (docs/progress.md): the last
/// count of each day, and the earliest count of all. A day's words take only the end counts and
/// the first count ever, so these give the same days as every count would, alone or merged with
/// the counts of other logs: what a digest of a long log keeps.
public struct DayEnds: Sendable, Equatable {
    public let project: UUID
    /// Oldest first, at most one a day but for the day of the earliest count, which may have two.
    public let samples: [DaySample]

    public init(project: UUID, samples: [DaySample]) {
        self.project = project
        self.samples = samples
    }

    /// The counts of any number of projects, reduced, projects in the order first met.
    public static func reduce(_ counts: [WordCount]) -> [DayEnds] {
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
        return zip(ids, samples).map { DayEnds(project: $0, samples: reduced($1)) }
    }

    private static func reduced(_ samples: [DaySample]) -> [DaySample] {
        let sorted = samples.sorted()
        guard let first = samples.min(by: { $0.isEarlier(than: $1) }) else { return [] }
        var kept: [DaySample] = []
        for (index, sample) in sorted.enumerated() where index + 1 == sorted.count || sorted[index + 1].day != sample.day {
            // The first count comes before its day's end, as sorted.
            if sample.day == first.day && sample != first { kept.append(first) }
            kept.append(sample)
        }
        return kept
    }
}
