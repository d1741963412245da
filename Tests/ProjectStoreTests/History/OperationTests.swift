import Foundation
import Testing
@testable import ProjectStore

@Suite("Operations")
struct OperationTests {
    private func catalog(_ names: [String]) throws -> ProjectCatalog {
        var catalog = ProjectCatalog()
        for (offset, name) in names.enumerated() {
            try catalog.add(name: name, kind: .blank, details: nil, id: fixedID("cccc", offset + 1), created: moment(Int64(offset)))
        }
        catalog.beginChange()
        return catalog
    }

    /// Applies `change` to a copy of `start`, then its operations reversed, last first: back to `start`.
    private func roundTrip(
        _ start: ProjectCatalog, _ change: (inout ProjectCatalog) throws -> Void
    ) throws -> (after: ProjectCatalog, operations: [ChangeOperation]) {
        var after = start
        after.beginChange()
        try change(&after)
        let operations = after.operations
        var back = after
        try back.apply(operations.reversed().map(\.reversed))
        #expect(back == start)
        #expect(back.projects.map(\.position) == Array(1...max(back.projects.count, 1)).prefix(back.projects.count).map { $0 })
        var again = start
        try again.apply(operations)
        #expect(again == after, "replayed forward, the operations give the same catalog")
        return (after, operations)
    }

    @Test("each kind of operation is recorded as what was done, and reverses exactly")
    func everyOperation() throws {
        let start = try catalog(["A", "B", "C"])
        let add = try roundTrip(start) { try $0.add(name: "D", kind: .novel, details: "x", id: fixedID("dddd", 1), created: moment(9)) }
        #expect(add.operations.count == 1)
        guard case .create(let made) = add.operations[0] else { Issue.record("not a create"); return }
        #expect(made.name == "D" && made.orderKey != nil)

        let rename = try roundTrip(start) { try $0.rename(.named("B"), to: "Winter") }
        #expect(rename.operations == [.set(fixedID("cccc", 2), .name(from: "B", to: "Winter"))])

        let edit = try roundTrip(start) {
            try $0.apply(ProjectEdit(details: .set("d"), target: .set(5000), due: .set(CalendarDay(year: 2027, month: 1, day: 1))), to: .named("C"))
        }
        #expect(edit.operations.map { if case .set(_, let field) = $0 { field.field } else { "" } } == ["details", "target", "due"])

        let delete = try roundTrip(start) { try $0.delete(.named("B")) }
        guard case .remove(let removed) = delete.operations[0] else { Issue.record("not a remove"); return }
        #expect(removed.name == "B" && removed.position == 2)

        let sort = try roundTrip(start) { $0.defaultOrder = .user }
        #expect(sort.operations == [.setDefaultOrder(from: .name, to: .user)])

        let folder = ProjectFolder(recorded: "A", isManaged: true)
        let attach = try roundTrip(start) { try $0.setFolder(of: fixedID("cccc", 1), to: folder) }
        #expect(attach.operations == [.set(fixedID("cccc", 1), .folder(from: nil, to: folder))])

        let imported = (1...12).map { Project(id: fixedID("eeee", $0), name: "I\($0)", kind: .blank, created: moment(Int64($0)), details: nil) }
        let importing = try roundTrip(start) { try $0.importProjects(imported) }
        #expect(importing.operations.count == 12)
        #expect(importing.after.projects.map(\.name) == ["A", "B", "C"] + (1...12).map { "I\($0)" })
    }

    @Test("a move changes the key of the moved project only, in every direction")
    func moveTouchesOneProject() throws {
        for count in 2...4 {
            let names = (0..<count).map { String(UnicodeScalar(UInt8(ascii: "A") + UInt8($0))) }
            for from in 1...count {
                for to in 1...count where to != from {
                    let start = try catalog(names)
                    let moving = start.projects[from - 1]
                    let (after, operations) = try roundTrip(start) { try $0.move(.named(moving.name), to: .position(to)) }
                    var expected = names
                    expected.insert(expected.remove(at: from - 1), at: to - 1)
                    #expect(after.projects.map(\.name) == expected, "\(moving.name) from \(from) to \(to) of \(count)")
                    #expect(operations.count == 1)
                    guard case .place(let id, let placement) = operations[0] else { Issue.record("not a place"); continue }
                    #expect(id == moving.id && placement.fromPosition == from && placement.toPosition == to)
                    let unmoved = after.projects.filter { $0.id != moving.id }
                    #expect(unmoved.allSatisfy { project in start.projects.first { $0.id == project.id }?.orderKey == project.orderKey })
                }
            }
        }
    }

