import Foundation
import Testing
@testable import ProjectStore

/// A name a merge gave (“autumn (2)”) is the project's name from then on, on every machine: it
/// changes only through a change of its own, which every machine sees.
@Suite("Sync: names given by a merge")
struct MergedNamesTests {
    /// A laptop that added “Autumn” and a desktop that added “autumn”, after they met: both list
    /// “Autumn” and “autumn (2)”.
    static func autumnTwice() throws -> SharingTests.Apart {
        let machines = try SharingTests.Apart(["Winter"])
        try machines.laptop.store.add(name: "Autumn")
        try machines.desktop.store.add(name: "autumn")
        machines.meet()
        for machine in [machines.laptop, machines.desktop] {
            #expect(try machine.store.catalog().names == ["Winter", "Autumn", "autumn (2)"])
        }
        return machines
    }

    /// Syncs both ways, again and again, as a writer would over days.
    static func syncOften(_ machines: SharingTests.Apart) throws {
        for laptopFirst in [true, false, true] {
            machines.meet(laptopFirst: laptopFirst)
            _ = try machines.laptop.store.catalog()
            _ = try machines.desktop.store.catalog()
        }
    }

    @Test("the holder of the plain name deleted: both machines keep “autumn (2)”, however often they sync")
    func holderDeleted() throws {
        let machines = try Self.autumnTwice()
        try machines.laptop.store.delete(.named("Autumn"))
        try Self.syncOften(machines)
        #expect(try machines.laptop.store.catalog().names == ["Winter", "autumn (2)"])
        #expect(try machines.desktop.store.catalog().names == ["Winter", "autumn (2)"])
    }

    @Test("the holder of the plain name renamed: both machines keep “autumn (2)”, and the plain name is free")
    func holderRenamed() throws {
        let machines = try Self.autumnTwice()
        try machines.laptop.store.rename(.named("Autumn"), to: "Fall")
        try Self.syncOften(machines)
        #expect(try machines.laptop.store.catalog().names == ["Winter", "Fall", "autumn (2)"])
        #expect(try machines.desktop.store.catalog().names == ["Winter", "Fall", "autumn (2)"])
        // Renamed back by the writer, on the desktop: a change like any other, seen by both.
        try machines.desktop.store.rename(.named("autumn (2)"), to: "autumn")
        try Self.syncOften(machines)
        #expect(try machines.laptop.store.catalog().names == ["Winter", "Fall", "autumn"])
    }

    @Test("a merge renaming is told once, to the machine whose project it renamed, and not again after the holder goes")
    func renamingToldOnce() throws {
        let machines = try SharingTests.Apart(["Winter"])
        try machines.laptop.store.add(name: "Autumn")
        try machines.desktop.store.add(name: "autumn")
        machines.meet()
        let told = try machines.desktop.store.takeIn()
        #expect(told?.renamed.map(\.to) == ["autumn (2)"])
        try machines.laptop.store.delete(.named("Autumn"))
        machines.meet()
        let after = try machines.desktop.store.takeIn()
        #expect(after?.renamed == [])
        #expect(after?.changes.count == 1)
    }
}

/// Every name a merge gives, a project's or a market's, is one the writer could have typed, and the
/// catalog it makes is one the store's reader takes, whatever another machine's log held.
@Suite("Sync: every name a merge gives is valid")
struct ValidMergedNamesTests {
    /// The store reader's own rules, applied to what a machine would write.
    static func expectReadable(_ catalog: ProjectCatalog, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var reread = try ProjectCatalog(projects: catalog.projects, defaultOrder: catalog.defaultOrder)
        try reread.takeStored(markets: catalog.markets, submissions: catalog.submissions)
        for name in catalog.projects.map(\.name) + catalog.markets.map(\.name) {
            #expect(try ProjectName.validated(name) == name, sourceLocation: sourceLocation)
        }
    }

