import Foundation
import Testing
@testable import ProjectStore

@Suite("ProjectStore over MemoryStorage")
struct ProjectStoreTests {
    /// A store whose clock and ids come from fixed lists.
    func makeStore(
        storage: MemoryStorage = MemoryStorage(),
        dates: [Date] = (1...20).map { moment(Int64($0) * 1000) },
        ids: [UUID] = (1...20).map { fixedID("5", $0) }
    ) -> (ProjectStore, Supply<Date>, Supply<UUID>) {
        let clock = Supply(dates)
        let newIDs = Supply(ids)
        let store = ProjectStore(storage: storage, clock: { clock.next() }, newID: { newIDs.next() })
        return (store, clock, newIDs)
    }

    @Test("add takes its id and creation date from the injected generator and clock")
    func addUsesClockAndIDs() throws {
        let (store, _, _) = makeStore(dates: [moment(111), moment(222)], ids: [fixedID("a", 1), fixedID("b", 2)])
        let first = try store.add(name: "First")
        let second = try store.add(name: "Second", kind: .poetry, details: "verse")
        #expect(first.id == fixedID("a", 1))
        #expect(first.created == moment(111))
        #expect(first.kind == .blank)
        #expect(first.details == nil)
        #expect(first.position == 1)
        #expect(second.id == fixedID("b", 2))
        #expect(second.created == moment(222))
        #expect(second.kind == .poetry)
        #expect(second.details == "verse")
        #expect(second.position == 2)
        #expect(try store.catalog().projects == [first, second])
    }

    @Test("the creation date keeps whole milliseconds and drops anything finer")
    func creationDateMilliseconds() throws {
        let instant = Date(timeIntervalSince1970: 1_700_000_000.123_987)
        let (store, _, _) = makeStore(dates: [instant])
        let project = try store.add(name: "Precise")
        #expect(project.created.millisecondsSince1970 == 1_700_000_000_123)
        #expect(project.created == Date(millisecondsSince1970: 1_700_000_000_123))
        #expect(project.created != instant)
        #expect(try store.project(.named("Precise")).created == project.created)
    }

    @Test("two adds a fraction of a millisecond apart share a creation date and list by name")
    func subMillisecondTies() throws {
        let (store, _, _) = makeStore(dates: [
            Date(timeIntervalSince1970: 1_700_000_000.500_9),
            Date(timeIntervalSince1970: 1_700_000_000.500_1),
        ])
        try store.add(name: "Later")
        try store.add(name: "Earlier")
        let projects = try store.projects(in: .date, collator: NameCollator(locale: Locale(identifier: "en_US")))
        #expect(projects[0].created == projects[1].created)
        #expect(projects.names == ["Earlier", "Later"])
    }

