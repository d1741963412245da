import Foundation
import Testing
@testable import ProjectStore

@Suite("Change records")
struct ChangeRecordTests {
    private func catalog(_ names: [String]) throws -> ProjectCatalog {
        var catalog = ProjectCatalog()
        for (offset, name) in names.enumerated() {
            try catalog.add(name: name, kind: .blank, details: nil, id: fixedID("cccc", offset + 1), created: moment(Int64(offset)))
        }
        return catalog
    }

    @Test("a move records only the project moved, not those it shifted")
    func moveRecordsOneProject() throws {
        let before = try catalog(["A", "B", "C", "D", "E"])
        var after = before
        try after.move(.named("E"), to: .top)
        let record = ChangeRecord(before: before, after: after, disk: [])
        #expect(record.projects.map { $0.after?.name } == ["E"])
        #expect(record.projects[0].before?.position == 5 && record.projects[0].after?.position == 1)
        var back = after
        try back.apply(record, .backward)
        #expect(back == before)
    }

    @Test("a delete records the project with its place; undoing puts it back there")
    func deleteRecordsThePlace() throws {
        let before = try catalog(["A", "B", "C"])
        var after = before
        try after.delete(.named("B"))
        let record = ChangeRecord(before: before, after: after, disk: [])
        #expect(record.projects.count == 1 && record.projects[0].after == nil)
        var back = after
        try back.apply(record, .backward)
        #expect(back.projects.map(\.name) == ["A", "B", "C"])
        #expect(back == before)
    }

    @Test("an edit records one project; order and root changes are values")
    func valuesAndEdits() throws {
        let before = try catalog(["A", "B"])
        var after = before
        try after.setDetails(of: .named("B"), to: "x")
        after.defaultOrder = .date
        let record = ChangeRecord(before: before, after: after, disk: [])
        #expect(record.projects.map(\.id) == [fixedID("cccc", 2)])
        #expect(record.order == ValueChange(before: .name, after: .date))
        #expect(record.root == nil)
        var forward = before
        try forward.apply(record, .forward)
        #expect(forward == after)
    }

    @Test("applying where the catalog is not as recorded refuses and changes nothing")
    func refusesOnMismatch() throws {
        let before = try catalog(["A"])
        var after = before
        try after.rename(.named("A"), to: "B")
        let record = ChangeRecord(before: before, after: after, disk: [])
        var other = before
        #expect(throws: HistoryObstacle.projectChanged("A")) { try other.apply(record, .backward) }
        #expect(other == before)
        var twice = after
        #expect(throws: HistoryObstacle.projectChanged("B")) { try twice.apply(record, .forward) }
    }

    @Test("every field of a project is compared: a new field must be added to the comparison")
    func everyFieldCompared() throws {
        let fields = Set(Mirror(reflecting: try catalog(["A"]).projects[0]).children.compactMap(\.label))
        #expect(fields == ChangeRecord.comparedFields)
        var decomposed = try catalog(["A"])
        try decomposed.rename(.named("A"), to: "Cafe\u{301}")
        var composed = decomposed
        try composed.rename(.named("Cafe\u{301}"), to: "Caf\u{E9}")
        #expect(ChangeRecord(before: decomposed, after: composed, disk: []).projects.count == 1, "a change of normalization is a change")
    }

    @Test("the history keeps at most its limit of changes, the newest")
    func bounded() {
        let record = ChangeRecord(projects: [], order: ValueChange(before: .name, after: .date), root: nil, disk: [])
        let events = (1...(History.limit + 50)).map {
            HistoryEvent(revision: $0, time: moment(Int64($0)), kind: .change(command: "sort", record: record))
        }
        let history = History(events: events, storeRevision: events.count)
        #expect(history.entries.count == History.limit)
        #expect(history.entries.first?.revision == 51)
        #expect(History(events: history.compacted, storeRevision: events.count) == history)
    }

    @Test("events the store never reached are not history; the compacted form keeps undone and redo chain")
    func uncommittedAndCompacted() {
        let record = ChangeRecord(projects: [], order: ValueChange(before: .name, after: .date), root: nil, disk: [])
        let events = [
            HistoryEvent(revision: 1, time: moment(1), kind: .change(command: "sort", record: record)),
            HistoryEvent(revision: 2, time: moment(2), kind: .change(command: "sort", record: record)),
            HistoryEvent(revision: 3, time: moment(3), kind: .undo(of: 2, disk: [])),
            HistoryEvent(revision: 4, time: moment(4), kind: .change(command: "sort", record: record)),
        ]
        let history = History(events: events, storeRevision: 3)
        #expect(history.entries.map(\.revision) == [1, 2])
        #expect(history.nextRedo?.revision == 2)
        #expect(History(events: history.compacted, storeRevision: 3) == history)
    }
}
