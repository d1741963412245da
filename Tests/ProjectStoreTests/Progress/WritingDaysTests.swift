import Foundation
import Testing
@testable import ProjectStore

/// Noon UTC on `day` days after 2026-11-01, plus `hours`.
func moment(_ day: Int, hours: Int = 0) -> Int {
    (CalendarDay(parsing: "2026-11-01")!.daysSince1970 + day) * 86_400 + 12 * 3600 + hours * 3600
}

let novel = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
let poems = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!
let firstOfNovember = CalendarDay(parsing: "2026-11-01")!.daysSince1970

func count(_ project: UUID, day: Int, hours: Int = 0, words: Int, offset: Int = 0) -> WordCount {
    WordCount(project: project, time: moment(day, hours: hours), offsetMinutes: offset, words: words)
}

@Suite("Words per day")
struct WritingDaysTests {
    @Test("a day's words are its last count minus the last count of the day before that had one")
    func severalDays() {
        let records = ProgressRecords(counts: [
            count(novel, day: 0, words: 1000), count(novel, day: 0, hours: 3, words: 1200),
            count(novel, day: 1, words: 1500), count(novel, day: 3, words: 1400),
            count(poems, day: 1, words: 50), count(poems, day: 2, words: 80),
        ])
        let days = WritingDays(records)
        // Day 0: from the first count (1000) to the day's last (1200); day 2 has no count of the
        // novel; day 3 is lower than day 1: negative, never an error.
        #expect(days.totals(from: firstOfNovember, through: firstOfNovember + 3) == [200, 300 + 0, 30, -100])
        #expect(days.byProject[novel]?.map(\.words) == [200, 300, -100])
        #expect(days.byProject[novel]?.last?.removed == 100)
        #expect(days.firstDay == firstOfNovember)
    }

    @Test("the day is the writer's own: a count at 23:30 in a zone ahead of UTC is on that zone's day")
    func timeZoneDecidesTheDay() {
        // 12:00 UTC + 11 h 30 = 23:30 on day 1; 12:00 UTC + 12 h 30 = 00:30 on day 2.
        let late = WordCount(project: novel, time: moment(1), offsetMinutes: 11 * 60 + 30, words: 500)
        let early = WordCount(project: novel, time: moment(1), offsetMinutes: 12 * 60 + 30, words: 500)
        #expect(late.day == firstOfNovember + 1)
        #expect(early.day == firstOfNovember + 2)
    }

    @Test("sessions give the words added and removed; a rewritten paragraph is not zero")
    func sessions() {
        let records = ProgressRecords(
            counts: [count(novel, day: 0, words: 100), count(novel, day: 1, words: 100)],
            sessions: [WritingSession(project: novel, start: moment(1) - 3600, end: moment(1), offsetMinutes: 0, added: 40, removed: 40)])
        let day = WritingDays(records).byProject[novel]?.last
        #expect(day?.words == 0)
        #expect(day?.added == 40 && day?.removed == 40)
    }

    @Test("counts of two machines are one set: every order of arrival gives the same days, none counted twice")
    func twoMachines() throws {
        let laptop = UUID(), desktop = UUID()
        let laptopCounts = [count(novel, day: 0, words: 100), count(novel, day: 1, words: 300)]
        // The desktop counted the same text after sync (300 on day 1), then wrote more on day 2.
        let desktopCounts = [count(novel, day: 1, hours: 2, words: 300), count(novel, day: 2, words: 450)]
        func days(_ order: [(UUID, [WordCount])]) throws -> [Int] {
            let folder = MemoryProgressFolder()
            for (machine, counts) in order {
                for count in counts { try folder.record([count], of: machine) }
            }
            return WritingDays(folder.records()).totals(from: firstOfNovember, through: firstOfNovember + 2)
        }
        let laptopFirst = try days([(laptop, laptopCounts), (desktop, desktopCounts)])
        let desktopFirst = try days([(desktop, desktopCounts), (laptop, laptopCounts)])
        #expect(laptopFirst == [0, 200, 150])
        #expect(desktopFirst == laptopFirst)
    }

