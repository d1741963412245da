import Foundation
import Testing
@testable import ProjectStore

@Suite("Catalog: word targets and due dates")
struct GoalsTests {
    private func catalog() throws -> ProjectCatalog {
        var catalog = ProjectCatalog()
        try catalog.add(name: "Novel", kind: .novel, details: nil, id: fixedID("a", 1), created: moment(0))
        return catalog
    }

    private let march31 = CalendarDay(year: 2027, month: 3, day: 31)!

    @Test("a target is set, kept, cleared; only a real change counts")
    func target() throws {
        var catalog = try catalog()
        let before = catalog.changes
        #expect(try catalog.setTarget(of: .named("novel"), to: 50_000).target == 50_000)
        #expect(catalog.changes == before + 1)
        try catalog.setTarget(of: .named("Novel"), to: 50_000)
        #expect(catalog.changes == before + 1)
        #expect(try catalog.setTarget(of: .named("Novel"), to: nil).target == nil)
        #expect(catalog.changes == before + 2)
    }

    @Test("a target below one word is refused and changes nothing", arguments: [0, -1, Int.min])
    func targetBelowOne(target: Int) throws {
        var catalog = try catalog()
        let before = catalog
        #expect(throws: ProjectStoreError.invalidTarget(target)) { try catalog.setTarget(of: .named("Novel"), to: target) }
        #expect(catalog == before)
    }

    @Test("a due date is set and cleared")
    func due() throws {
        var catalog = try catalog()
        #expect(try catalog.setDue(of: .named("Novel"), to: march31).due == march31)
        #expect(try catalog.setDue(of: .named("Novel"), to: nil).due == nil)
    }

    @Test("one edit sets details, target and due date together, and keeps what it does not name")
    func edit() throws {
        var catalog = try catalog()
        let edited = try catalog.apply(ProjectEdit(details: .set("notes"), target: .set(900), due: .set(march31)), to: .named("Novel"))
        #expect(edited.details == "notes" && edited.target == 900 && edited.due == march31)
        let kept = try catalog.apply(ProjectEdit(target: .set(nil)), to: .named("Novel"))
        #expect(kept.details == "notes" && kept.target == nil && kept.due == march31)
    }

    @Test("an edit through the store is one change: a refused target leaves everything as it was")
    func editThroughTheStore() throws {
        let store = ProjectStore(storage: MemoryStorage())
        try store.add(name: "Novel")
        #expect(throws: ProjectStoreError.invalidTarget(0)) {
            try store.edit(.named("Novel"), ProjectEdit(details: .set("lost"), target: .set(0)))
        }
        #expect(try store.project(.named("Novel")).details == nil)
        let edited = try store.edit(.named("Novel"), ProjectEdit(details: .set("kept"), due: .set(march31))).project
        #expect(edited.details == "kept" && edited.due == march31)
    }

    @Test("add sets the target and due date in the same change")
    func add() throws {
        let store = ProjectStore(storage: MemoryStorage())
        let (project, _) = try store.add(name: "Novel", kind: .novel, details: nil, target: 1000, due: march31, folder: .none)
        #expect(project.target == 1000 && project.due == march31)
        #expect(throws: ProjectStoreError.invalidTarget(-1)) {
            try store.add(name: "Other", kind: .novel, details: nil, target: -1, due: nil, folder: .none)
        }
        #expect(try store.catalog().projects.map(\.name) == ["Novel"])
    }
}
