import Foundation
import Testing
import ProjectStore
@testable import ProjectStoreFile

@Suite("History file")
struct HistoryFileTests {
    private let machine = Machine(id: UUID(uuidString: "11111111-2222-4333-8444-555555555555")!, name: "laptop \"A\"")
    private let project = Project(
        id: UUID(uuidString: "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b")!, name: "Café \"Noir\"\n", kind: .novel,
        created: Date(timeIntervalSince1970: 1_800_000_000.125), details: "two\nlines", position: 3,
        folder: ProjectFolder(recorded: "Café -Noir-", isManaged: true), target: 80_000,
        due: CalendarDay(year: 2027, month: 3, day: 31), orderKey: OrderKey("a1V"))

    private func change(_ revision: Int, _ kind: Change.Kind = .command("edit"), _ operations: [ChangeOperation] = []) -> Change {
        Change(
            revision: revision, time: Date(timeIntervalSince1970: 1_800_000_000 + Double(revision)),
            clock: HybridTime(milliseconds: 1_800_000_000_000 + Int64(revision), counter: revision % 3), machine: machine,
            kind: kind, operations: operations)
    }

    private var everyOperation: [ChangeOperation] {
        let id = project.id
        return [
            .create(project), .remove(project),
            .set(id, .name(from: "A", to: "B\u{1B}")), .set(id, .details(from: nil, to: "x")), .set(id, .details(from: "x", to: nil)),
            .set(id, .target(from: nil, to: 5000)), .set(id, .due(from: CalendarDay(year: 2026, month: 1, day: 2), to: nil)),
            .set(id, .folder(from: nil, to: ProjectFolder(recorded: "/abs", isManaged: false))),
            .place(id, Placement(fromKey: OrderKey("a0"), toKey: OrderKey("Zz"), fromPosition: 2, toPosition: 1)),
            .place(id, Placement(fromKey: nil, toKey: nil, fromPosition: 5, toPosition: 4)),
            .setDefaultOrder(from: .name, to: .user), .setRoot(from: nil, to: "/w"),
            .disk(.made(project: id, path: "/w/Café -Noir-", layout: .folders(["Chapters", "Set Aside"]))),
            .disk(.made(project: id, path: "/w/T", layout: .template("/t/novel"))),
            .disk(.moved(project: id, from: "/w/a", to: "/w/.trash/a (2)")),
        ] + SubmissionSamples.everyOperation(project: project)
    }

    private func decodeAll(_ bytes: [UInt8]) throws -> [Change] {
        try bytes.withUnsafeBytes { buffer in
            let header = buffer.firstIndex(of: 0x0A)! + 1
            return try HistoryFile.lines(in: buffer, from: header, to: buffer.count).lines.map { line in
                try HistoryFile.decode(buffer, line.range.lowerBound..<(line.range.upperBound - 1), operations: true)
            }
        }
    }

    @Test("every operation and every kind of change round-trips, one change a line")
    func roundTrip() throws {
        let changes = [
            change(1, .command("rename"), everyOperation),
            change(2, .undo(of: ChangeID(machine: machine.id, clock: change(1).clock)), [.disk(.moved(project: project.id, from: "/b", to: "/a"))]),
            change(3, .redo(of: ChangeID(machine: machine.id, clock: change(1).clock))),
            Change(revision: 4, time: Date(timeIntervalSince1970: 5), clock: HybridTime(milliseconds: 5000, counter: 4), machine: machine,
                   kind: .command("add"), operations: [], isLegacy: true),
        ]
        let bytes = HistoryFile.encode(changes)
        #expect(bytes.split(separator: 0x0A).count == 5)
        #expect(try decodeAll(bytes) == changes)
    }