    @Test("undo refuses, changing nothing, when the project is no longer as the change left it")
    func refusals() throws {
        let start = try catalog(["A", "B"])
        var after = start
        try after.rename(.named("A"), to: "Z")
        let operations = after.operations
        try after.rename(.named("Z"), to: "Y")  // by hand, since
        #expect(throws: HistoryObstacle.projectChanged("A")) { try after.apply(operations.reversed().map(\.reversed)) }
        var taken = start
        try taken.delete(.named("B"))
        let removal = taken.operations
        try taken.add(name: "b", kind: .blank, details: nil, id: fixedID("ffff", 1), created: moment(3))
        #expect(throws: HistoryObstacle.nameTaken("B", by: "b")) { try taken.apply(removal.reversed().map(\.reversed)) }
        let legacy = ChangeOperation.place(fixedID("cccc", 1), Placement(fromKey: nil, toKey: nil, fromPosition: 1, toPosition: 2))
        var copy = start
        #expect(throws: HistoryObstacle.recordedBeforeUpgrade) { try copy.apply([legacy]) }
    }

    @Test("the projects of many operations at once: an import of 2,000 undone and redone")
    func manyAtOnce() throws {
        let start = try catalog(["A", "B"])
        let imported = (1...2000).map { Project(id: fixedID("abcd", $0), name: "P\($0)", kind: .blank, created: moment(Int64($0)), details: nil) }
        let (after, operations) = try roundTrip(start) { try $0.importProjects(imported) }
        #expect(after.projects.count == 2002)
        #expect(operations.count == 2000)
    }
}

@Suite("Order keys")
struct OrderKeyTests {
    @Test("a key between any two lies strictly between them, and is valid")
    func between() {
        var random = SeededGenerator(seed: 7)
        var keys: [OrderKey] = [OrderKey.first]
        for _ in 0..<3000 {
            let index = Int(random.next() % UInt64(keys.count + 1))
            let lower = index > 0 ? keys[index - 1] : nil
            let upper = index < keys.count ? keys[index] : nil
            let key = OrderKey.between(lower, upper)
            if let lower { #expect(lower < key) }
            if let upper { #expect(key < upper) }
            #expect(OrderKey(key.text) == key)
            keys.insert(key, at: index)
        }
        #expect(keys == keys.sorted())
    }

    @Test("adding at the end or moving to the top keeps keys short")
    func short() {
        let appended = OrderKey.sequence(after: nil, count: 100_000)
        #expect(appended.last!.text.count <= 4)
        #expect(appended == appended.sorted())
        var top = OrderKey.first
        for _ in 0..<10_000 { top = OrderKey.between(nil, top) }
        #expect(top.text.count <= 4)
    }

    @Test("texts that are not keys are refused")
    func invalid() {
        for text in ["", "a", "b0", "a00", "a0!", "?0", "a10"] where text != "a10" { #expect(OrderKey(text) == nil, "\(text)") }
        #expect(OrderKey("a10") == nil, "a fraction never ends in zero")
        #expect(OrderKey("a1V") != nil)
    }
}

@Suite("Hybrid clock")
struct HybridTimeTests {
    @Test("never goes back when the wall clock does, and never falls behind what it saw")
    func monotonic() {
        let first = HybridTime.next(at: moment(1000), after: nil)
        let second = HybridTime.next(at: moment(10), after: first)  // the wall clock went back
        #expect(second > first && second.milliseconds == first.milliseconds)
        let seen = HybridTime(milliseconds: moment(5000).millisecondsSince1970, counter: 3)
        let third = HybridTime.next(at: moment(2000), after: seen)
        #expect(third > seen)
        let later = HybridTime.next(at: moment(9000), after: third)
        #expect(later.milliseconds == moment(9000).millisecondsSince1970 && later.counter == 0)
        #expect(HybridTime(later.description) == later)
        #expect(HybridTime("12") == nil && HybridTime("-1.0") == nil)
    }
}
