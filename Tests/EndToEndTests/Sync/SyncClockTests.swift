import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Machines whose clocks are wrong (faketime): "later" is the hybrid clock's, which never goes back
/// and never falls behind a clock a machine has seen, so a change made after another really comes
/// after it, whatever the wall clocks say.
@Suite("sync with wrong clocks")
struct SyncClockTests {
    @Test("a machine a year ahead and one an hour behind: a change made after taking in the other's holds, on both")
    func clocksOff() async throws {
        // One folder both use as their root: the sync tool delivers at once, whatever the clocks.
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        let root = "PROJECT_ROOT=" + machines.sandbox.root + "/Shared"
        func laptop(_ arguments: String...) async -> RunResult {
            await machines.runWithClock("+365d", "laptop", environment: root, arguments)
        }
        func desktop(_ arguments: String...) async -> RunResult {
            await machines.runWithClock("-1h", "desktop", environment: root, arguments)
        }
        #expect(await laptop("add", "Winter").status == 0)
        #expect(await laptop("sync", "--init").status == 0)
        // The desktop, an hour behind and a year behind the laptop's clock, renames after seeing it.
        #expect(await desktop("rename", "Winter", "Spring").status == 0)
        // The laptop, a year ahead, renames after taking that in: later again.
        #expect(await laptop("rename", "Spring", "Summer").status == 0)
        // And the desktop once more, after that.
        #expect(await desktop("rename", "Summer", "Autumn").status == 0)
        for list in [await laptop("list"), await desktop("list")] {
            #expect(list.stdout.hasPrefix("Autumn"), "\(list)")
        }
        // Nothing was overridden: each change was made knowing the one before.
        let history = await desktop("history")
        #expect(!history.stdout.contains("overridden"), "\(history)")
        #expect(history.stdout.contains("renamed “Summer” to “Autumn”") && history.stdout.contains("laptop  renamed “Spring” to “Summer”"), "\(history)")
        // Two changes made at once, without seeing each other: the year-ahead clock is later, and wins.
        let copy = machines.sandbox.root + "/Apart"
        try FileManager.default.copyItem(atPath: machines.sandbox.root + "/Shared", toPath: copy)
        #expect(await desktop("rename", "Autumn", "Frost").status == 0)
        #expect(await machines.runWithClock("+365d", "laptop", environment: "PROJECT_ROOT=" + copy, ["rename", "Autumn", "Thaw"]).status == 0)
        let laptopLog = try FileManager.default.contentsOfDirectory(atPath: copy + "/.project/machines").filter { name in
            !FileManager.default.fileExists(atPath: machines.sandbox.root + "/Shared/.project/machines/" + name)
                || FileManager.default.contents(atPath: copy + "/.project/machines/" + name)
                    != FileManager.default.contents(atPath: machines.sandbox.root + "/Shared/.project/machines/" + name)
        }
        for name in laptopLog {
            try? FileManager.default.removeItem(atPath: machines.sandbox.root + "/Shared/.project/machines/" + name)
            try FileManager.default.copyItem(atPath: copy + "/.project/machines/" + name, toPath: machines.sandbox.root + "/Shared/.project/machines/" + name)
        }
        let merged = await desktop("list")
        #expect(merged.stdout.hasPrefix("Thaw"), "\(merged)")
    }

    @Test("a wall clock set back on one machine: its changes still come after its earlier ones")
    func clockSetBack() async throws {
        let machines = try SyncMachines()
        await machines.ok("laptop", "add", "Winter")
        await machines.ok("laptop", "sync", "--init")
        #expect(await machines.runWithClock("-30d", "laptop", ["rename", "Winter", "Spring"]).status == 0)
        #expect(await machines.runWithClock("-60d", "laptop", ["rename", "Spring", "Summer"]).status == 0)
        #expect(await machines.names("laptop") == ["Summer"])
        // A machine joining later merges the log in clock order and gets the same.
        let copy = machines.sandbox.root + "/copy"
        try FileManager.default.copyItem(atPath: machines.root("laptop"), toPath: copy)
        let joined = await machines.run("desktop", "list", "--json", environment: ["PROJECT_ROOT": copy])
        #expect(joined.stdout.contains("\"Summer\"") && !joined.stdout.contains("\"Spring\""), "\(joined)")
    }
}
