import Foundation
import Testing

/// A writer who has kept markets and submissions for a while and only then shares the root: every
/// market and every submission, each field of each, is there after `sync --init` and `sync --join`,
/// through real git and a bare remote, and through a folder-sync tool's plain `--init`.
@Suite("sharing a root keeps every market and submission")
struct SharingSubmissionsTests {
    /// A poet's records on `machine`, each field of a market and of a submission given a value:
    /// a market with every rule set, one with none, a packet of two poems with a note, one piece
    /// accepted with a date and a note, the other shortlisted.
    private func poetsRecords(_ machines: SyncMachines, on machine: String, prefix: String, environment: [String: String?] = [:]) async throws {
        let project = "\(prefix) Poems"
        await ok(machines, machine, ["add", project, "--type", "poetry"], environment)
        let root = environment["PROJECT_ROOT"].flatMap { $0 } ?? machines.root(machine)
        for poem in ["Ode", "Elegy"] {
            try "\(prefix) \(poem), the first.\n".write(toFile: "\(root)/\(project)/\(poem).md", atomically: true, encoding: .utf8)
        }
        let market = "\(prefix) Review"
        await ok(machines, machine, [
            "market", "add", market, "--kind", "competition", "--url", "https://example.org/\(prefix)", "--deadline", "2027-03-01",
            "--simultaneous", "no", "--multiple", "no", "--notes", "Reads in \(prefix)", "--response-days", "90",
        ], environment)
        await ok(machines, machine, ["market", "add", "\(prefix) Quarterly"], environment)
        await ok(machines, machine, ["submit", project, "Ode.md", "Elegy.md", "--to", market, "--date", "2026-09-01", "-m", "Packet of \(prefix)"], environment)
        await ok(machines, machine, ["submit", project, "Ode.md", "--to", "\(prefix) Quarterly", "--date", "2026-09-02", "--force"], environment)
        await ok(machines, machine, ["response", market, "accepted", "--piece", "Ode.md", "--date", "2026-10-01", "-m", "Send more in spring!"], environment)
        await ok(machines, machine, ["response", market, "shortlisted", "--piece", "Elegy.md", "--date", "2026-10-02"], environment)
    }

    private func ok(_ machines: SyncMachines, _ machine: String, _ arguments: [String], _ environment: [String: String?], sourceLocation: SourceLocation = #_sourceLocation) async {
        let result = await machines.sandbox.run(arguments, environment: machines.environment(machine).merging(environment) { $1 }, timeout: SyncMachines.commandTimeout)
        #expect(result.status == 0, "\(machine) \(arguments): \(result)", sourceLocation: sourceLocation)
    }

    /// Each market and submission of `machine`'s export, by id, with every field as the export writes it.
    private func records(_ machines: SyncMachines, _ machine: String, environment: [String: String?] = [:]) async throws -> [String: NSDictionary] {
        let result = await machines.sandbox.run(["export"], environment: machines.environment(machine).merging(environment) { $1 }, timeout: SyncMachines.commandTimeout)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        var byID: [String: NSDictionary] = [:]
        for kind in ["markets", "submissions"] {
            for record in document[kind] as? [[String: Any]] ?? [] { byID["\(kind) \(record["id"] as? String ?? "?")"] = record as NSDictionary }
        }
        return byID
    }

    /// Fails for every record missing from `after`, and for every field of one that differs.
    private func expectKept(_ before: [String: NSDictionary], in after: [String: NSDictionary], _ when: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (id, record) in before {
            guard let now = after[id] else {
                Issue.record("\(when): \(id) is gone", sourceLocation: sourceLocation)
                continue
            }
            for case let field as String in record.allKeys where !((record[field] as? NSObject)?.isEqual(now[field]) ?? false) {
                Issue.record("\(when): \(id) \(field) was \(record[field] ?? "nil"), is \(now[field] ?? "nil")", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("sync --init and --join through git keep every field of every market and submission, on both machines, and undo still works")
    func throughGit() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        try await poetsRecords(machines, on: "laptop", prefix: "Laptop")
        let laptopBefore = try await records(machines, "laptop")
        #expect(laptopBefore.count == 4)
        let shared = await machines.ok("laptop", "sync", "--init", machines.remote)
        #expect(shared.stdout.contains("Its markets and submissions go with it, every answer and note: 2 markets, 2 submissions."), "\(shared)")
        expectKept(laptopBefore, in: try await records(machines, "laptop"), "laptop after --init")

        // The desktop kept records of its own in a root it now leaves for the shared one.
        let own: [String: String?] = ["PROJECT_ROOT": machines.home("desktop") + "/Own"]
        try await poetsRecords(machines, on: "desktop", prefix: "Desktop", environment: own)
        let desktopBefore = try await records(machines, "desktop")
        #expect(desktopBefore.count == 4)
        let joined = await machines.ok("desktop", "sync", "--join", machines.remote)
        #expect(joined.stdout.contains(": 4 markets, 4 submissions."), "\(joined)")
        let desktopAfter = try await records(machines, "desktop")
        expectKept(desktopBefore, in: desktopAfter, "desktop's own after --join")
        expectKept(laptopBefore, in: desktopAfter, "laptop's on the desktop after --join")

        await machines.ok("laptop", "sync")
        let laptopAfter = try await records(machines, "laptop")
        expectKept(desktopBefore, in: laptopAfter, "desktop's on the laptop")
        expectKept(laptopBefore, in: laptopAfter, "laptop's on the laptop")
        #expect(await machines.export("laptop") == machines.export("desktop"))

        // The laptop's last change is still its to take back: the shortlisting.
        let undone = await machines.ok("laptop", "undo")
        #expect(undone.stdout.contains("shortlisted"), "\(undone)")
        let rows = await machines.ok("laptop", "submissions", "--csv").stdout.split(separator: "\n")
        let elegy = rows.filter { $0.contains(",Laptop Review,") && $0.contains(",Elegy.md,") }
        #expect(elegy.count == 1 && elegy[0].contains(",pending,"), "\(rows)")
    }

    @Test("a plain sync --init for a folder-sync tool keeps every market and submission, and the second machine sees them")
    func throughFolderSync() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        let shared: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/Shared"]
        try await poetsRecords(machines, on: "laptop", prefix: "Laptop", environment: shared)
        let before = try await records(machines, "laptop", environment: shared)
        #expect(before.count == 4)
        await ok(machines, "laptop", ["sync", "--init"], shared)
        expectKept(before, in: try await records(machines, "laptop", environment: shared), "laptop after --init")
        expectKept(before, in: try await records(machines, "desktop", environment: shared), "desktop pointed at the root")
    }
}