    @Test("a machine's records delivered late change the days to what every machine shows")
    func lateDelivery() throws {
        let laptop = UUID(), desktop = UUID()
        let laptopFolder = MemoryProgressFolder(), desktopFolder = MemoryProgressFolder()
        try laptopFolder.record([count(novel, day: 0, words: 100)], of: laptop)
        try desktopFolder.record([count(novel, day: 1, words: 250)], of: desktop)
        #expect(WritingDays(laptopFolder.records()).totals(from: firstOfNovember, through: firstOfNovember + 1) == [0, 0])
        laptopFolder.deliver(laptop, to: desktopFolder)
        desktopFolder.deliver(desktop, to: laptopFolder)
        let onLaptop = WritingDays(laptopFolder.records()).totals(from: firstOfNovember, through: firstOfNovember + 1)
        let onDesktop = WritingDays(desktopFolder.records()).totals(from: firstOfNovember, through: firstOfNovember + 1)
        #expect(onLaptop == [0, 150])
        #expect(onDesktop == onLaptop)
    }

    @Test("many projects, past the first size of the table of projects, each keep their own days")
    func manyProjects() {
        let ids = (0..<600).map { _ in UUID() }
        let counts = ids.enumerated().flatMap { index, id in
            [WordCount(project: id, time: moment(0), offsetMinutes: 0, words: index),
             WordCount(project: id, time: moment(1), offsetMinutes: 0, words: index * 2)]
        }
        let days = WritingDays(ProgressRecords(counts: counts))
        #expect(days.byProject.count == 600)
        #expect(ids.enumerated().allSatisfy { index, id in days.byProject[id]?.last?.words == index })
        #expect(WritingDays(ProgressRecords(counts: counts), projects: Set(ids.prefix(3))).byProject.count == 3)
    }

    @Test("only the projects asked for are added up")
    func scope() {
        let records = ProgressRecords(counts: [
            count(novel, day: 0, words: 10), count(novel, day: 1, words: 30), count(poems, day: 0, words: 5), count(poems, day: 1, words: 6),
        ])
        #expect(WritingDays(records, projects: [poems]).totals(from: firstOfNovember + 1, through: firstOfNovember + 1) == [1])
        let rows = WritingDays(records).rows(from: firstOfNovember, through: firstOfNovember + 1, projects: [novel, poems])
        #expect(rows.map(\.day.words) == [0, 0, 20, 1])
        #expect(rows.map(\.project) == [novel, poems, novel, poems])
    }
}

@Suite("Keeping counts")
struct CountThrottleTests {
    @Test("at most one count a project an hour goes into the log, and the latest is always kept")
    func hourly() throws {
        let folder = MemoryProgressFolder()
        let machine = UUID()
        for minutes in stride(from: 0, to: 180, by: 20) {
            let time = moment(0) + minutes * 60
            try folder.record([WordCount(project: novel, time: time, offsetMinutes: 0, words: 100 + minutes)], of: machine)
        }
        let records = folder.records()
        // Three hours: the first count, the last count of the first two hours, the latest beside them.
        #expect(records.counts.map(\.words) == [100, 140, 200, 260])
        #expect(WritingDays(records).totals(from: firstOfNovember, through: firstOfNovember) == [160])
    }

    @Test("a count equal to the latest is not written again")
    func unchanged() {
        let latest = [count(novel, day: 0, words: 10)]
        let outcome = CountThrottle.record([count(novel, day: 0, hours: 5, words: 10)], latest: latest)
        #expect(outcome.settled.isEmpty && outcome.latest == nil)
    }
}

@Suite("The first count ever")
struct FirstCountTests {
    @Test("two counts in the same second at the first count ever: the lower is the earlier, the higher the day's end")
    func sameSecond() {
        for order in [[300, 100], [100, 300]] {
            let records = ProgressRecords(counts: order.map { count(novel, day: 0, words: $0) })
            #expect(WritingDays(records).byProject[novel]?.map(\.words) == [200], "\(order)")
            // A digest keeps the same two.
            let reduced = ProgressRecords()
            var withDigest = reduced
            withDigest.dayEnds = DayEnds.reduce(records.counts)
            #expect(WritingDays(withDigest).byProject[novel]?.map(\.words) == [200], "\(order)")
        }
    }
}

