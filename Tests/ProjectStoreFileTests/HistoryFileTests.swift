import Foundation
import Testing
import ProjectStore
@testable import ProjectStoreFile

@Suite("History file")
struct HistoryFileTests {
    private let project = Project(
        id: UUID(uuidString: "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b")!, name: "Café \"Noir\"\n", kind: .novel,
        created: Date(timeIntervalSince1970: 1_800_000_000.125), details: "two\nlines", position: 3,
        folder: ProjectFolder(recorded: "Café -Noir-", isManaged: true))

    private func events() -> [HistoryEvent] {
        let renamed = Project(
            id: project.id, name: "Other", kind: .novel, created: project.created, details: nil, position: 1, folder: nil)
        let record = ChangeRecord(
            projects: [ProjectDelta(before: nil, after: project), ProjectDelta(before: project, after: renamed)],
            order: ValueChange(before: .name, after: .user), root: ValueChange(before: nil, after: "/w"),
            disk: [
                .made(project: project.id, path: "/w/Café -Noir-", layout: .folders(["Chapters", "Set Aside"])),
                .made(project: project.id, path: "/w/T", layout: .template("/t/novel")),
                .moved(project: project.id, from: "/w/a", to: "/w/.trash/a (2)"),
            ])
        return [
            HistoryEvent(revision: 1, time: Date(timeIntervalSince1970: 1_800_000_001.5), kind: .change(command: "rename", record: record)),
            HistoryEvent(revision: 2, time: Date(timeIntervalSince1970: 1_800_000_002), kind: .undo(of: 1, disk: record.disk)),
            HistoryEvent(revision: 3, time: Date(timeIntervalSince1970: 1_800_000_003), kind: .redo(of: 1, disk: [])),
            HistoryEvent(revision: 3, time: Date(timeIntervalSince1970: 1_800_000_003), kind: .redoChain([1])),
        ]
    }

    @Test("every kind of event round-trips, one a line")
    func roundTrip() throws {
        let bytes = HistoryFile.encode(events())
        #expect(bytes.split(separator: 0x0A).count == 5)
        #expect(try HistoryFile.decode(bytes) == events())
    }

    @Test("a torn last line is no line; garbage before it, or a newer header, is refused")
    func framing() throws {
        let whole = HistoryFile.encode(events())
        let torn = whole + Array(#"{"rev": 4, "time": "20"#.utf8)
        #expect(try HistoryFile.decode(torn) == events())
        var damaged = whole
        damaged[whole.firstIndex(of: 0x0A)! + 3] = UInt8(ascii: "x")
        #expect(throws: DocumentProblem.syntax(line: 2, column: 1)) { try HistoryFile.decode(damaged) }
        #expect(throws: DocumentProblem.newerVersion(99)) { try HistoryFile.decode(Array("{\"history\": 99}\n".utf8)) }
        #expect(try HistoryFile.decode([]) == [])
    }

    @Test("FileStorage: appends drop what the store never reached, and a torn tail")
    func appends() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let path = folder + "/projects.json.history"
            let record = ChangeRecord(projects: [], order: ValueChange(before: .name, after: .date), root: nil, disk: [])
            func event(_ revision: Int) -> HistoryEvent {
                HistoryEvent(revision: revision, time: Date(timeIntervalSince1970: Double(revision)), kind: .change(command: "sort", record: record))
            }
            try storage.appendHistory(event(1), storeRevision: 0)
            try storage.appendHistory(event(2), storeRevision: 1)
            // The store never reached 2 (a crash): the next change, again revision 2, replaces it.
            try storage.appendHistory(event(2), storeRevision: 1)
            try writeFile(path, (fileBytes(path) ?? []) + Array(#"{"rev": 3, "ti"#.utf8))
            try storage.appendHistory(event(3), storeRevision: 2)
            #expect(try storage.historyEvents().map(\.revision) == [1, 2, 3])
            try writeFile(path, Array("{\"history\": 1}\nnot an event\n".utf8))
            #expect(throws: ProjectStoreError.historyUnreadable(path: path, .syntax(line: 2, column: 1))) {
                try storage.appendHistory(event(4), storeRevision: 3)
            }
        }
    }

    @Test("FileStorage: a long history is compacted to its limit, and still reads the same")
    func compaction() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let record = ChangeRecord(projects: [], order: ValueChange(before: .name, after: .date), root: nil, disk: [])
            for revision in 1...(3 * History.limit + 1) {
                let event = HistoryEvent(revision: revision, time: Date(timeIntervalSince1970: Double(revision)), kind: .change(command: "sort", record: record))
                try storage.appendHistory(event, storeRevision: revision - 1)
            }
            let events = try storage.historyEvents()
            #expect(events.count < 3 * History.limit / 2)
            let history = History(events: events, storeRevision: 3 * History.limit + 1)
            #expect(history.entries.count == History.limit)
            #expect(history.entries.last?.revision == 3 * History.limit + 1)
        }
    }
}
