import Foundation
import Testing
@testable import ProjectStore

/// The numbers a writer types that the tool keeps, at the ends of their ranges: the largest taken,
/// one more refused, 0 and below refused, and a refusal changing nothing.
@Suite("Numbers the tool keeps: their ranges")
struct StoredNumberTests {
    private let maximumWords = 1_000_000_000
    private let maximumDays = 3_650

    @Test("the ranges are the ones the documentation gives")
    func ranges() {
        #expect(StoredNumber.wordTarget.range == 1...maximumWords)
        #expect(StoredNumber.dailyGoal.range == 1...maximumWords)
        #expect(StoredNumber.responseDays.range == 1...maximumDays)
    }

    private func novel() throws -> ProjectCatalog {
        var catalog = ProjectCatalog()
        try catalog.add(name: "Novel", kind: .novel, details: nil, id: fixedID("a", 1), created: moment(0))
        try catalog.setTarget(of: .named("Novel"), to: 80_000)
        return catalog
    }

    @Test("a target of 1 and of 1,000,000,000 words is taken")
    func targetAtTheEnds() throws {
        var catalog = try novel()
        #expect(try catalog.setTarget(of: .named("Novel"), to: 1).target == 1)
        #expect(try catalog.setTarget(of: .named("Novel"), to: maximumWords).target == maximumWords)
    }

    @Test("a target past 1,000,000,000 words, or below 1, is refused and changes nothing",
          arguments: [1_000_000_001, 1_000_000_000_000_000_000, Int.max, 0, -1, Int.min])
    func targetOutOfRange(target: Int) throws {
        var catalog = try novel()
        let before = catalog
        #expect(throws: ProjectStoreError.invalidTarget(target)) { try catalog.setTarget(of: .named("Novel"), to: target) }
        #expect(catalog == before)
        #expect(try catalog.project(.named("Novel")).target == 80_000)
    }

    @Test("add and edit through the store refuse a target past the range as one change: nothing is kept")
    func targetThroughTheStore() throws {
        let store = ProjectStore(storage: MemoryStorage())
        try store.add(name: "Novel")
        #expect(throws: ProjectStoreError.invalidTarget(maximumWords + 1)) {
            try store.edit(.named("Novel"), ProjectEdit(details: .set("lost"), target: .set(maximumWords + 1)))
        }
        #expect(try store.project(.named("Novel")).details == nil)
        #expect(throws: ProjectStoreError.invalidTarget(maximumWords + 1)) {
            try store.add(name: "Other", kind: .novel, details: nil, target: maximumWords + 1, due: nil, folder: .none)
        }
        #expect(try store.catalog().projects.map(\.name) == ["Novel"])
    }

    @Test("a daily goal of 1 and of 1,000,000,000 words is recorded, and cleared with none")
    func goalAtTheEnds() throws {
        let folder = MemoryProgressFolder(), machine = fixedID("c", 1)
        try folder.setGoal(1, at: 100, of: machine)
        #expect(folder.records().dailyGoal == 1)
        try folder.setGoal(maximumWords, at: 200, of: machine)
        #expect(folder.records().dailyGoal == maximumWords)
        try folder.setGoal(nil, at: 300, of: machine)
        #expect(folder.records().dailyGoal == nil)
    }

    @Test("a daily goal past 1,000,000,000 words, or below 1, is refused and nothing is recorded",
          arguments: [1_000_000_001, 1_000_000_000_000_000_000, Int.max, 0, -1, Int.min])
    func goalOutOfRange(goal: Int) throws {
        let folder = MemoryProgressFolder(), machine = fixedID("c", 1)
        try folder.setGoal(500, at: 100, of: machine)
        #expect(throws: ProjectStoreError.invalidGoal(goal)) { try folder.setGoal(goal, at: 200, of: machine) }
        #expect(folder.records().goals == [GoalSetting(time: 100, words: 500)])
    }

    @Test("a usual response time of 1 and of 3,650 days is taken")
    func responseDaysAtTheEnds() throws {
        var catalog = ProjectCatalog()
        try catalog.addMarket(Sent.market(1, "Agni"))
        #expect(try catalog.setMarket("Agni", .responseDays, to: "1").responseDays == 1)
        #expect(try catalog.setMarket("Agni", .responseDays, to: "3650").responseDays == maximumDays)
    }

    @Test("a usual response time past 3,650 days, or below 1, is refused and changes nothing",
          arguments: [3_651, 1_000_000_000_000_000_000, Int.max, 0, -1, Int.min])
    func responseDaysOutOfRange(days: Int) throws {
        var catalog = ProjectCatalog()
        try catalog.addMarket(Sent.market(1, "Agni", responseDays: 90))
        catalog.beginChange()
        let before = catalog
        #expect(throws: ProjectStoreError.submissions(.invalidResponseDays(days))) {
            try catalog.setMarket("Agni", .responseDays, to: String(days))
        }
        #expect(catalog == before && catalog.operations.isEmpty)
        #expect(catalog.markets[0].responseDays == 90)
    }

    @Test("a usual response time kept before the range comes back as it was when a change to it is undone")
    func responseDaysFromBeforeTheRange() throws {
        var catalog = ProjectCatalog()
        try catalog.addMarket(Sent.market(1, "Agni", responseDays: 5_000))
        catalog.beginChange()
        try catalog.setMarket("Agni", .responseDays, to: "30")
        let operations = catalog.operations
        try catalog.apply(operations.reversed().map(\.reversed))
        #expect(catalog.markets[0].responseDays == 5_000)
    }
}
