import Foundation
import Testing
@testable import ProjectStore

@Suite("References: names, ids and id prefixes")
struct ReferenceTests {
    /// "My Novel" has id 1234abcd-…-1, "Poems" 1234abce-…-2, "Script" 9876ffff-…-3.
    func catalog() throws -> ProjectCatalog {
        var catalog = ProjectCatalog()
        try catalog.add(name: "My Novel", kind: .novel, details: nil, id: fixedID("1234abcd", 1), created: moment(1))
        try catalog.add(name: "Poems", kind: .poetry, details: nil, id: fixedID("1234abce", 2), created: moment(2))
        try catalog.add(name: "Script", kind: .script, details: nil, id: fixedID("9876ffff", 3), created: moment(3))
        return catalog
    }

    @Test("a name finds its project, matched as duplicates are",
          arguments: ["My Novel", "my novel", "MY NOVEL", "  My Novel\t", "mY nOvEl"])
    func byName(text: String) throws {
        #expect(try catalog().project(.named(text)).id == fixedID("1234abcd", 1))
    }

    @Test("a name matches across Unicode normalization")
    func byNameNormalized() throws {
        var catalog = try catalog()
        try catalog.add(name: "Caf\u{E9} \u{C9}t\u{E9}", kind: .blank, details: nil, id: fixedID("", 4), created: moment(4))
        #expect(try catalog.project(.named("cafe\u{301} e\u{301}te\u{301}")).id == fixedID("", 4))
        // Not found, but suggested.
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Cafe Ete", near: ["Café Été"])) {
            try catalog.project(.named("Cafe Ete"))
        }
    }

    @Test("a full id finds its project, in either case and with surrounding spaces")
    func byFullID() throws {
        let catalog = try catalog()
        let id = fixedID("9876ffff", 3)
        #expect(try catalog.project(.named(id.lowercasedString)).name == "Script")
        #expect(try catalog.project(.named(id.uuidString)).name == "Script")
        #expect(try catalog.project(.named(" \(id.lowercasedString) ")).name == "Script")
        #expect(try catalog.project(.id(id)).name == "Script")
    }

    @Test("an unambiguous prefix of 4 or more finds its project",
          arguments: ["9876", "9876f", "9876ffff", "9876ffff-", "9876ffff-0000-4", "1234abcd", "1234abce-0"])
    func byPrefix(text: String) throws {
        let project = try catalog().project(.named(text))
        #expect(project.id.lowercasedString.hasPrefix(text))
    }

    @Test("prefixes are matched without regard to letter case")
    func prefixIgnoresCase() throws {
        #expect(try catalog().project(.named("9876FFFF")).name == "Script")
    }

    @Test("prefixes shorter than 4 characters find nothing", arguments: ["9", "98", "987"])
    func shortPrefix(text: String) throws {
        #expect(throws: ProjectStoreError.projectNotFound(reference: text, near: [])) {
            try catalog().project(.named(text))
        }
    }

    @Test("an ambiguous prefix is refused with every candidate", arguments: ["1234", "1234a", "1234ab", "1234abc"])
    func ambiguousPrefix(text: String) throws {
        let catalog = try catalog()
        let error = #expect(throws: ProjectStoreError.self) {
            try catalog.project(.named(text))
        }
        guard case .ambiguousReference(let reference, let candidates) = error else {
            Issue.record("expected an ambiguous reference, got \(String(describing: error))")
            return
        }
        #expect(reference == text)
        #expect(candidates.count == 2)
        #expect(Set(candidates.map(\.id)) == [fixedID("1234abcd", 1), fixedID("1234abce", 2)])
        #expect(candidates.allSatisfy { catalog.projects.contains($0) })
    }

    @Test("a name wins over an id prefix")
    func nameWinsOverPrefix() throws {
        var catalog = try catalog()
        // "9876" is a prefix of Script's id, and "1234" an ambiguous one; as names they win.
        try catalog.add(name: "9876", kind: .blank, details: nil, id: fixedID("aaaa", 4), created: moment(4))
        try catalog.add(name: "1234", kind: .blank, details: nil, id: fixedID("bbbb", 5), created: moment(5))
        #expect(try catalog.project(.named("9876")).id == fixedID("aaaa", 4))
        #expect(try catalog.project(.named("1234")).id == fixedID("bbbb", 5))
        // A longer prefix that is not a name still finds by id.
        #expect(try catalog.project(.named("9876f")).name == "Script")
    }

    @Test("a name that looks like another project's full id wins")
    func nameLooksLikeID() throws {
        var catalog = try catalog()
        let scriptID = fixedID("9876ffff", 3).lowercasedString
        try catalog.add(name: scriptID.uppercased(), kind: .blank, details: nil, id: fixedID("cccc", 6), created: moment(6))
        #expect(try catalog.project(.named(scriptID)).id == fixedID("cccc", 6))
        #expect(try catalog.project(.id(fixedID("9876ffff", 3))).name == "Script")
    }

    @Test("1984 is a name, never a position")
    func numbersAreNames() throws {
        var projects: [Project] = []
        for number in 1...2000 {
            let name = number == 5 ? "1984" : "Project \(number)"
            projects.append(Project(id: fixedID("eeee", number), name: name, kind: .blank, created: moment(Int64(number)), details: nil))
        }
        let catalog = try ProjectCatalog(projects: projects, defaultOrder: .user)
        let found = try catalog.project(.named("1984"))
        #expect(found.name == "1984")
        #expect(found.position == 5)
        // "3" is neither a name nor an id prefix: not position 3, and names a word of which starts
        // with it are only suggested.
        #expect(throws: ProjectStoreError.projectNotFound(reference: "3", near: ["Project 3", "Project 30", "Project 31"])) {
            try catalog.project(.named("3"))
        }
    }

    @Test("a number that is no name and no id prefix finds nothing")
    func numberNotFound() throws {
        let catalog = try makeCatalog((1...5).map { "Project \($0)" })
        // ids 00000000-…: "1984" is hex but no id starts with it.
        #expect(throws: ProjectStoreError.projectNotFound(reference: "1984", near: [])) {
            try catalog.project(.named("1984"))
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: "2", near: ["Project 2"])) {
            try catalog.project(.named("2"))
        }
    }

    @Test("text that is neither name nor hex is not found, and the error carries the text as typed",
          arguments: ["Nothing", "  Nothing ", "zzzz", "9876-gggg", "My Novel 2", ""])
    func notFound(text: String) throws {
        #expect(throws: ProjectStoreError.projectNotFound(reference: text, near: [])) {
            try catalog().project(.named(text))
        }
    }

    @Test("an id that is not in the catalog is not found")
    func idNotFound() throws {
        let missing = fixedID("abcdef12", 7)
        #expect(throws: ProjectStoreError.projectNotFound(reference: missing.lowercasedString, near: [])) {
            try catalog().project(.id(missing))
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: missing.lowercasedString, near: [])) {
            try catalog().project(.named(missing.lowercasedString))
        }
    }

    @Test("ids are shown in lowercase")
    func lowercasedString() {
        let id = UUID(uuidString: "ABCDEF12-3456-4789-8ABC-DEF012345678")!
        #expect(id.lowercasedString == "abcdef12-3456-4789-8abc-def012345678")
    }

    @Test("the names of a few ids, and of many, are those of the projects the catalog holds")
    func namesOfIDs() throws {
        let names = (1...40).map { "Project \($0)" }
        let catalog = try makeCatalog(names)
        let ids = catalog.projects.map(\.id)
        let stranger = UUID()
        #expect(catalog.names(of: [ids[2], stranger, ids[0], ids[2]]) == [ids[0]: "Project 1", ids[2]: "Project 3"])
        let many = Array(ids[5..<30]) + [stranger]
        #expect(catalog.names(of: many) == Dictionary(uniqueKeysWithValues: (5..<30).map { (ids[$0], names[$0]) }))
        #expect(catalog.names(of: []).isEmpty)
    }
}

@Suite("New ids")
struct RandomIDTests {
    @Test("random, version 4, of RFC 9562's variant, and never twice the same")
    func randomIDs() {
        let ids = (0..<2_000).map { _ in UUID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(200) {
            let text = id.lowercasedString
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89ab".contains(Array(text)[19]), "\(text)")
        }
        // Every bit that is not fixed takes both values across the ids.
        let ored = ids.reduce(into: [UInt8](repeating: 0, count: 16)) { sum, id in withUnsafeBytes(of: id.uuid) { for i in 0..<16 { sum[i] |= $0[i] } } }
        let anded = ids.reduce(into: [UInt8](repeating: 0xFF, count: 16)) { sum, id in withUnsafeBytes(of: id.uuid) { for i in 0..<16 { sum[i] &= $0[i] } } }
        #expect(ored[0] == 0xFF && anded[0] == 0 && ored[15] == 0xFF && anded[15] == 0)
        #expect(ored[6] == 0x4F && anded[6] == 0x40 && ored[8] == 0xBF && anded[8] == 0x80)
    }
}
