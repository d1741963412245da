import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

@Suite("Progress files")
struct ProgressFilesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ProgressFiles-\(UUID().uuidString)").path
    let project = UUID(uuidString: "6f1c2d3e-0000-4000-8000-000000000001")!

    @Test("every record reads back as written; a line cut short or of another kind is skipped")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let machine = UUID()
        let records = ProgressRecords(
            counts: [WordCount(project: project, time: 1_795_000_000, offsetMinutes: -300, words: 12_345)],
            sessions: [WritingSession(project: project, start: 1_795_000_000, end: 1_795_003_600, offsetMinutes: 60, added: 40, removed: 3)],
            goals: [GoalSetting(time: 1_795_000_001, words: 500), GoalSetting(time: 1_795_000_002, words: nil)],
            backfills: [20_000])
        let files = ProgressFiles(folder: folder)
        try files.append(records, latest: [WordCount(project: project, time: 1_795_009_000, offsetMinutes: 0, words: 12_400)], of: machine)
        // Another version's line, and one a crash cut short.
        let log = folder + "/" + machine.uuidString.lowercased() + ".log"
        let handle = try #require(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write(Data("x 1 2 3\nc 1795000000 0 6f1c2d3e-0000-4000-8000-0000".utf8))
        try handle.close()
        let read = try files.records()
        #expect(read.sessions == records.sessions)
        #expect(read.goals == records.goals)
        #expect(read.backfills == records.backfills)
        let counts = read.counts.sorted { $0.time < $1.time }
        #expect(counts.map(\.words) == [12_345, 12_400])
        #expect(counts.first == records.counts.first)
        #expect(read.dailyGoal == nil)
        #expect(try files.latest(of: machine).map(\.words) == [12_400])
    }

    @Test("records kept beside the store are brought into a shared root's folder, added to a log already there")
    func adopt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let machine = UUID()
        let beside = ProgressFiles(folder: folder + "/beside"), shared = ProgressFiles(folder: folder + "/shared")
        try beside.record([WordCount(project: project, time: 1_795_000_000, offsetMinutes: 0, words: 10)], of: machine)
        try shared.record([WordCount(project: project, time: 1_795_100_000, offsetMinutes: 0, words: 30)], of: machine)
        try shared.adopt(beside)
        #expect(Set(try shared.records().counts.map(\.words)) == [10, 30])
        #expect(!FileManager.default.fileExists(atPath: folder + "/beside"))
        try shared.adopt(beside)
        #expect(Set(try shared.records().counts.map(\.words)) == [10, 30], "nothing twice")
    }
}
