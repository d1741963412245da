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
    /// Below this many kills that landed before the work they interrupt was done, a test proves too little, and fails.
    static let minimumLanded = 3
    /// Rounds of `killedWhileTakingIn` that kill, after the one that measures.
    static let killRounds = 7
    /// Rounds of `killedDuringSync`.
    static let syncRounds = 6
    /// A test goes on past its rounds, aiming earlier, until this many rounds in all, while too few kills landed.
    static let maximumRounds = 14

    /// `project` killed with its whole process group, git included, `delay` seconds after it started,
    /// by timeout(1): its clock does not wait on the test runner's threads, which a full parallel run
    /// keeps busy. True when the kill came before the command ended.
    static func run(_ arguments: [String], killedAfter delay: Double, environment: [String: String?], in sandbox: Sandbox) async -> Bool {
        let result = await sandbox.run(arguments, environment: environment, timeout: 120,
                                       launcher: ["/usr/bin/timeout", "-s", "KILL", String(format: "%.3f", delay), ProjectBinary.path])
        return result.status == -1
    }

    @Test("sync killed at random moments while merging a file changed on both machines: the next sync leaves no merge, and nothing is lost")
    func killedDuringSync() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "My Novel", "--type", "novel")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "sync", "--join", machines.remote)
        var random = SeededRandom(seed: testSeed, test: "killedDuringSync")
        var name = "My Novel"
        var landed = 0, round = 0, aim = 1.0
        while round < Self.syncRounds || (landed < Self.minimumLanded && round < Self.maximumRounds) {
            defer { round += 1 }
            let laptopText = "The laptop's words, round \(round).\n"
            let desktopText = "The desktop's words, round \(round).\n"
            let chapter = "\(name)/Chapters/One.md"
            try machines.write("laptop", chapter, laptopText)
            try machines.write("desktop", chapter, desktopText)
            await machines.ok("desktop", "edit", name, "--details", "round \(round)")
            await machines.ok("laptop", "rename", name, "Novel \(round)")
            name = "Novel \(round)"
            // The laptop's sync, which pushes, measures how long one takes here: the desktop's, which
            // must merge as well, is killed somewhere within that time.
            let started = Date()
            await machines.ok("laptop", "sync")
            let delay = Date().timeIntervalSince(started) * Double.random(in: 0.1...0.9, using: &random) * aim
            // Still running when killed: the merge and push it started were cut short. Otherwise it was
            // quicker than the laptop's: aim earlier.
            let killed = await Self.run(["sync"], killedAfter: delay, environment: machines.environment("desktop"), in: machines.sandbox)
            if killed { landed += 1 } else { aim /= 2 }
            // git may still be finishing what the killed sync started: wait until no program works in that root.
            #expect(await machines.waitUntilNothingRunsIn("desktop"), "git still running in the desktop's root after 30 s")
            let again = await machines.run("desktop", "sync")
            #expect(again.status == 0, "after a sync killed at \(delay) s (\(killed ? "killed" : "finished")): \(again)")
            #expect(!machines.gitInProgress("desktop"))
            await machines.ok("laptop", "sync")
            #expect(!machines.gitInProgress("laptop"))
            // This round's two versions are on both machines, as the file or a conflict copy.
            for machine in ["laptop", "desktop"] {
                let texts = Set(machines.files(machine).compactMap { machines.read(machine, $0) })
                #expect(texts.contains(laptopText) && texts.contains(desktopText), "round \(round): \(machine) lost a version")
            }
        }
        print("sync killed part way: \(landed) of \(round) syncs killed before they ended (seed \(testSeed))")
        #expect(landed >= Self.minimumLanded, "only \(landed) of \(round) syncs were killed before they ended: too few to prove anything")
        #expect(await machines.export("laptop") == (await machines.export("desktop")))
        #expect(await machines.names("desktop") == [name])
        #expect(await machines.ok("laptop", "show", name).stdout.contains("round \(round - 1)"))
    }

    @Test("a command killed while taking in another machine's changes leaves a store every command reads, and the next takes them in")
    func killedWhileTakingIn() async throws {
        let machines = try SyncMachines()
        let root: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/Shared"]
        let desktop = machines.environment("desktop").merging(root) { $1 }
        let desktopStore = machines.home("desktop") + "/.local/share/project/projects.json"
        #expect(await machines.run("laptop", "add", "Seed", "--no-folder", environment: root).status == 0)
        #expect(await machines.run("laptop", "sync", "--init", environment: root).status == 0)
        #expect(await machines.run("desktop", "list", environment: root).status == 0)
        var random = SeededRandom(seed: testSeed, test: "killedWhileTakingIn")
        var takeIn = 0.0
        var landed = 0, round = 0
        let batch = 1500
        while round <= Self.killRounds || (landed < Self.minimumLanded && round < Self.maximumRounds) {
            defer { round += 1 }
            // The laptop makes a big change: 1,500 projects at once, for the desktop to take in.
            let projects = (1...batch).map {
                "{\"id\": \"\(UUID().uuidString.lowercased())\", \"name\": \"Round \(round) project \($0)\", \"type\": \"blank\", \"created\": \"2026-11-25T10:00:00.000Z\"}"
            }.joined(separator: ",\n")
            let document = "{\"version\": 3, \"sort\": \"name\", \"root\": null, \"projects\": [\n\(projects)\n]}\n"
            let file = machines.sandbox.root + "/import.json"
            try Data(document.utf8).write(to: URL(fileURLWithPath: file))
            #expect(await machines.run("laptop", "import", file, environment: root).status == 0)
            let takenIn = { (FileManager.default.contents(atPath: desktopStore).map { String(decoding: $0, as: UTF8.self) } ?? "")
                .components(separatedBy: "\"Round \(round) project ").count - 1 }
            #expect(takenIn() == 0, "round \(round): the desktop has the laptop's change before any command ran")
            let started = Date()
            if round == 0 {
                // The first round measures how long a `list` that takes in such a change runs here.
                #expect(await machines.sandbox.run(["list"], environment: desktop).status == 0)
                takeIn = Date().timeIntervalSince(started)
            } else {
                let delay = takeIn * Double.random(in: 0.05...0.95, using: &random)
                let killed = await Self.run(["list"], killedAfter: delay, environment: desktop, in: machines.sandbox)
                // Landed: killed while running, the change not yet in the desktop's store. Otherwise the
                // take-in was done sooner than measured (a busy moment made the first one slow): aim earlier.
                if killed && takenIn() < batch {
                    landed += 1
                } else {
                    takeIn = min(takeIn, killed ? delay : Date().timeIntervalSince(started)) / 2
                }
            }
            let after = await machines.run("desktop", "export", environment: root)
            #expect(after.status == 0, "\(after)")
            #expect(takenIn() == batch, "round \(round): the desktop did not take in the laptop's change")
        }
        print("taking in killed part way: \(landed) of \(round - 1) commands killed before the change was in the store (a take-in \(String(format: "%.2f", takeIn)) s at the shortest, seed \(testSeed))")
        #expect(landed >= Self.minimumLanded, "only \(landed) of \(round - 1) kills landed before the change was taken in: too few to prove anything")
        let laptop = await machines.run("laptop", "export", environment: root).stdout
        let desktopExport = await machines.run("desktop", "export", environment: root).stdout
        #expect(laptop == desktopExport)
        #expect(desktopExport.components(separatedBy: "\"Round ").count == round * batch + 1)
    }
}
