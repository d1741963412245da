import Foundation
import Testing
@testable import ProjectStore

@Suite("Catalog: adding, renaming, details, deleting")
struct CatalogChangeTests {
    @Test("a new catalog is empty and lists by name")
    func emptyCatalog() {
        let catalog = ProjectCatalog()
        #expect(catalog.projects.isEmpty)
        #expect(catalog.defaultOrder == .name)
        #expect(ProjectOrder.standard == .name)
    }

    @Test("adds go to the end of the writer's order, numbered from 1")
    func addAppends() throws {
        var catalog = ProjectCatalog()
        let first = try catalog.add(name: "Zebra", kind: .novel, details: "About stripes", id: fixedID("a", 1), created: moment(5))
        let second = try catalog.add(name: "Apple", kind: .shortStory, details: nil, id: fixedID("b", 2), created: moment(1))
        let third = try catalog.add(name: "Mango", kind: .script, details: nil, id: fixedID("c", 3), created: moment(3))
        #expect(catalog.names == ["Zebra", "Apple", "Mango"])
        #expect(catalog.positions == [1, 2, 3])
        #expect([first.position, second.position, third.position] == [Int]([1, 2, 3]))
        #expect(first == catalog.projects[0])
        #expect(first.id == fixedID("a", 1))
        #expect(first.kind == .novel)
        #expect(first.created == moment(5))
        #expect(first.details == "About stripes")
        #expect(second.details == nil)
    }