    @Test("FileStorage: appends go at the end; a change a crash left past the store is replaced; a torn tail is cut")
    func appends() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let path = folder + "/projects.json.history"
            var catalog = ProjectCatalog()
            func commit(_ revision: Int) throws {
                try storage.append(change(revision, .command("sort"), [.setDefaultOrder(from: .name, to: .date)]), to: &catalog)
                catalog.revision = revision
            }
            try commit(1)
            // A crash between the history and the store: the change is past the store's mark.
            try storage.append(change(2), to: &catalog)
            let markAfterOne = HistoryMark(end: catalog.historyMark.end! - HistoryFile.line(change(2)).count, lines: 1)
            catalog.historyMark = markAfterOne
            try commit(2)
            try writeFile(path, (fileBytes(path) ?? []) + Array(#"{"rev": 3, "ti"#.utf8))
            try commit(3)
            #expect(try storage.history(of: catalog).map(\.revision) == [1, 2, 3])
            #expect(try storage.history(of: catalog).map(\.command) == ["sort", "sort", "sort"], "the change the crash left is gone")
            #expect(catalog.historyMark == HistoryMark(end: fileBytes(path)!.count, lines: 3))
            try writeFile(path, Array("{\"history\": 2}\nnot a change\n".utf8))
            catalog.historyMark = HistoryMark()
            #expect(throws: ProjectStoreError.historyUnreadable(path: path, .syntax(line: 2, column: 1))) {
                try storage.append(change(4), to: &catalog)
            }
        }
    }

    @Test("FileStorage: a history holding changes the store never saw is never cut: the change is refused")
    func olderStore() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let path = folder + "/projects.json.history"
            var catalog = ProjectCatalog()
            for revision in 1...3 {
                try storage.append(change(revision), to: &catalog)
                catalog.revision = revision
            }
            let before = fileBytes(path)
            var restored = ProjectCatalog()  // a store from before those three changes
            restored.revision = 1
            #expect(throws: ProjectStoreError.historyAhead(path: path, changes: 2, last: change(3).time)) {
                try storage.append(change(2), to: &restored)
            }
            var missing = ProjectCatalog()
            #expect(throws: ProjectStoreError.historyAhead(path: path, changes: 3, last: change(3).time)) {
                try storage.append(change(1), to: &missing)
            }
            #expect(fileBytes(path) == before)
        }
    }

    @Test("FileStorage: undo and redo find their change reading back only as far as needed")
    func recent() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            var catalog = ProjectCatalog()
            for revision in 1...5 {
                try storage.append(change(revision, .command("edit"), [.setDefaultOrder(from: .name, to: .date)]), to: &catalog)
                catalog.revision = revision
            }
            catalog.revision = 4  // the fifth never reached the store
            let lines = try storage.recentHistory(of: catalog) { $0.revision == 3 }
            #expect(lines.map(\.outline.revision) == [4, 3])
            #expect(lines.allSatisfy { $0.outline.operations.isEmpty })
            #expect(try lines[1].whole().operations == [.setDefaultOrder(from: .name, to: .date)])
        }
    }

    @Test("FileStorage: a long history is compacted to its limit, and still reads the same")
    func compaction() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            var catalog = ProjectCatalog()
            for revision in 1...(3 * History.limit + 1) {
                try storage.append(change(revision, .command("sort"), [.setDefaultOrder(from: .name, to: .date)]), to: &catalog)
                catalog.revision = revision
            }
            let changes = try storage.history(of: catalog)
            #expect(changes.count < 3 * History.limit / 2)
            let history = History(changes: changes)
            #expect(history.entries.count == History.limit)
            #expect(history.entries.last?.change.revision == 3 * History.limit + 1)
        }
    }

    @Test("FileStorage: 700 changes after a deletion, compaction has kept it: undelete brings the project and its folder back")
    func undeleteAfterCompaction() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let root = folder + "/Writing"
            func store(_ command: String) -> ProjectStore {
                ProjectStore(
                    storage: storage, folders: DiskFolders(), places: FolderPlaces(environmentRoot: root, homeRoot: nil, templates: nil),
                    recording: command)
            }
            _ = try store("add").add(name: "Winter", kind: .novel, details: "snow", folder: .make(.folders(["Chapters"])))
            try writeFile(root + "/Winter/Chapters/One.md", "It snowed.")
            _ = try store("add").add(name: "Spring")
            _ = try store("delete").delete(.named("Winter"))
            for round in 1...700 { _ = try store("edit").setDetails(of: .named("Spring"), to: "rain \(round)") }
            // Compacted, and kept so: no more lines than before deletions were kept.
            let lines = try #require(fileBytes(folder + "/projects.json.history")).split(separator: 0x0A).count - 1
            #expect(lines < 3 * History.limit)
            #expect(try store("history").history().entries.count == History.limit)

            let outcome = try store("undelete").undelete(named: "winter")
            #expect(outcome.entry.command == "delete")
            let catalog = try store("list").catalog()
            #expect(catalog.projects.map(\.name).sorted() == ["Spring", "Winter"])
            #expect(try catalog.project(.named("Winter")).details == "snow")
            #expect(fileBytes(root + "/Winter/Chapters/One.md") == Array("It snowed.".utf8))
            // As after any undelete, redo deletes it again.
            _ = try store("redo").redo()
            #expect(try store("list").catalog().projects.map(\.name) == ["Spring"])
        }
    }

    @Test("a version-1 history is read as changes, kept listed, and upgraded by the next change")
    func legacy() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let path = folder + "/projects.json.history"
            let a = #"{"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "blank", "created": "2026-11-20T10:00:00.000Z", "details": null, "position": 1}"#
            let b = #"{"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "B", "type": "blank", "created": "2026-11-20T10:00:00.000Z", "details": "x", "position": 2}"#
            let lines = [
                #"{"history": 1}"#,
                #"{"rev": 1, "time": "2026-11-20T10:00:00.000Z", "change": "add", "disk": [], "projects": [{"before": null, "after": \#(a)}]}"#,
                #"{"rev": 2, "time": "2026-11-20T10:01:00.000Z", "change": "rename", "disk": [], "projects": [{"before": \#(a), "after": \#(b)}]}"#,
                #"{"rev": 3, "time": "2026-11-20T10:02:00.000Z", "undo": 2, "disk": []}"#,
            ]
            try writeFile(path, lines.joined(separator: "\n") + "\n")
            var catalog = ProjectCatalog()
            catalog.revision = 3
            let history = History(changes: try storage.history(of: catalog))
            #expect(history.entries.map(\.command) == ["add", "rename"])
            #expect(history.entries.map(\.isUndone) == [false, true])
            #expect(history.entries.allSatisfy { $0.change.isLegacy })
            let id = UUID(uuidString: "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b")!
            #expect(history.entries[1].change.operations == [
                .set(id, .name(from: "A", to: "B")), .set(id, .details(from: nil, to: "x")),
                .place(id, Placement(fromKey: nil, toKey: nil, fromPosition: 1, toPosition: 2)),
            ])
            try storage.append(change(4, .command("sort"), [.setDefaultOrder(from: .name, to: .user)]), to: &catalog)
            catalog.revision = 4
            #expect(fileBytes(path)!.starts(with: Array("{\"history\": 2}\n".utf8)))
            let upgraded = History(changes: try storage.history(of: catalog))
            #expect(upgraded.entries.map(\.command) == ["add", "rename", "sort"])
            #expect(upgraded.entries.map(\.isUndone) == [false, true, false])
        }
    }
}
