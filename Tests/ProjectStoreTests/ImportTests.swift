import Foundation
import Testing
@testable import ProjectStore

@Suite("Import: all or nothing, every problem listed")
struct ImportTests {
    func incoming(_ name: String, _ id: UUID, kind: ProjectKind = .novel, created: Int64 = 0, details: String? = nil) -> Project {
        Project(id: id, name: name, kind: kind, created: moment(created), details: details, position: 99)
    }

    @Test("imported projects are appended in document order, keeping id, kind, date and details")
    func appends() throws {
        var catalog = try makeCatalog(["One", "Two"])
        let existing = catalog.projects
        let document = [
            incoming("Zeta", fixedID("d0c", 1), kind: .script, created: -5_000, details: "from elsewhere"),
            incoming("Alpha", fixedID("d0c", 2), kind: .shortStory, created: 7),
        ]
        let accepted = try catalog.importProjects(document)
        #expect(catalog.names == ["One", "Two", "Zeta", "Alpha"])
        #expect(catalog.positions == [1, 2, 3, 4])
        #expect(Array(catalog.projects.prefix(2)) == existing)
        #expect(accepted == Array(catalog.projects.suffix(2)))
        #expect(accepted.map(\.position) == [3, 4])
        #expect(accepted.map(Identity.init) == document.map(Identity.init))
    }

    @Test("imported names are trimmed and empty details become none")
    func normalizesNamesAndDetails() throws {
        var catalog = ProjectCatalog()
        let accepted = try catalog.importProjects([
            incoming("  Padded\t", fixedID("", 1), details: ""),
            incoming("Plain", fixedID("", 2), details: "kept"),
        ])
        #expect(accepted.names == ["Padded", "Plain"])
        #expect(accepted.map(\.details) == [nil, "kept"])
        #expect(catalog.names == ["Padded", "Plain"])
        #expect(catalog.positions == [1, 2])
    }

    @Test("an empty document changes nothing")
    func emptyDocument() throws {
        var catalog = try makeCatalog(["One"])
        let before = catalog
        #expect(try catalog.importProjects([]).isEmpty)
        #expect(catalog == before)
    }