    @Test("the stored name is the trimmed one")
    func addStoresTrimmedName() throws {
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "  My Novel\t", kind: .novel, details: nil, id: fixedID("", 1), created: moment(0))
        #expect(project.name == "My Novel")
        #expect(catalog.projects[0].name == "My Novel")
    }

    @Test("empty details are stored as none")
    func emptyDetailsAreNone() throws {
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "A", kind: .blank, details: "", id: fixedID("", 1), created: moment(0))
        #expect(project.details == nil)
        let spaced = try catalog.add(name: "B", kind: .blank, details: " ", id: fixedID("", 2), created: moment(0))
        #expect(spaced.details == " ")
    }

    @Test("an invalid name is refused and nothing is added")
    func addInvalidName() throws {
        var catalog = try makeCatalog(["One"])
        let before = catalog
        #expect(throws: ProjectStoreError.invalidName("   ", .empty)) {
            try catalog.add(name: "   ", kind: .novel, details: nil, id: fixedID("", 9), created: moment(0))
        }
        #expect(throws: ProjectStoreError.invalidName("a\nb", .controlCharacter)) {
            try catalog.add(name: "a\nb", kind: .novel, details: nil, id: fixedID("", 9), created: moment(0))
        }
        #expect(catalog == before)
    }

    // MARK: Rename

    @Test("rename changes only the name; every other project stays exactly as it was")
    func renameKeepsEverythingElse() throws {
        var catalog = try makeCatalog(["One", "Two", "Three"])
        let before = catalog.projects
        let renamed = try catalog.rename(.named("Two"), to: "  Second ")
        #expect(renamed.name == "Second")
        #expect(renamed.id == before[1].id)
        #expect(renamed.kind == before[1].kind)
        #expect(renamed.created == before[1].created)
        #expect(renamed.details == before[1].details)
        #expect(renamed.position == 2)
        #expect(catalog.projects[1] == renamed)
        #expect(catalog.projects[0] == before[0])
        #expect(catalog.projects[2] == before[2])
        #expect(catalog.names == ["One", "Second", "Three"])
    }

    @Test("rename by id and by id prefix")
    func renameByIDAndPrefix() throws {
        var catalog = try makeCatalog(["One", "Two"])
        let two = catalog.projects[1]
        try catalog.rename(.id(two.id), to: "Deux")
        #expect(catalog.projects[1].name == "Deux")
        try catalog.rename(.named(two.id.lowercasedString), to: "Zwei")
        #expect(catalog.projects[1].name == "Zwei")
        #expect(catalog.projects[1].id == two.id)
    }

    @Test("rename of an unknown project is refused")
    func renameUnknown() throws {
        var catalog = try makeCatalog(["One"])
        let before = catalog
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Nope", near: [])) {
            try catalog.rename(.named("Nope"), to: "Whatever")
        }
        #expect(catalog == before)
    }

    @Test("rename to an invalid name is refused and nothing changes")
    func renameInvalid() throws {
        var catalog = try makeCatalog(["One", "Two"])
        let before = catalog
        #expect(throws: ProjectStoreError.invalidName("", .empty)) {
            try catalog.rename(.named("One"), to: "")
        }
        let long = String(repeating: "n", count: 256)
        #expect(throws: ProjectStoreError.invalidName(long, .tooLong(maximum: 255))) {
            try catalog.rename(.named("One"), to: long)
        }
        #expect(throws: ProjectStoreError.invalidName("Tab\there", .controlCharacter)) {
            try catalog.rename(.named("One"), to: "Tab\there")
        }
        #expect(catalog == before)
    }

    @Test("rename does not change the writer's order")
    func renameKeepsOrder() throws {
        var catalog = try makeCatalog(["B", "C", "D"])
        try catalog.rename(.named("D"), to: "A")
        #expect(catalog.names == ["B", "C", "A"])
        #expect(catalog.positions == [1, 2, 3])
    }

    // MARK: Details

    @Test("details are set, replaced and cleared by empty text or none")
    func setDetails() throws {
        var catalog = try makeCatalog(["One", "Two"])
        let other = catalog.projects[0]
        var project = try catalog.setDetails(of: .named("Two"), to: "A story about two")
        #expect(project.details == "A story about two")
        #expect(catalog.projects[1].details == "A story about two")
        project = try catalog.setDetails(of: .named("two"), to: "")
        #expect(project.details == nil)
        #expect(catalog.projects[1].details == nil)
        try catalog.setDetails(of: .named("Two"), to: "again")
        try catalog.setDetails(of: .named("Two"), to: nil)
        #expect(catalog.projects[1].details == nil)
        #expect(catalog.projects[0] == other)
        #expect(catalog.projects[1].name == "Two")
        #expect(catalog.projects[1].position == 2)
    }

    @Test("details of an unknown project are refused")
    func setDetailsUnknown() throws {
        var catalog = try makeCatalog(["One"])
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Two", near: [])) {
            try catalog.setDetails(of: .named("Two"), to: "x")
        }
        #expect(catalog.projects[0].details == "details 1")
    }

    // MARK: Delete

    @Test("deleting closes the positions up; the others keep id, name, kind, date and details",
          arguments: [0, 1, 2, 3])
    func deleteClosesUp(index: Int) throws {
        var catalog = try makeCatalog(["One", "Two", "Three", "Four"])
        let before = catalog.projects
        let removed = try catalog.delete(.named(before[index].name))
        #expect(removed == before[index])
        var expected = before
        expected.remove(at: index)
        #expect(catalog.projects.map(Identity.init) == expected.map(Identity.init))
        #expect(catalog.positions == [1, 2, 3])
    }

    @Test("after a delete, an add goes to the new end")
    func addAfterDelete() throws {
        var catalog = try makeCatalog(["One", "Two", "Three"])
        try catalog.delete(.named("One"))
        let added = try catalog.add(name: "Four", kind: .poetry, details: nil, id: fixedID("f", 4), created: moment(0))
        #expect(added.position == 3)
        #expect(catalog.names == ["Two", "Three", "Four"])
        #expect(catalog.positions == [1, 2, 3])
    }

    @Test("a deleted name can be used again")
    func deletedNameReusable() throws {
        var catalog = try makeCatalog(["One", "Two"])
        try catalog.delete(.named("one"))
        try catalog.add(name: "ONE", kind: .blank, details: nil, id: fixedID("e", 1), created: moment(0))
        #expect(catalog.names == ["Two", "ONE"])
    }

    @Test("deleting an unknown project is refused and nothing changes")
    func deleteUnknown() throws {
        var catalog = try makeCatalog(["One", "Two"])
        let before = catalog
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Three", near: [])) {
            try catalog.delete(.named("Three"))
        }
        let missing = fixedID("dead", 1)
        #expect(throws: ProjectStoreError.projectNotFound(reference: missing.lowercasedString, near: [])) {
            try catalog.delete(.id(missing))
        }
        #expect(catalog == before)
    }

    @Test("deleting every project leaves an empty catalog")
    func deleteAll() throws {
        var catalog = try makeCatalog(["One", "Two"])
        try catalog.delete(.named("Two"))
        try catalog.delete(.named("One"))
        #expect(catalog.projects.isEmpty)
    }
}

