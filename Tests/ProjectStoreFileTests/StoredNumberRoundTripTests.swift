import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// Every number a writer types that the tool keeps, at the largest its range takes, written by the
/// files' own writers and read back by their readers: the store, its export, its history, a
/// machine's log in a shared root and the progress log. And the readers still read the longest
/// numbers they read before the ranges, so no file already written becomes unreadable.
@Suite("Numbers the tool keeps, at their largest, read back")
struct StoredNumberRoundTripTests {
    private let words = StoredNumber.wordTarget.range.upperBound
    private let days = StoredNumber.responseDays.range.upperBound

    @Test("a target and a usual response time at their largest read back from the store, its export, its history and a machine's log")
    func storeHistoryAndLog() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json", laptop = Machine(id: UUID(), name: "laptop")
            let store = ProjectStore(storage: FileStorage(path: path), recording: "edit", clock: { sampleDate }, machine: { laptop })
            let novel = try store.add(name: "Novel", kind: .novel)
            try store.edit(.id(novel.id), ProjectEdit(target: .set(words)))
            let market = try store.change { catalog throws(ProjectStoreError) in
                let market = try catalog.addMarket(Market(id: UUID(), name: "Agni"))
                return try catalog.setMarket(market.id.lowercasedString, .responseDays, to: String(days))
            }
            let written = try store.catalog()
            #expect(written.projects.map(\.target) == [words] && written.markets.map(\.responseDays) == [days])

            let reopened = FileStorage(path: path)
            let read = try reopened.load()
            #expect(read == written)
            #expect(read.projects.map(\.target) == [words] && read.markets == [market])

            let exported = try StoreDocument.decode(StoreDocument.encode(written))
            #expect(exported.projects == written.projects && exported.markets == written.markets)

            let history = try reopened.history(of: read)
            let operations = history.flatMap(\.operations)
            #expect(operations.contains(.set(novel.id, .target(from: nil, to: words))))
            #expect(operations.contains(.submissions(.setMarket(market.id, .responseDays, from: nil, to: String(days)))))

            let root = folder + "/Writing", shared = SharedRootFolder()
            try shared.share(root)
            for change in history { _ = try shared.append(SharedChange(change: change, seen: [:]), in: root) }
            #expect(history.count == 3 && history.allSatisfy { $0.machine == laptop })
            #expect(try shared.log(of: laptop.id, in: root).map(\.change.change.operations) == history.map(\.operations))
        }
    }

    @Test("a daily goal at its largest reads back from the progress log")
    func goalInTheProgressLog() throws {
        try withTemporaryFolder { folder in
            let files = ProgressFiles(folder: folder + "/progress"), machine = UUID()
            try files.setGoal(StoredNumber.dailyGoal.range.upperBound, at: 1_795_000_000, of: machine)
            #expect(try files.records().dailyGoal == StoredNumber.dailyGoal.range.upperBound)
            #expect(throws: ProjectStoreError.invalidGoal(StoredNumber.dailyGoal.range.upperBound + 1)) {
                try files.setGoal(StoredNumber.dailyGoal.range.upperBound + 1, at: 1_795_000_100, of: machine)
            }
            #expect(try files.records().goals == [GoalSetting(time: 1_795_000_000, words: StoredNumber.dailyGoal.range.upperBound)])
        }
    }

    /// The readers are not narrowed to the ranges: what they read before, up to 18 digits, they read
    /// still, and the store reads the 19-digit target an earlier version wrote and could not read
    /// back; a number past `Int` it refuses.
    @Test("a store and a progress log written before the ranges, with numbers of 18 and 19 digits, read as they were")
    func numbersFromBeforeTheRanges() throws {
        let eighteen = 999_999_999_999_999_999
        let fields = #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "Draft", "type": "novel", "created": "2026-11-22T08:30:00.125Z""#
        func store(target: String) -> [UInt8] {
            Array(#"{"version": 4, "sort": "name", "root": null, "projects": [{"# .utf8) + Array(fields.utf8)
                + Array(#", "target": \#(target)}], "markets": [{"id": "3a000000-0000-4000-8000-000000000001", "name": "Agni", "response-days": "\#(eighteen)"}]}"#.utf8)
        }
        let read = try StoreDocument.decode(store(target: String(eighteen)))
        #expect(read.projects.map(\.target) == [eighteen] && read.markets.map(\.responseDays) == [eighteen])
        #expect(try StoreDocument.decode(store(target: "1000000000000000000")).projects.map(\.target) == [1_000_000_000_000_000_000])
        #expect(documentProblem { try StoreDocument.decode(store(target: "9" + String(eighteen))) } != nil)

        var records = ProgressRecords()
        Array("g 1795000000 \(eighteen)\ng 1795000100 1\(eighteen)\n".utf8).withUnsafeBytes { ProgressLine.decode($0, into: &records) }
        #expect(records.goals == [GoalSetting(time: 1_795_000_000, words: eighteen)])
    }
}