    @Test("two machines adding one name of 252 or 255 characters, to a project and to a market: the numbered name is cut to fit, and both stores read back",
          arguments: [252, 255])
    func longNameTakenTwice(length: Int) throws {
        let name = String(String(repeating: "Long ", count: 60).prefix(length - 3)) + "end"
        let machines = try SharingTests.Apart([])
        for (computer, number) in [(machines.laptop, 1), (machines.desktop, 2)] {
            try computer.store.change { catalog throws(ProjectStoreError) in
                _ = try catalog.add(name: name, kind: .novel, details: nil, id: fixedID("a1", number), created: moment(0))
                _ = try catalog.addMarket(Sent.market(number, name))
            }
        }
        machines.meet()
        let numbered = String(name.prefix(ProjectName.maximumLength - 4)) + " (2)"
        let onLaptop = try machines.laptop.store.catalog()
        #expect(onLaptop == (try machines.desktop.store.catalog()))
        #expect(Set(onLaptop.names) == [name, numbered])
        #expect(Set(onLaptop.markets.map(\.name)) == [name, numbered])
        #expect(numbered.count == ProjectName.maximumLength)
        try Self.expectReadable(onLaptop)
    }

    @Test("a number never follows a space the cut left, and the bound on a name's code points holds too")
    func numberedFits() {
        let spaced = String(repeating: "a", count: 250) + " bcd"
        #expect(ProjectName.numbered(spaced, 2) { "\($0) (\($1))" } == String(repeating: "a", count: 250) + " (2)")
        // 100 characters of 10 code points each: as long as a name may be in code points.
        let heavy = String(repeating: "e" + String(repeating: "\u{301}", count: 9), count: 102)
        let given = ProjectName.numbered(heavy, 2) { "\($0) (\($1))" }
        #expect(given.hasSuffix(" (2)") && (try? ProjectName.validated(given)) == given)
    }

    /// A third machine whose log was written by hand: names no version of the tool writes.
    static let handWritten = Machine(id: fixedID("bb", 3), name: "tablet")

    static func handWrittenChange(at milliseconds: Int64, _ operations: ChangeOperation...) -> SharedChange {
        let change = Change(revision: 1, time: moment(milliseconds), clock: HybridTime(milliseconds: milliseconds, counter: 0),
                            machine: handWritten, kind: .command("add"), operations: operations)
        return SharedChange(change: change, seen: [:])
    }

    @Test("a log holding a market named \"\", one with a control character and one that only the mending makes clash: valid names, the same on every machine whatever the order")
    func marketNamesMended() throws {
        let changes = [
            MergeTests.change(MergeTests.laptop, at: 100, .submissions(.addMarket(Sent.market(1, "Agni")))),
            Self.handWrittenChange(at: 200, .submissions(.addMarket(Sent.market(2, "")))),
            Self.handWrittenChange(at: 300, .submissions(.addMarket(Sent.market(3, "Poetry\u{7}Review\n"))),
                                   .submissions(.addMarket(Sent.market(4, " Agni\u{200B}")))),
        ]
        let outcome = try MergeTests().mergedInEveryOrder(changes)
        #expect(outcome.catalog.markets.map(\.name) == ["Agni", "3a000000", "Poetry Review", "Agni (2)"])
        #expect(outcome.renamedMarkets == [Renaming(project: fixedID("3a", 4), from: "Agni", to: "Agni (2)")])
        try Self.expectReadable(outcome.catalog)
    }

    @Test("a project's name from such a log is mended as a market's, rather than the merge refusing every machine's list")
    func projectNamesMended() throws {
        let long = String(repeating: "x", count: 300)
        let outcome = try MergeTests().mergedInEveryOrder([
            MergeTests().base,
            Self.handWrittenChange(at: 200, .create(MergeTests.project(4, "\t", key: "a4")), .create(MergeTests.project(5, "Winter\u{85}", key: "a5"))),
            Self.handWrittenChange(at: 300, .create(MergeTests.project(6, long, key: "a6"))),
        ])
        #expect(outcome.catalog.names == ["Winter", "Sonnets", "Letters", "00000000", "Winter (2)", String(long.prefix(255))])
        try Self.expectReadable(outcome.catalog)
    }

    @Test("a catalog the store's reader would refuse for anything else a log held is refused by the merge, not written")
    func safetyNet() throws {
        // A submission given its market's id, by hand.
        let agni = Sent.market(1, "Agni")
        let poems = MergeTests.project(1, "Poems", key: "a1")
        let clashing = Submission(id: agni.id, market: agni.id, project: poems.id, projectName: "Poems", sent: Sent.day("2026-10-01"),
                                  note: nil, pieces: [Sent.piece("A")])
        #expect(throws: DocumentProblem.duplicateID(agni.id)) {
            try ProjectCatalog.merged([
                MergeTests.change(MergeTests.laptop, at: 100, .create(poems), .submissions(.addMarket(agni))),
                Self.handWrittenChange(at: 200, .submissions(.addSubmission(clashing))),
            ])
        }
    }
}