    @Test("an invalid name is reported with its 1-based index and the name as written")
    func invalidName() throws {
        var catalog = try makeCatalog(["One"])
        let before = catalog
        #expect(throws: ProjectStoreError.importRejected([.invalidName(index: 2, name: " \t", .empty)])) {
            try catalog.importProjects([incoming("Fine", fixedID("d", 1)), incoming(" \t", fixedID("d", 2))])
        }
        #expect(catalog == before)
    }

    @Test("a name clashing with the store is reported with the stored name")
    func clashWithStore() throws {
        var catalog = try makeCatalog(["My Novel", "Caf\u{E9}"])
        let before = catalog
        #expect(throws: ProjectStoreError.importRejected([
            .clashesWithStore(index: 1, name: "MY NOVEL", existing: "My Novel"),
            .clashesWithStore(index: 2, name: "Cafe\u{301}", existing: "Caf\u{E9}"),
        ])) {
            try catalog.importProjects([incoming(" MY NOVEL ", fixedID("d", 1)), incoming("Cafe\u{301}", fixedID("d", 2))])
        }
        #expect(catalog == before)
    }

    @Test("names clashing within the document are reported against the first")
    func clashWithinDocument() throws {
        var catalog = ProjectCatalog()
        #expect(throws: ProjectStoreError.importRejected([
            .clashesWithinDocument(index: 3, name: "\u{E9}t\u{E9}", otherIndex: 1),
            .clashesWithinDocument(index: 4, name: "E\u{301}T\u{C9}", otherIndex: 1),
        ])) {
            try catalog.importProjects([
                incoming("\u{C9}t\u{E9}", fixedID("d", 1)),
                incoming("Other", fixedID("d", 2)),
                incoming("\u{E9}t\u{E9}", fixedID("d", 3)),
                incoming("E\u{301}T\u{C9}", fixedID("d", 4)),
            ])
        }
        #expect(catalog.projects.isEmpty)
    }

    @Test("an id already in the store is reported")
    func idInStore() throws {
        var catalog = try makeCatalog(["One"])
        let before = catalog
        let taken = catalog.projects[0].id
        #expect(throws: ProjectStoreError.importRejected([.idInStore(index: 1, id: taken)])) {
            try catalog.importProjects([incoming("New", taken)])
        }
        #expect(catalog == before)
    }

    @Test("an id repeated in the document is reported against its first use")
    func idRepeated() throws {
        var catalog = ProjectCatalog()
        let id = fixedID("d", 1)
        #expect(throws: ProjectStoreError.importRejected([
            .idRepeated(index: 3, id: id, otherIndex: 1),
            .idRepeated(index: 4, id: id, otherIndex: 1),
        ])) {
            try catalog.importProjects([incoming("A", id), incoming("B", fixedID("d", 2)), incoming("C", id), incoming("D", id)])
        }
        #expect(catalog.projects.isEmpty)
    }

    @Test("a document with every kind of problem lists every one of them and imports nothing")
    func everyProblem() throws {
        var catalog = try makeCatalog(["My Novel", "Poems"])
        let before = catalog
        let storeID = catalog.projects[1].id
        let repeated = fixedID("d", 3)
        let tooLong = String(repeating: "L", count: 256)
        let document = [
            incoming("Fine", fixedID("d", 1)),               // 1: no problem
            incoming("", fixedID("d", 2)),                   // 2: empty name
            incoming("New Story", repeated),                 // 3: no problem
            incoming("my novel", fixedID("d", 4)),           // 4: clashes with the store
            incoming("FINE", fixedID("d", 5)),               // 5: clashes with 1
            incoming("Stolen", storeID),                     // 6: id in the store
            incoming("Copy", repeated),                      // 7: id repeats 3
            incoming("Bad\u{0}Name", repeated),              // 8: control character and id repeats 3
            incoming(tooLong, fixedID("d", 9)),              // 9: too long
            incoming("POEMS", storeID),                      // 10: id in store and clashes with the store
        ]
        let error = #expect(throws: ProjectStoreError.self) {
            try catalog.importProjects(document)
        }
        guard case .importRejected(let problems) = error else {
            Issue.record("expected the import to be rejected, got \(String(describing: error))")
            return
        }
        let expected: [ImportProblem] = [
            .invalidName(index: 2, name: "", .empty),
            .clashesWithStore(index: 4, name: "my novel", existing: "My Novel"),
            .clashesWithinDocument(index: 5, name: "FINE", otherIndex: 1),
            .idInStore(index: 6, id: storeID),
            .idRepeated(index: 7, id: repeated, otherIndex: 3),
            .invalidName(index: 8, name: "Bad\u{0}Name", .controlCharacter),
            .idRepeated(index: 8, id: repeated, otherIndex: 3),
            .invalidName(index: 9, name: tooLong, .tooLong(maximum: 255)),
            .idInStore(index: 10, id: storeID),
            .clashesWithStore(index: 10, name: "POEMS", existing: "Poems"),
        ]
        #expect(problems.count == expected.count)
        for problem in expected {
            #expect(problems.contains(problem), "missing \(problem)")
        }
        #expect(catalog == before)
    }

    @Test("a rejected entry's name does not hide a later clash with the store")
    func laterClashAfterRejectedEntry() throws {
        var catalog = try makeCatalog(["Kept"])
        #expect(throws: ProjectStoreError.importRejected([
            .clashesWithStore(index: 1, name: "kept", existing: "Kept"),
            .clashesWithStore(index: 2, name: "KEPT", existing: "Kept"),
        ])) {
            try catalog.importProjects([incoming("kept", fixedID("d", 1)), incoming("KEPT", fixedID("d", 2))])
        }
    }

    @Test("accented names that differ are imported side by side")
    func accentsDoNotClash() throws {
        var catalog = try makeCatalog(["Cafe"])
        try catalog.importProjects([incoming("Caf\u{E9}", fixedID("d", 1)), incoming("Resume", fixedID("d", 2)), incoming("R\u{E9}sum\u{E9}", fixedID("d", 3))])
        #expect(catalog.names == ["Cafe", "Caf\u{E9}", "Resume", "R\u{E9}sum\u{E9}"])
    }

    @Test("after an import, moves and deletes work on the imported projects")
    func importedProjectsAreOrdinary() throws {
        var catalog = try makeCatalog(["One", "Two"])
        try catalog.importProjects([incoming("Three", fixedID("d", 1)), incoming("Four", fixedID("d", 2))])
        try catalog.move(.named("Four"), to: .top)
        try catalog.delete(.named("One"))
        #expect(catalog.names == ["Four", "Two", "Three"])
        #expect(catalog.positions == [1, 2, 3])
        #expect(try catalog.project(.id(fixedID("d", 2))).position == 1)
    }
}
