import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// The digest of a log against a plain reading of the same folder, on random logs that grow, are
/// cut short by a crash, arrive from another machine after the digest was made, or whose digest is
/// damaged: the days, the goal and the backfills must be the same either way.
@Suite("Progress digests")
struct ProgressDigestTests {
    @Test("reading through digests gives the days a plain reading gives, whatever happened to the logs")
    func digestAgrees() throws {
        let seed = SplitMix64.seedForThisRun(test: "ProgressDigestTests.digestAgrees")
        var random = SplitMix64(seed: seed)
        try withTemporaryFolder { base in
            for round in 0..<25 {
                let folder = base + "/\(round)/progress", digests = base + "/\(round)/digests"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let projects = (0..<Int.random(in: 1...6, using: &random)).map { _ in UUID() }
                let laptop = folder + "/" + UUID().uuidString.lowercased() + ".log"
                let desktop = folder + "/" + UUID().uuidString.lowercased() + ".log"
                func check(_ what: String) throws {
                    let plain = try ProgressFiles(folder: folder).records()
                    // Twice: the first reading may make the digests, the second reads them.
                    for reading in ["first", "second"] {
                        let agree = Self.same(try ProgressFiles(folder: folder, digests: digests).records(), plain)
                        #expect(agree, "seed \(seed), round \(round), \(what), \(reading) reading")
                    }
                }
                try writeFile(laptop, Self.lines(projects, &random))
                try check("a log")
                try append(Self.lines(projects, &random), to: laptop)
                try check("the log grew")
                let log = try #require(fileBytes(laptop))
                try writeFile(laptop, Array(log.prefix(Int.random(in: 0...log.count, using: &random))))
                try check("the log cut short")
                try append(Self.lines(projects, &random), to: laptop)
                try check("the cut log grew")
                try writeFile(desktop, Self.lines(projects, &random))
                try check("another machine's log arrived")
                try append(Self.lines(projects, &random), to: desktop)
                try check("the other log arrived longer")
                let digest = digests + "/" + (desktop as NSString).lastPathComponent + ".digest"
                var damaged = try #require(fileBytes(digest))
                if Bool.random(using: &random) {
                    damaged = Array(damaged.prefix(Int.random(in: 0..<damaged.count, using: &random)))
                } else {
                    damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
                try writeFile(digest, damaged)
                try check("a damaged digest")
            }
        }
    }

    @Test("a digest is made once and read after, kept out of the logs' folder")
    func madeOnce() throws {
        try withTemporaryFolder { base in
            let folder = base + "/progress", digests = base + "/digests"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var random = SplitMix64(seed: 31)
            let log = folder + "/" + UUID().uuidString.lowercased() + ".log"
            try writeFile(log, Self.lines([UUID()], &random))
            let first = try ProgressFiles(folder: folder, digests: digests).records()
            let digest = digests + "/" + (log as NSString).lastPathComponent + ".digest"
            let made = try #require(fileStatus(digest))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [(log as NSString).lastPathComponent])
            let again = try ProgressFiles(folder: folder, digests: digests).records()
            #expect(fileStatus(digest)?.st_ino == made.st_ino, "read, not made again")
            let agree = Self.same(first, again)
            #expect(agree)
            #expect(again.counts.isEmpty, "the counts came from the digest")
        }
    }

    @Test("a digest's run split by another machine's count on another day: that log is read whole, and the days are the same")
    func splitRun() throws {
        try withTemporaryFolder { base in
            let folder = base + "/progress", digests = base + "/digests"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let project = UUID()
            let noon = 1_794_052_800  // 2026-11-07 12:00 UTC
            // Paris (+1 h): three counts on the 7th, one run; the digest keeps its first and last.
            let paris = [(noon - 10_800, 0), (noon, 600), (noon + 32_400, 1_000)].map {
                WordCount(project: project, time: $0.0, offsetMinutes: 60, words: $0.1)
            }
            try writeFile(folder + "/a.log", ProgressLine.encode(ProgressRecords(counts: paris)))
            let plainBefore = try ProgressFiles(folder: folder).records()
            let digested = try ProgressFiles(folder: folder, digests: digests).records()
            #expect(Self.same(digested, plainBefore))
            // Tokyo (+9 h), 16:00 UTC: the 8th there, inside the Paris run.
            let tokyo = WordCount(project: project, time: noon + 14_400, offsetMinutes: 540, words: 800)
            try writeFile(folder + "/b.log", ProgressLine.encode(ProgressRecords(counts: [tokyo])))
            let plain = try ProgressFiles(folder: folder).records()
            for reading in ["first", "second"] {
                let agree = Self.same(try ProgressFiles(folder: folder, digests: digests).records(), plain)
                #expect(agree, "\(reading) reading")
            }
            // The 7th: 600 in Paris, then 200 after Tokyo's 800; the 8th in Tokyo: 200. Through the
            // digest alone (0, then 1,000), Tokyo would have had 800 and Paris 200.
            #expect(WritingDays(plain).byProject[project]?.map(\.words) == [800, 200])
        }
    }

    /// The same days, goal, backfills and first count, whichever way the records were read.
    static func same(_ one: ProgressRecords, _ other: ProgressRecords) -> Bool {
        let (days, otherDays) = (WritingDays(one), WritingDays(other))
        return days.byProject == otherDays.byProject && days.firstDay == otherDays.firstDay && one.dailyGoal == other.dailyGoal
            && one.backfills.sorted() == other.backfills.sorted() && one.firstCountTime == other.firstCountTime
    }

    /// Lines as the tool writes them, a few projects counted several times a day in several zones,
    /// with sessions, goals and backfills, some lines damaged.
    static func lines(_ projects: [UUID], _ random: inout SplitMix64) -> [UInt8] {
        let start = 1_790_000_000
        var records = ProgressRecords()
        var text: [UInt8] = []
        for _ in 0..<Int.random(in: 0...120, using: &random) {
            let project = projects.randomElement(using: &random)!
            let time = start + Int.random(in: 0...(20 * 86_400), using: &random)
            let offset = [-300, 0, 60, 540].randomElement(using: &random)!
            switch Int.random(in: 0..<20, using: &random) {
            case 0: records.sessions.append(WritingSession(project: project, start: time - 600, end: time, offsetMinutes: offset,
                                                           added: Int.random(in: 0...900, using: &random), removed: Int.random(in: 0...90, using: &random)))
            case 1: records.goals.append(GoalSetting(time: time, words: Bool.random(using: &random) ? Int.random(in: 1...900, using: &random) : nil))
            case 2: records.backfills.append(time / 86_400)
            case 3: text += Array("c \(time) 0 \(project.uuidString.lowercased()) 1\u{2}\n".utf8)
            default: records.counts.append(WordCount(project: project, time: time, offsetMinutes: offset, words: Int.random(in: 0...5_000, using: &random)))
            }
        }
        return ProgressLine.encode(records) + text
    }
}

private func append(_ bytes: [UInt8], to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(bytes))
    try handle.close()
}