@Suite("Days in time order")
struct TimeOrderTests {
    /// Paris (+1 h) writing past midnight, then New York (−5 h) the previous calendar day.
    let flight = [
        WordCount(project: novel, time: moment(6, hours: -3), offsetMinutes: 60, words: 0),
        WordCount(project: novel, time: moment(6, hours: 9), offsetMinutes: 60, words: 1_000),
        WordCount(project: novel, time: moment(6, hours: 11) + 1_800, offsetMinutes: 60, words: 1_200),
        WordCount(project: novel, time: moment(6, hours: 13), offsetMinutes: -300, words: 1_500),
        WordCount(project: novel, time: moment(7, hours: 2), offsetMinutes: -300, words: 1_600),
    ]

    @Test("each difference belongs to the day of the later count: flying west after midnight invents no cut and no day")
    func flyingWest() {
        let days = WritingDays(ProgressRecords(counts: flight))
        // Nov 7: 1,000 in Paris and 300 in New York that evening; Nov 8: the half hour past midnight
        // in Paris and 100 in New York the next morning.
        #expect(days.byProject[novel]?.map(\.day) == [firstOfNovember + 6, firstOfNovember + 7])
        #expect(days.byProject[novel]?.map(\.words) == [1_300, 300])
    }

    @Test("a reduction keeps each run's last count; another day's count inside a shortened run splits it")
    func reductionAndSplit() {
        let reduced = DayEnds.reduce(flight)
        var digested = ProgressRecords()
        digested.dayEnds = reduced
        #expect(WritingDays(digested).byProject == WritingDays(ProgressRecords(counts: flight)).byProject)
        // Runs in time order: Nov 7 (three counts in Paris), Nov 8, Nov 7 again, Nov 8 again.
        #expect(reduced.first?.samples.map(\.words) == [0, 1_000, 1_200, 1_500, 1_600])
        // Another machine's count between the first two, on Nov 8 in Tokyo: the first run is split.
        let tokyo = WordCount(project: novel, time: moment(6, hours: 4), offsetMinutes: 540, words: 400)
        #expect(DayEnds.split([reduced], counts: [tokyo]) == [0])
        // The same moment in Paris, on the run's own day: nothing is split.
        let paris = WordCount(project: novel, time: moment(6, hours: 4), offsetMinutes: 60, words: 400)
        #expect(DayEnds.split([reduced], counts: [paris]).isEmpty)
        var merged = digested
        merged.counts = [paris]
        #expect(WritingDays(merged).byProject == WritingDays(ProgressRecords(counts: flight + [paris])).byProject)
    }
}

@Suite("Arrivals by sync")
struct ArrivalTests {
    @Test("machine by machine, an arrival's difference is no day's words: a count made before syncing is no cut")
    func countBeforeSync() {
        // The laptop writes 500 words on day 1 and syncs; the desktop counts its old text on day 2,
        // then syncs on day 3: its count before the merge, the arrival, a count after.
        let laptop = ProgressRecords(counts: [count(novel, day: 0, words: 0), count(novel, day: 1, words: 500)])
        var desktop = ProgressRecords(counts: [
            count(novel, day: 0, hours: 1, words: 0), count(novel, day: 2, words: 0), count(novel, day: 3, hours: -1, words: 0),
            count(novel, day: 3, hours: 1, words: 500),
        ])
        desktop.arrivals = [count(novel, day: 3, words: 500)]
        let days = WritingDays(machines: [laptop, desktop])
        #expect(days.totals(from: firstOfNovember, through: firstOfNovember + 3) == [0, 500, 0, 0])
        // All counts together, as a folder-sync tool's root is read: the stale count is a cut.
        var together = laptop
        together.add(ProgressRecords(counts: desktop.counts))
        #expect(WritingDays(together).totals(from: firstOfNovember, through: firstOfNovember + 3) == [0, 500, -500, 500])
        // A digest of the desktop's log keeps the count before each arrival.
        var digested = ProgressRecords()
        digested.dayEnds = DayEnds.reduce(desktop.counts, breaks: desktop.arrivals)
        digested.arrivals = desktop.arrivals
        #expect(WritingDays(machines: [laptop, digested]).byProject == days.byProject)
        #expect(digested.dayEnds.first?.samples.map(\.words) == [0, 0, 0, 500])
    }
}
