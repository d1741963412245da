import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `sync`, and the taking in every command does first, killed (SIGKILL) at random moments: the next
/// command finishes or takes back what was cut short. No merge is left in progress, no store is left
/// half written, and every machine ends with the same list and every file.
@Suite("sync killed part way")
struct SyncCrashTests {
    @Test("sync killed at random moments while merging a file changed on both machines: the next sync leaves no merge, and nothing is lost")
    func killedDuringSync() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "My Novel", "--type", "novel")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "sync", "--join", machines.remote)
        var seed = SystemRandomNumberGenerator()
        var name = "My Novel"
        for round in 0..<6 {
            let laptopText = "The laptop's words, round \(round).\n"
            let desktopText = "The desktop's words, round \(round).\n"
            let chapter = "\(name)/Chapters/One.md"
            try machines.write("laptop", chapter, laptopText)
            try machines.write("desktop", chapter, desktopText)
            await machines.ok("desktop", "edit", name, "--details", "round \(round)")
            await machines.ok("laptop", "rename", name, "Novel \(round)")
            name = "Novel \(round)"
            await machines.ok("laptop", "sync")
            let delay = Double(Int.random(in: 20...400, using: &seed)) / 1000
            let killed = await machines.sandbox.run(["sync"], environment: machines.environment("desktop"), timeout: delay)
            // git may still be finishing what the killed sync started: let it.
            try await Task.sleep(for: .milliseconds(700))
            let again = await machines.run("desktop", "sync")
            #expect(again.status == 0, "after a sync killed at \(delay) s (\(killed.timedOut ? "killed" : "finished")): \(again)")
            #expect(!machines.gitInProgress("desktop"))
            await machines.ok("laptop", "sync")
            #expect(!machines.gitInProgress("laptop"))
            // This round's two versions are on both machines, as the file or a conflict copy.
            for machine in ["laptop", "desktop"] {
                let texts = Set(machines.files(machine).compactMap { machines.read(machine, $0) })
                #expect(texts.contains(laptopText) && texts.contains(desktopText), "round \(round): \(machine) lost a version")
            }
        }
        #expect(await machines.export("laptop") == (await machines.export("desktop")))
        #expect(await machines.names("desktop") == ["Novel 5"])
        #expect(await machines.ok("laptop", "show", "Novel 5").stdout.contains("round 5"))
    }

    @Test("a command killed while taking in another machine's changes leaves a store every command reads, and the next takes them in")
    func killedWhileTakingIn() async throws {
        let machines = try SyncMachines()
        let root: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/Shared"]
        #expect(await machines.run("laptop", "add", "Seed", "--no-folder", environment: root).status == 0)
        #expect(await machines.run("laptop", "sync", "--init", environment: root).status == 0)
        #expect(await machines.run("desktop", "list", environment: root).status == 0)
        // The laptop makes a big change: 3,000 projects at once.
        let projects = (1...3000).map {
            "{\"id\": \"\(UUID().uuidString.lowercased())\", \"name\": \"Imported \($0)\", \"type\": \"blank\", \"created\": \"2026-11-25T10:00:00.000Z\"}"
        }.joined(separator: ",\n")
        let document = "{\"version\": 3, \"sort\": \"name\", \"root\": null, \"projects\": [\n\(projects)\n]}\n"
        let file = machines.sandbox.root + "/import.json"
        try Data(document.utf8).write(to: URL(fileURLWithPath: file))
        #expect(await machines.run("laptop", "import", file, environment: root).status == 0)
        var seed = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let delay = Double(Int.random(in: 5...120, using: &seed)) / 1000
            await machines.sandbox.run(["list"], environment: machines.environment("desktop").merging(root) { $1 }, timeout: delay)
            let after = await machines.run("desktop", "export", environment: root)
            #expect(after.status == 0, "\(after)")
        }
        let laptop = await machines.run("laptop", "export", environment: root).stdout
        let desktop = await machines.run("desktop", "export", environment: root).stdout
        #expect(laptop == desktop)
        #expect(desktop.components(separatedBy: "\"Imported ").count == 3001)
    }
}
