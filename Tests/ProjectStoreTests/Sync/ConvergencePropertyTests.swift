import Foundation
import Testing
@testable import ProjectStore

/// The promise of sync, stated as a property: once every machine has seen every change, every
/// machine shows the same list (names, fields, order), whatever was done where and whatever order
/// the changes arrived in. Three machines, each with a sync engine of its own that delivers late,
/// make the changes most likely to meet: one name taken on several machines in several cases, then
/// the merged names deleted, renamed and taken again; moves, edits of one field on two machines,
/// undo and redo.
@Suite("Sync: every machine ends with the same list")
struct ConvergencePropertyTests {
    static let runs = 250

    @Test("random changes on three machines, delivered in random orders, converge")
    func converge() throws {
        var failures: [UInt64] = []
        for seed in 0..<UInt64(Self.runs) {
            let lists = try Self.play(seed: seed)
            if Set(lists).count != 1 { failures.append(seed) }
        }
        // The first seed is enough to reproduce: `play(seed:)` with it gives each machine's list.
        #expect(failures.isEmpty, "diverged with seeds \(failures.prefix(10)) of \(Self.runs)")
    }

    /// Plays one run, and returns each machine's list once every log has reached every machine.
    static func play(seed: UInt64, steps: Int = 40) throws -> [String] {
        var random = SeededGenerator(seed: seed)
        let ticker = SharingTests.Ticker(0)
        let engines = (0..<3).map { _ in MemorySharedFolder() }
        let machines = (0..<3).map { index in
            SharingTests.computer("machine\(index)", number: index + 1, shared: engines[index], ticker: ticker)
        }
        try machines[0].store.add(name: "Winter")
        try machines[0].store.share()
        for index in 1..<3 {
            engines[index].deliver(SharingTests.root, from: engines[0])
            _ = try machines[index].store.catalog()
        }
        // Names that clash across machines (compared as the tool compares them), and the names a
        // merge gives, taken on purpose.
        let names = ["Autumn", "autumn", "AUTUMN", "Winter", "winter", "Autumn (2)", "Winter (2)", "Fall"]
        /// Every engine brings every other what it holds, as when all machines have synced.
        func meet() {
            for _ in 0..<2 {
                for to in 0..<3 { for from in 0..<3 { engines[to].deliver(SharingTests.root, from: engines[from]) } }
            }
        }
        for _ in 0..<steps {
            let store = machines[random.next(3)].store
            let existing = try store.catalog().projects
            func any() -> ProjectReference { .id(existing[random.next(existing.count)].id) }
            // Refusals (a name taken here, nothing to undo) are part of the game: the machine goes on.
            switch random.next(12) {
            case 0, 1: _ = try? store.add(name: names[random.next(names.count)])
            case 2 where !existing.isEmpty: _ = try? store.rename(any(), to: names[random.next(names.count)])
            case 3 where !existing.isEmpty: _ = try? store.delete(any())
            case 4 where !existing.isEmpty: _ = try? store.setDetails(of: any(), to: "details \(random.next(3))")
            case 5 where existing.count > 1: _ = try? store.move(any(), to: .position(1 + random.next(existing.count)))
            case 6: _ = try? store.undo()
            case 7: _ = try? store.redo()
            case 8:
                // Every machine takes in everything: what one machine does next, it alone has seen.
                meet()
                for machine in machines { _ = try machine.store.catalog() }
            default:
                // A sync engine brings one machine what another holds.
                let to = random.next(3)
                engines[to].deliver(SharingTests.root, from: engines[random.next(3)])
            }
        }
        meet()
        return try machines.map { try listed($0.store.catalog()) }
    }

    /// Everything the writer sees of a list, one project a line, in the writer's order.
    static func listed(_ catalog: ProjectCatalog) -> String {
        var lines = ["order: \(catalog.defaultOrder)"]
        for project in catalog.projects {
            let fields: [String] = [
                "\(project.position)", project.name, project.details ?? "-", project.target.map { "\($0)" } ?? "-",
                project.due.map { "\($0)" } ?? "-", project.folder?.recorded ?? "-", project.orderKey.map { "\($0)" } ?? "-",
            ]
            lines.append(fields.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }
}