    @Test("a failed add changes nothing")
    func failedAddChangesNothing() throws {
        let (store, _, _) = makeStore()
        try store.add(name: "My Novel", kind: .novel)
        let before = try store.catalog()
        #expect(throws: ProjectStoreError.duplicateName("my novel", existing: before.projects[0])) {
            try store.add(name: "my novel")
        }
        #expect(throws: ProjectStoreError.invalidName("", .empty)) {
            try store.add(name: "")
        }
        #expect(try store.catalog() == before)
    }

    @Test("rename, details, move and delete are kept in the storage")
    func changesPersist() throws {
        let storage = MemoryStorage()
        let (store, _, _) = makeStore(storage: storage)
        for name in ["One", "Two", "Three", "Four"] {
            try store.add(name: name, kind: .script)
        }
        let two = try store.project(.named("two"))
        try store.rename(.named("Two"), to: "Deux")
        try store.setDetails(of: .named("Deux"), to: "second")
        try store.move(.named("Four"), to: .top)
        let removed = try store.delete(.named("One"))
        #expect(removed.project.name == "One")

        // A second store over the same storage sees every change.
        let reopened = ProjectStore(storage: storage)
        let catalog = try reopened.catalog()
        #expect(catalog.names == ["Four", "Deux", "Three"])
        #expect(catalog.positions == [1, 2, 3])
        let deux = catalog.named("Deux")
        #expect(deux.id == two.id)
        #expect(deux.created == two.created)
        #expect(deux.kind == .script)
        #expect(deux.details == "second")
        #expect(try reopened.project(.id(two.id)).name == "Deux")
    }

    @Test("failed changes through the store leave the storage as it was")
    func failedChangesLeaveStorage() throws {
        let (store, _, _) = makeStore()
        for name in ["A", "B", "C"] {
            try store.add(name: name)
        }
        let before = try store.catalog()
        #expect(throws: ProjectStoreError.positionOutOfRange(4, count: 3)) {
            try store.move(.named("A"), to: .position(4))
        }
        #expect(throws: ProjectStoreError.moveRelativeToItself(before.projects[1])) {
            try store.move(.named("B"), to: .after(.named("b")))
        }
        #expect(throws: ProjectStoreError.duplicateName("c", existing: before.projects[2])) {
            try store.rename(.named("A"), to: "c")
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: "D", near: [])) {
            try store.delete(.named("D"))
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: "D", near: [])) {
            try store.setDetails(of: .named("D"), to: "x")
        }
        #expect(try store.catalog() == before)
    }

    @Test("a rejected import leaves the storage as it was; an accepted one is kept")
    func importThroughStore() throws {
        let (store, _, _) = makeStore()
        try store.add(name: "Existing")
        let before = try store.catalog()
        let good = Project(id: fixedID("1", 1), name: "Good", kind: .novel, created: moment(5), details: nil)
        let clash = Project(id: fixedID("1", 2), name: "EXISTING", kind: .novel, created: moment(5), details: nil)
        #expect(throws: ProjectStoreError.importRejected([.clashesWithStore(index: 2, name: "EXISTING", existing: "Existing")])) {
            try store.importProjects([good, clash])
        }
        #expect(try store.catalog() == before)
        let accepted = try store.importProjects([good])
        #expect(accepted.map(\.id) == [good.id])
        #expect(try store.catalog().names == ["Existing", "Good"])
    }

    @Test("the default order is by name until set, and a set order is kept")
    func defaultOrder() throws {
        let storage = MemoryStorage()
        let (store, _, _) = makeStore(storage: storage)
        #expect(try store.defaultOrder() == .name)
        try store.setDefaultOrder(.user)
        #expect(try store.defaultOrder() == .user)
        #expect(try ProjectStore(storage: storage).defaultOrder() == .user)
        try store.setDefaultOrder(.date)
        #expect(storage.load().defaultOrder == .date)
    }

    @Test("listing through the store follows the order and collator asked for")
    func listing() throws {
        let (store, _, _) = makeStore(dates: [moment(3), moment(1), moment(2)])
        for name in ["Zebra", "\u{D6}det", "Oslo"] {
            try store.add(name: name)
        }
        #expect(try store.projects(in: .user, collator: NameCollator(locale: Locale(identifier: "sv_SE"))).names
            == ["Zebra", "\u{D6}det", "Oslo"])
        #expect(try store.projects(in: .name, collator: NameCollator(locale: Locale(identifier: "sv_SE"))).names
            == ["Oslo", "Zebra", "\u{D6}det"])
        #expect(try store.projects(in: .name, collator: NameCollator(locale: Locale(identifier: "de_DE"))).names
            == ["\u{D6}det", "Oslo", "Zebra"])
        #expect(try store.projects(in: .date, collator: NameCollator(locale: Locale(identifier: "en_US"))).names
            == ["\u{D6}det", "Oslo", "Zebra"])
    }

    @Test("a storage starts from the catalog it is given")
    func storageStartsFromCatalog() throws {
        let catalog = try makeCatalog(["One", "Two"])
        let store = ProjectStore(storage: MemoryStorage(catalog))
        #expect(try store.catalog() == catalog)
    }

    @Test("adds from many threads at once all land, numbered 1...n")
    func concurrentAdds() throws {
        let count = 200
        let (store, _, newIDs) = makeStore(
            dates: (0..<count).map { moment(Int64($0)) },
            ids: (1...count).map { fixedID("7", $0) })
        DispatchQueue.concurrentPerform(iterations: count) { number in
            _ = try? store.add(name: "Project \(number)")
        }
        let catalog = try store.catalog()
        #expect(newIDs.handedOut == count)
        #expect(catalog.projects.count == count)
        #expect(catalog.positions == Array(1...count))
        #expect(Set(catalog.names).count == count)
        #expect(Set(catalog.projects.map(\.id)).count == count)
    }
}

