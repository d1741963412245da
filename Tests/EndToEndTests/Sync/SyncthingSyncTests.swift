import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The projects on two computers through a real Syncthing (the rig: each instance on loopback in a
/// network namespace of its own). Each machine's root is its Syncthing folder, `~/Writing`, and
/// there is nothing to run but `project` itself.
@Suite("sync through Syncthing")
struct SyncthingSyncTests {
    /// A started rig of a laptop and a desktop; the laptop has "Winter" and has shared its root.
    private func withLaptopAndDesktop(_ body: (SyncthingRig, Sandbox) async throws -> Void) async throws {
        let sandbox = try Sandbox()
        let rig = try await SyncthingRig(machines: ["laptop", "desktop"], in: sandbox.root)
        defer { withExtendedLifetime(sandbox) { rig.stop() } }
        try await rig.start()
        for machine in rig.machines { try await ok(sandbox, machine, "sync", "--name", machine.name) }
        try await ok(sandbox, rig["laptop"], "add", "Winter", "--type", "novel")
        try await ok(sandbox, rig["laptop"], "sync", "--init")
        try await rig.waitUntilSettled()
        try await body(rig, sandbox)
    }

    /// `changes` made on the laptop and the desktop while they cannot reach each other; then both
    /// seen by their Syncthing, the two reconnected, and everything exchanged.
    private func apart(_ rig: SyncthingRig, _ changes: () async throws -> Void) async throws {
        let (laptop, desktop) = (rig["laptop"], rig["desktop"])
        try await rig.disconnect(laptop)
        try await changes()
        try await rig.scan(laptop)
        try await rig.scan(desktop)
        try await rig.reconnect(laptop)
        try await rig.waitUntilConnected()
        try await rig.waitUntilSettled(timeout: .seconds(60))
    }

    /// Runs `project` as `machine`: its home, so its own store, identity and `~/Writing`.
    private func run(_ sandbox: Sandbox, _ machine: SyncthingRig.Machine, _ arguments: String...) async -> RunResult {
        await sandbox.run(arguments, environment: ["HOME": machine.home, "PROJECT_STORE": nil])
    }

    @discardableResult
    private func ok(
        _ sandbox: Sandbox, _ machine: SyncthingRig.Machine, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> RunResult {
        let result = await sandbox.run(arguments, environment: ["HOME": machine.home, "PROJECT_STORE": nil])
        #expect(result.status == 0, "\(machine): \(result)", sourceLocation: sourceLocation)
        return result
    }

    private func names(_ sandbox: Sandbox, _ machine: SyncthingRig.Machine) async -> [String] {
        let result = await run(sandbox, machine, "list", "--json", "--sort", "user")
        let list = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return list.compactMap { $0["name"] as? String }
    }

    @Test("the list appears on the second machine with nothing to run, and each machine's changes reach the other")
    func listAppears() async throws {
        try await withLaptopAndDesktop { rig, sandbox in
            let (laptop, desktop) = (rig["laptop"], rig["desktop"])
            #expect(await names(sandbox, desktop) == ["Winter"])
            #expect(FileManager.default.fileExists(atPath: desktop.root + "/Winter/Chapters"))
            try await ok(sandbox, desktop, "add", "Letters")
            try await rig.waitUntil("the desktop's project reaches the laptop") { await names(sandbox, laptop) == ["Winter", "Letters"] }
            let status = try await ok(sandbox, laptop, "sync")
            #expect(status.stdout.contains("desktop: last change") && status.stdout.contains("Everything the other machines sent has arrived."), "\(status)")
            // Only the machines' own logs are ours in the root: no conflict copy of them, ever.
            let logs = try FileManager.default.contentsOfDirectory(atPath: laptop.root + "/.project/machines")
            #expect(logs.count == 2 && logs.allSatisfy { $0.hasSuffix(".log") && !$0.contains("sync-conflict") }, "\(logs)")
        }
    }

    @Test("made apart: renames of one project on both (the later holds, said on both), a file changed on both (kept twice), a folder renamed while the other wrote in it (nothing lost)")
    func apart() async throws {
        try await withLaptopAndDesktop { rig, sandbox in
            let (laptop, desktop) = (rig["laptop"], rig["desktop"])
            try laptop.write("Winter/Chapters/One.md", "The first draft.\n")
            try await rig.waitUntil("the chapter reaches the desktop") { desktop.read("Winter/Chapters/One.md") == "The first draft.\n" }
            try await ok(sandbox, laptop, "add", "Letters")
            try await rig.waitUntilSettled()
            #expect(await names(sandbox, desktop) == ["Winter", "Letters"])

            try await apart(rig) {
                try laptop.write("Winter/Chapters/One.md", "The laptop's draft.\n")
                try desktop.write("Winter/Chapters/One.md", "The desktop's draft.\n")
                try await ok(sandbox, laptop, "rename", "Letters", "Spring")
                try await ok(sandbox, desktop, "rename", "Letters", "Summer")  // later by the clock
                // The laptop renames the novel, its folder with it, while the desktop writes in the old one.
                try await ok(sandbox, laptop, "rename", "Winter", "Frost")
                try desktop.write("Winter/Chapters/Two.md", "Written on the desktop.\n")
            }

            for machine in [laptop, desktop] {
                #expect(Set(await names(sandbox, machine)) == ["Frost", "Summer"], "\(machine)")
                let history = try await ok(sandbox, machine, "history").stdout
                #expect(history.contains("laptop  renamed “Letters” to “Spring” (overridden by a later change on desktop)"), "\(machine): \(history)")
                // Both versions of the chapter, one a conflict copy Syncthing made, listed as such.
                let files = machine.files()
                let chapters = files.filter { $0.hasPrefix("Frost/Chapters/One") || $0.hasPrefix("Winter/Chapters/One") }
                #expect(Set(chapters.compactMap(machine.read)) == ["The laptop's draft.\n", "The desktop's draft.\n"], "\(machine): \(files)")
                // The desktop's new chapter is kept, wherever the folders ended.
                #expect(files.contains { $0.hasSuffix("Chapters/Two.md") && machine.read($0) == "Written on the desktop.\n" }, "\(machine): \(files)")
                #expect(!files.contains { $0.hasPrefix(".project/") && $0.contains("sync-conflict") }, "\(files)")
            }
            let report = try await ok(sandbox, laptop, "sync").stdout
            if FileManager.default.fileExists(atPath: laptop.root + "/Winter") {
                #expect(report.contains("left as it is: Winter") || report.contains("left as they are:"), "\(report)")
            }
        }
    }

    @Test("a chapter changed on both machines: both versions kept, and both machines say which file and where the other version is")
    func chapterChangedOnBoth() async throws {
        try await withLaptopAndDesktop { rig, sandbox in
            let (laptop, desktop) = (rig["laptop"], rig["desktop"])
            try laptop.write("Winter/Chapters/One.md", "The first draft.\n")
            try await rig.waitUntil("the chapter reaches the desktop") { desktop.read("Winter/Chapters/One.md") == "The first draft.\n" }
            try await apart(rig) {
                try laptop.write("Winter/Chapters/One.md", "The laptop's draft.\n")
                try desktop.write("Winter/Chapters/One.md", "The desktop's draft.\n")
            }
            for machine in [laptop, desktop] {
                let chapters = machine.files().filter { $0.hasPrefix("Winter/Chapters/One") }
                #expect(Set(chapters.compactMap(machine.read)) == ["The laptop's draft.\n", "The desktop's draft.\n"], "\(machine): \(chapters)")
                let copy = try #require(chapters.first { $0 != "Winter/Chapters/One.md" }, "\(machine): \(chapters)")
                let told = try await ok(sandbox, machine, "sync").stdout
                #expect(told.contains(
                    "Winter/Chapters/One.md was changed on two machines at once, and your sync tool kept both versions: one is still Winter/Chapters/One.md, the other is now \(copy)."),
                    "\(machine): \(told)")
                let json = try await ok(sandbox, machine, "sync", "--json").stdout
                let object = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any], "\(json)")
                #expect(object["keptTwice"] as? [[String: String]] == [["path": "Winter/Chapters/One.md", "copy": copy]], "\(machine): \(json)")
            }
        }
    }
}
