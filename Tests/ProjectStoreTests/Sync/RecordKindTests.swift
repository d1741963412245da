import Foundation
import Testing
@testable import ProjectStore

/// Every kind of record the catalog holds is named by `RecordKind`, and a store that joins a shared
/// root brings every record of every kind, field by field.
@Suite("Sync: every kind of record is shared")
struct RecordKindTests {
    /// A catalog holding one record of each kind, each field set: a project with details and a
    /// target, a market with every rule, a submission with a note and an answer with a note.
    static func oneOfEach(on computer: SharingTests.Computer, prefix: String) throws {
        try computer.store.add(name: "\(prefix) Poems")
        try computer.store.change { catalog throws(ProjectStoreError) in
            let project = try catalog.project(.named("\(prefix) Poems"))
            try catalog.setDetails(of: .id(project.id), to: "Odes")
            try catalog.setTarget(of: .id(project.id), to: 3_000)
            let market = try catalog.addMarket(Market(
                id: fixedID("\(prefix.count)c", 1), name: "\(prefix) Review", kind: .competition, url: "https://example.org",
                deadline: Sent.day("2027-03-01"), simultaneous: false, multiple: false, notes: "Reads in spring", responseDays: 90))
            let submission = Submission(
                id: fixedID("\(prefix.count)d", 1), market: market.id, project: project.id, projectName: project.name,
                sent: Sent.day("2026-09-01"), note: "A packet",
                pieces: [Sent.piece("Ode.md", .accepted, on: "2026-10-01"), Sent.piece("Elegy.md", .shortlisted, on: "2026-10-02")],
                recorded: HybridTime(milliseconds: 1_000 + Int64(prefix.count), counter: 1))
            try catalog.addSubmission(submission)
            try catalog.respond(
                to: submission.id, pieces: ["Ode.md"], with: PieceResponse(status: .accepted, date: Sent.day("2026-10-03"), note: "Send more!"),
                today: Sent.day("2026-11-01"))
        }
    }

    /// The catalog's collections of records, by property name, found by reflection rather than
    /// listed, so that a kind added to the catalog is found here without anyone adding it.
    static func collections(of catalog: ProjectCatalog) -> [String: [any Identifiable]] {
        var found: [String: [any Identifiable]] = [:]
        for child in Mirror(reflecting: catalog).children {
            if let label = child.label, let records = child.value as? [any Identifiable] { found[label] = records }
        }
        return found
    }

    @Test("the catalog holds no collection of records that RecordKind does not make")
    func everyKindNamed() throws {
        let computer = SharingTests.computer("laptop", number: 1, shared: MemorySharedFolder())
        try Self.oneOfEach(on: computer, prefix: "Laptop")
        let catalog = try computer.store.catalog()
        let collections = Self.collections(of: catalog)
        #expect(collections.keys.sorted() == ["markets", "projects", "submissions"], "a new kind of record: give oneOfEach one")
        for (name, records) in collections { #expect(!records.isEmpty, "oneOfEach holds no \(name)") }
        // Each record once, of the kind of its collection.
        let made = catalog.creations().compactMap(\.created)
        #expect(made.count == collections.values.map(\.count).reduce(0, +))
        #expect(Set(made).count == made.count)
        #expect(Set(made.map(\.kind)) == Set(RecordKind.allCases))
    }

    @Test("sharing, then a second machine joining with records of its own: every record of each, field by field, on both")
    func shareAndJoinKeepEverything() throws {
        let engine = MemorySharedFolder()
        let laptop = SharingTests.computer("laptop", number: 1, shared: engine)
        try Self.oneOfEach(on: laptop, prefix: "Laptop")
        let laptopBefore = try laptop.store.catalog()
        let shared = try laptop.store.share()
        #expect(shared == laptopBefore)

        let desktop = SharingTests.computer("desktop", number: 2, shared: MemorySharedFolder())
        try Self.oneOfEach(on: desktop, prefix: "Desk")
        let desktopBefore = try desktop.store.catalog()
        let joining = SharingTests.computer("desktop", number: 2, shared: engine, desktopBefore)
        let joined = try joining.store.catalog()
        let onLaptop = try laptop.store.catalog()
        #expect(joined == onLaptop)
        for before in [laptopBefore, desktopBefore] {
            // Every field but the place, which the merge gives among both machines' projects.
            for project in before.projects {
                var there = try #require(joined.projects.first { $0.id == project.id })
                there.position = project.position
                #expect(there == project)
            }
            #expect(before.markets.allSatisfy(joined.markets.contains))
            #expect(before.submissions.allSatisfy(joined.submissions.contains))
        }
        #expect(joined.markets.count == 2 && joined.submissions.count == 2)
    }
}
