import Foundation
import Testing
@testable import ProjectStore

@Suite("Orders: name, date and the writer's own")
struct OrderingTests {
    let english = NameCollator(locale: Locale(identifier: "en_US"))
    let swedish = NameCollator(locale: Locale(identifier: "sv_SE"))
    let german = NameCollator(locale: Locale(identifier: "de_DE"))

    @Test("name order ignores letter case")
    func nameIgnoresCase() throws {
        let catalog = try makeCatalog(["banana", "Cherry", "apple", "Apricot", "BLUEBERRY"])
        #expect(catalog.projects(in: .name, collator: english).names == ["apple", "Apricot", "banana", "BLUEBERRY", "Cherry"])
    }

    @Test("numbers inside names are ordered by value")
    func numbersByValue() throws {
        let catalog = try makeCatalog(["Draft 10", "Draft 2", "Draft 1", "Draft 100", "draft 3"])
        #expect(catalog.projects(in: .name, collator: english).names == ["Draft 1", "Draft 2", "draft 3", "Draft 10", "Draft 100"])
    }

    @Test("in Swedish, Ö is a letter after Z")
    func swedishOAfterZ() throws {
        let catalog = try makeCatalog(["\u{D6}det", "Zebra", "Oslo", "Ode", "\u{C5}ngest", "Apple"])
        #expect(catalog.projects(in: .name, collator: swedish).names
            == ["Apple", "Ode", "Oslo", "Zebra", "\u{C5}ngest", "\u{D6}det"])
    }

    @Test("in German, Ö sorts with O")
    func germanOWithO() throws {
        let catalog = try makeCatalog(["\u{D6}det", "Zebra", "Oslo", "Ode", "Apple"])
        #expect(catalog.projects(in: .name, collator: german).names == ["Apple", "Ode", "\u{D6}det", "Oslo", "Zebra"])
    }

    @Test("decomposed and precomposed accents sort alike")
    func normalizationDoesNotChangeOrder() throws {
        let precomposed = try makeCatalog(["Zebra", "\u{D6}det", "Oslo"])
        let decomposed = try makeCatalog(["Zebra", "O\u{308}det", "Oslo"])
        #expect(precomposed.projects(in: .name, collator: swedish).map(\.position) == [3, 1, 2])
        #expect(decomposed.projects(in: .name, collator: swedish).map(\.position) == [3, 1, 2])
        #expect(decomposed.projects(in: .name, collator: german).map(\.position) == [2, 3, 1])
    }

    @Test("names that collate alike still list the same way whatever the writer's order")
    func tiesAreDeterministic() throws {
        // "Draft 2" and "Draft 02" compare equal by value and case; the order must not depend on insertion.
        let names = ["Draft 02", "draft 2x", "Draft 2", "Draft 002"]
        let forward = try makeCatalog(names)
        let backward = try makeCatalog(names.reversed())
        let a = forward.projects(in: .name, collator: english).names
        let b = backward.projects(in: .name, collator: english).names
        #expect(a == b)
        #expect(Set(a) == Set(names))
        #expect(a.last == "draft 2x")
    }

    @Test("the date order is oldest first")
    func dateOldestFirst() throws {
        var catalog = ProjectCatalog()
        try catalog.add(name: "Middle", kind: .novel, details: nil, id: fixedID("", 1), created: moment(2_000))
        try catalog.add(name: "Newest", kind: .novel, details: nil, id: fixedID("", 2), created: moment(3_000))
        try catalog.add(name: "Oldest", kind: .novel, details: nil, id: fixedID("", 3), created: moment(1_000))
        try catalog.add(name: "Old by a millisecond", kind: .novel, details: nil, id: fixedID("", 4), created: moment(999))
        #expect(catalog.projects(in: .date, collator: english).names == ["Old by a millisecond", "Oldest", "Middle", "Newest"])
    }

    @Test("projects created at the same moment are ordered by name")
    func dateTiesByName() throws {
        var catalog = ProjectCatalog()
        for (number, name) in ["charlie", "Bravo", "Draft 10", "alpha", "Draft 9"].enumerated() {
            try catalog.add(name: name, kind: .blank, details: nil, id: fixedID("", number + 1), created: moment(42))
        }
        try catalog.add(name: "Zulu", kind: .blank, details: nil, id: fixedID("", 9), created: moment(41))
        #expect(catalog.projects(in: .date, collator: english).names
            == ["Zulu", "alpha", "Bravo", "charlie", "Draft 9", "Draft 10"])
    }

    @Test("the date tie-break follows the collator's locale")
    func dateTiesFollowLocale() throws {
        var catalog = ProjectCatalog()
        for (number, name) in ["\u{D6}det", "Zebra", "Oslo"].enumerated() {
            try catalog.add(name: name, kind: .blank, details: nil, id: fixedID("", number + 1), created: moment(0))
        }
        #expect(catalog.projects(in: .date, collator: swedish).names == ["Oslo", "Zebra", "\u{D6}det"])
        #expect(catalog.projects(in: .date, collator: german).names == ["\u{D6}det", "Oslo", "Zebra"])
    }

    @Test("the writer's order is the order of adds")
    func userOrderIsAddOrder() throws {
        let catalog = try makeCatalog(["Zebra", "apple", "Mango"])
        #expect(catalog.projects(in: .user, collator: english).names == ["Zebra", "apple", "Mango"])
        #expect(catalog.projects(in: .user, collator: english).map(\.position) == [1, 2, 3])
    }

    @Test("listing in another order never changes the writer's order or positions")
    func sortingDoesNotReorder() throws {
        var catalog = try makeCatalog(["Zebra", "apple", "Mango"])
        try catalog.move(.named("Mango"), to: .top)
        let before = catalog
        let byName = catalog.projects(in: .name, collator: english)
        let byDate = catalog.projects(in: .date, collator: english)
        #expect(byName.names == ["apple", "Mango", "Zebra"])
        #expect(byDate.names == ["Zebra", "apple", "Mango"])
        // Each listed project still carries its place in the writer's order.
        #expect(byName.map(\.position) == [3, 1, 2])
        #expect(byDate.map(\.position) == [2, 3, 1])
        #expect(catalog == before)
        #expect(catalog.projects(in: .user, collator: english).names == ["Mango", "Zebra", "apple"])
    }

    @Test("the collator compares names case-insensitively and numbers by value")
    func collatorDirectly() {
        #expect(english.compare("draft", "Draft") == .orderedSame)
        #expect(english.compare("Draft 2", "Draft 10") == .orderedAscending)
        #expect(english.compare("b", "A") == .orderedDescending)
        #expect(swedish.compare("\u{D6}det", "Zebra") == .orderedDescending)
        #expect(german.compare("\u{D6}det", "Zebra") == .orderedAscending)
        #expect(german.locale.identifier == "de_DE")
    }

    @Test("the POSIX and C locales and an unknown locale still order case-insensitively, numbers by value",
          arguments: ["en_US_POSIX", "C", "", "xx_YY"])
    func neutralLocales(identifier: String) throws {
        let collator = NameCollator(locale: Locale(identifier: identifier))
        let catalog = try makeCatalog(["Mango", "draft 10", "apple", "Draft 2", "Banana", "cherry"])
        #expect(catalog.projects(in: .name, collator: collator).names
            == ["apple", "Banana", "cherry", "Draft 2", "draft 10", "Mango"])
    }

    @Test("sort keys are equal for names that differ only in letter case, and differ otherwise")
    func sortKeys() {
        #expect(english.sortKey("Draft") == english.sortKey("dRAFT"))
        #expect(english.sortKey("Caf\u{E9}") == english.sortKey("CAFE\u{301}"))
        #expect(english.sortKey("Cafe") != english.sortKey("Caf\u{E9}"))
        #expect(english.sortKey("Draft 2").lexicographicallyPrecedes(english.sortKey("Draft 10")))
        #expect(!english.sortKey("Apple").isEmpty)
        #expect(english.sortKey("a").lexicographicallyPrecedes(english.sortKey("B")))
    }

    @Test("long names that differ only at the end are ordered by that end")
    func longNames() throws {
        let stem = String((0..<254).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        let names = [stem + "z", stem + "B", stem + "a", stem + "\u{D6}"]
        #expect(names.allSatisfy { $0.count == 255 })
        let catalog = try makeCatalog(names)
        #expect(catalog.projects(in: .name, collator: english).names == [stem + "a", stem + "B", stem + "\u{D6}", stem + "z"])
        #expect(catalog.projects(in: .name, collator: swedish).names == [stem + "a", stem + "B", stem + "z", stem + "\u{D6}"])
        // The same collator gives the same key before and after handling a long name.
        let shortKey = english.sortKey("Short")
        _ = english.sortKey(names[0])
        #expect(english.sortKey("Short") == shortKey)
    }

    @Test("a selection of projects can be ordered on its own; the writer's order follows positions")
    func orderedSelection() throws {
        var catalog = try makeCatalog(["Zebra", "apple", "Mango", "Kiwi"])
        try catalog.move(.named("Kiwi"), to: .top)   // Kiwi Zebra apple Mango
        let selection = [catalog.named("Mango"), catalog.named("Kiwi"), catalog.named("apple")]
        #expect(ProjectCatalog.ordered(selection, in: .user, collator: english).names == ["Kiwi", "apple", "Mango"])
        #expect(ProjectCatalog.ordered(selection, in: .name, collator: english).names == ["apple", "Kiwi", "Mango"])
        #expect(ProjectCatalog.ordered(selection, in: .date, collator: english).names == ["apple", "Mango", "Kiwi"])
        #expect(ProjectCatalog.ordered([], in: .name, collator: english).isEmpty)
    }

    @Test("every order lists every project exactly once")
    func ordersArePermutations() throws {
        let catalog = try makeCatalog(["b", "A", "Draft 10", "Draft 9", "\u{C9}t\u{E9}", "Eta", "zeta"])
        for order in ProjectOrder.allCases {
            let listed = catalog.projects(in: order, collator: english)
            #expect(listed.count == catalog.projects.count)
            #expect(Set(listed.map(\.id)) == Set(catalog.projects.map(\.id)))
        }
    }

    @Test("name order agrees with comparing names one pair at a time", arguments: [1, 2, 3])
    func nameOrderAgreesWithPairwiseComparison(seed: UInt64) throws {
        // Keys are compared by their first eight bytes, then the rest: names sharing long beginnings
        // ("Chapter 12 notes", "Chapter 12 Notes") and names shorter than eight bytes both occur.
        var random = SeededGenerator(seed: seed)
        let words = ["Chapter", "chapter", "Draft", "a", "Ö", "é", "Notes", "notes", "12", "2", "日本", "x"]
        var names = Set<String>()
        while names.count < 300 {
            let count = Int.random(in: 1...4, using: &random)
            let name = (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            if ProjectName.isValidStored(name) { names.insert(name) }
        }
        var matchKeys = Set<String>()
        let distinct = names.sorted().filter { matchKeys.insert(ProjectName.matchKey($0)).inserted }
        let catalog = try makeCatalog(distinct.shuffled(using: &random))
        let listed = catalog.projects(in: .name, collator: swedish).names
        #expect(listed.count == distinct.count)
        for (earlier, later) in zip(listed, listed.dropFirst()) {
            let order = swedish.compare(earlier, later)
            #expect(order == .orderedAscending || (order == .orderedSame
                && earlier.unicodeScalars.lexicographicallyPrecedes(later.unicodeScalars)), "\(earlier) before \(later)")
        }
    }

    @Test("order identifiers are stable")
    func orderRawValues() {
        #expect(ProjectOrder.allCases.map(\.rawValue) == ["name", "date", "user"])
        #expect(ProjectOrder(rawValue: "user") == .user)
    }
}

@Suite("Project kinds")
struct ProjectKindTests {
    @Test("kind identifiers are stable and ordered as the spec lists them")
    func rawValuesAndOrder() {
        #expect(ProjectKind.allCases.map(\.rawValue) == ["blank", "novel", "poetry", "script", "short-story"])
        #expect(ProjectKind(rawValue: "short-story") == .shortStory)
        #expect(ProjectKind(rawValue: "shortStory") == nil)
        #expect(ProjectKind.blank < .novel)
        #expect(ProjectKind.script < .shortStory)
        #expect(!(ProjectKind.poetry < .novel))
        #expect(ProjectKind.allCases.shuffled().sorted() == ProjectKind.allCases)
    }
}