@Suite("MemoryStorage")
struct MemoryStorageTests {
    @Test("a change that throws is not applied, even the part made before the throw")
    func allOrNothing() throws {
        let storage = MemoryStorage(try makeCatalog(["One"]))
        let before = storage.load()
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Missing", near: [])) {
            try storage.update { catalog throws(ProjectStoreError) in
                try catalog.add(name: "Two", kind: .blank, details: nil, id: fixedID("", 2), created: moment(0))
                catalog.defaultOrder = .user
                try catalog.delete(.named("Missing"))
            }
        }
        #expect(storage.load() == before)
    }

    @Test("a change that succeeds is applied and returns its result")
    func appliesChange() throws {
        let storage = MemoryStorage()
        let added = try storage.update { catalog throws(ProjectStoreError) in
            try catalog.add(name: "Two", kind: .blank, details: nil, id: fixedID("", 2), created: moment(0))
        }
        #expect(storage.load().projects == [added])
    }
}

@Suite("Creation dates in whole milliseconds")
struct CreationDateTests {
    @Test("a project's creation date is cut to the millisecond below")
    func projectTruncates() {
        let project = Project(
            id: fixedID("", 1), name: "P", kind: .blank,
            created: Date(timeIntervalSince1970: 1_700_000_000.987_9), details: nil)
        #expect(project.created.millisecondsSince1970 == 1_700_000_000_987)
        #expect(project.created == Date(millisecondsSince1970: 1_700_000_000_987))
        #expect(project.position == 0)
    }

    @Test("millisecondsSince1970 counts whole milliseconds")
    func millisecondsOfDate() {
        #expect(Date(timeIntervalSince1970: 0).millisecondsSince1970 == 0)
        #expect(Date(timeIntervalSince1970: 1.5).millisecondsSince1970 == 1_500)
        #expect(Date(timeIntervalSince1970: 1_700_000_000.000_4).millisecondsSince1970 == 1_700_000_000_000)
        #expect(Date(timeIntervalSince1970: -1).millisecondsSince1970 == -1_000)
    }

    /// Whole-millisecond dates across the years a writer's projects may come from, including
    /// 1970, 2001 (the reference date) and 2004, where the round trip is most fragile.
    static let wholeMilliseconds: [Int64] = [
        0, 2, 5, 7, 9, 26_710_923_841, 544_129_912_435, 946_684_800_001, 978_307_200_001,
        1_000_000_000_123, 1_075_122_429_932, 1_082_655_905_021, 1_700_000_000_123, 1_767_225_600_999,
    ]

    @Test("a whole-millisecond date converts to the same number of milliseconds", arguments: wholeMilliseconds)
    func millisecondsRoundTrip(milliseconds: Int64) {
        #expect(Date(millisecondsSince1970: milliseconds).millisecondsSince1970 == milliseconds)
    }

    @Test("a project keeps a whole-millisecond creation date exactly", arguments: wholeMilliseconds)
    func projectKeepsWholeMilliseconds(milliseconds: Int64) {
        let created = Date(millisecondsSince1970: milliseconds)
        let project = Project(id: fixedID("", 1), name: "P", kind: .blank, created: created, details: nil)
        #expect(project.created.millisecondsSince1970 == milliseconds)
        // Building the same project again from what was read back gives an equal project.
        let again = Project(id: project.id, name: project.name, kind: project.kind, created: project.created, details: nil)
        #expect(again == project)
    }
}