@Suite("Catalog: rebuilding from stored projects")
struct CatalogRebuildTests {
    func project(_ name: String, _ number: Int, position: Int = 0) -> Project {
        Project(id: fixedID("", number), name: name, kind: .novel, created: moment(Int64(number)), details: nil, position: position)
    }

    @Test("stored projects keep their order and are numbered 1...n whatever positions they carried")
    func renumbers() throws {
        let catalog = try ProjectCatalog(
            projects: [project("C", 1, position: 7), project("A", 2, position: 7), project("B", 3, position: 0)],
            defaultOrder: .date)
        #expect(catalog.names == ["C", "A", "B"])
        #expect(catalog.positions == [1, 2, 3])
        #expect(catalog.defaultOrder == .date)
    }

    @Test("names that clash are refused",
          arguments: [("My Novel", "my novel"), ("My Novel", "MY NOVEL"), ("Caf\u{E9}", "Cafe\u{301}"), ("\u{C9}t\u{E9}", "\u{E9}t\u{E9}")])
    func duplicateNames(first: String, second: String) {
        #expect(throws: DocumentProblem.duplicateName(second)) {
            try ProjectCatalog(projects: [project(first, 1), project("Other", 2), project(second, 3)], defaultOrder: .name)
        }
    }

    @Test("names that differ by accents are both kept")
    func accentedNamesKept() throws {
        let catalog = try ProjectCatalog(projects: [project("Cafe", 1), project("Caf\u{E9}", 2)], defaultOrder: .user)
        #expect(catalog.names == ["Cafe", "Caf\u{E9}"])
    }

    @Test("repeated ids are refused")
    func duplicateIDs() {
        #expect(throws: DocumentProblem.duplicateID(fixedID("", 1))) {
            try ProjectCatalog(projects: [project("A", 1), project("B", 2), project("C", 1)], defaultOrder: .name)
        }
    }

    @Test("invalid or untrimmed names are refused, naming the project's place",
          arguments: ["", "  ", " Padded", "Padded ", "Bell\u{7}", "Line\u{2028}Break", String(repeating: "a", count: 256)])
    func invalidNames(name: String) {
        #expect(throws: DocumentProblem.wrongValue(field: "name", value: name, project: 2)) {
            try ProjectCatalog(projects: [project("Fine", 1), project(name, 2)], defaultOrder: .name)
        }
    }

    @Test("an empty list makes an empty catalog")
    func emptyList() throws {
        let catalog = try ProjectCatalog(projects: [], defaultOrder: .user)
        #expect(catalog.projects.isEmpty)
        #expect(catalog.defaultOrder == .user)
    }

    @Test("a rebuilt catalog equals the catalog it was saved from")
    func roundTrip() throws {
        var original = try makeCatalog(["One", "Two", "Three"])
        try original.move(.named("Three"), to: .top)
        original.defaultOrder = .user
        let rebuilt = try ProjectCatalog(projects: original.projects, defaultOrder: original.defaultOrder)
        #expect(rebuilt == original)
    }
}
