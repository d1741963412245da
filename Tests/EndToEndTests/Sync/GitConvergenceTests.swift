import Foundation
import Testing

/// The convergence property through real git: three machines, each its own home, share a root
/// through a bare remote on disk. Random changes made to meet (one name added on several machines in
/// several cases, the names a merge gives renamed and deleted, undo and redo, files written in
/// project folders), synced in random orders, some at the same moment. Once every machine has synced
/// after the last change, every `export` is byte for byte the same, and every file written is still
/// there. The in-memory runs (`ConvergencePropertyTests`) are many; these few take the real path:
/// the binary, git's merge of the logs, its push races.
@Suite("sync through git: random changes on three machines converge")
struct GitConvergenceTests {
    static let machineNames = ["laptop", "desktop", "tablet"]
    /// Names that clash (as the tool compares them), and the names a merge gives them.
    static let projectNames = ["Autumn", "autumn", "AUTUMN", "Winter", "winter", "Autumn (2)", "Winter (2)", "Fall"]
    static let runs = 3
    static let steps = 40

    /// `RELIABILITY_SEED` repeats a run, as for the other randomized tests; else the clock.
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["RELIABILITY_SEED"], let seed = UInt64(text) { return seed }
        return UInt64(Date().timeIntervalSince1970 * 1000)
    }()

    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// What a run did: the changes the machines took, and the texts written in project folders.
    struct Played {
        var succeeded = 0
        var written: [String] = []
    }

    @Test("every export the same and every file written kept, whatever was done where and synced when")
    func converge() async throws {
        print("GitConvergenceTests seed \(Self.seed) (RELIABILITY_SEED=\(Self.seed) repeats it)")
        for run in 0..<UInt64(Self.runs) {
            try await play(seed: Self.seed &+ run)
        }
    }

    private func play(seed: UInt64) async throws {
        var random = Random(state: seed &* 2654435761 &+ 1)
        let names = Self.machineNames
        let machines = try SyncMachines()
        for name in names { await machines.named(name) }
        await machines.ok(names[0], "add", "Winter")
        await machines.ok(names[0], "sync", "--init", machines.remote)
        for name in names.dropFirst() { await machines.ok(name, "sync", "--join", machines.remote) }

        var played = Played()
        for step in 0..<Self.steps {
            let machine = names[random.next(names.count)]
            if random.next(5) == 0 {
                var pool = names
                let syncing = (0..<(2 + random.next(2))).map { _ in pool.remove(at: random.next(pool.count)) }
                await syncAtOnce(syncing, machines, seed: seed)
            } else {
                try await change(machine, step: step, &random, &played, machines, seed: seed)
            }
        }
        for _ in 0..<2 { for name in names { await machines.ok(name, "sync") } }

        print("GitConvergenceTests seed \(seed): \(played.succeeded) changes succeeded, \(played.written.count) files written")
        // A run where the changes all failed would prove nothing. About a fifth of the steps are
        // syncs, a ninth write a file, and undo and redo are often refused: seeds gave 12 to 27
        // changes that went through, so the floor is a fifth of the steps.
        #expect(played.succeeded >= Self.steps / 5, "seed \(seed): only \(played.succeeded) changes succeeded")
        let export = await machines.export(names[0])
        var everyText = Set<String>()
        for name in names {
            #expect(await machines.export(name) == export, "seed \(seed): \(name)'s export differs from \(names[0])'s")
            #expect(!machines.gitInProgress(name), "seed \(seed): \(name)")
            everyText.formUnion(machines.files(name).compactMap { machines.read(name, $0) })
        }
        for text in played.written { #expect(everyText.contains(text), "seed \(seed): “\(text)” is on no machine") }
    }

    /// Two or three machines sync at the same moment: each must succeed, the race lost retried.
    private func syncAtOnce(_ syncing: [String], _ machines: SyncMachines, seed: UInt64) async {
        await withTaskGroup(of: (String, RunResult).self) { group in
            // Races lost are retried after a wait: a loaded machine needs more than a command's usual time.
            for machine in syncing {
                group.addTask { (machine, await machines.sandbox.run(["sync"], environment: machines.environment(machine), timeout: 60)) }
            }
            for await (machine, result) in group {
                #expect(result.status == 0, "seed \(seed): \(machine) syncing with \(syncing): \(result)")
            }
        }
    }

    /// One random change on `machine`. A refusal (a name taken here, nothing to undo, an undo another
    /// machine's change stands in the way of) is part of the game, exit 1; any other status fails.
    private func change(
        _ machine: String, step: Int, _ random: inout Random, _ played: inout Played, _ machines: SyncMachines, seed: UInt64
    ) async throws {
        let list = await machines.names(machine)
        let pick = list.isEmpty ? nil : list[random.next(list.count)]
        // A name free here, so that the change goes through here, but maybe taken on another
        // machine, so that the merge meets it.
        let taken = Set(list.map { $0.lowercased() })
        let free = Self.projectNames.filter { !taken.contains($0.lowercased()) }
        let name = free.isEmpty ? "Spring \(step)" : free[random.next(free.count)]
        let arguments: [String]
        switch random.next(9) {
        case 0, 1: arguments = ["add", name]
        case 2: guard let pick else { return }; arguments = ["rename", pick, name]
        case 3: guard let pick, list.count > 1 else { return }; arguments = ["delete", pick, "--yes"]
        case 4: guard let pick else { return }; arguments = ["edit", pick, "--details", "\(machine) at step \(step)"]
        case 5: guard let pick, list.count > 1 else { return }; arguments = ["move", pick, "--top"]
        case 6: arguments = ["undo"]
        case 7: arguments = ["redo"]
        default:
            guard let pick else { return }
            let folder = await machines.run(machine, "path", pick).stdout.trimmingCharacters(in: .newlines)
            guard !folder.isEmpty, FileManager.default.fileExists(atPath: folder) else { return }
            let text = "Written on \(machine) at step \(step), seed \(seed).\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/note \(machine) \(step).md"))
            played.written.append(text)
            return
        }
        let result = await machines.run(machine, arguments)
        #expect(result.status == 0 || result.status == 1, "seed \(seed): \(machine) \(arguments): \(result)")
        if result.status == 0 { played.succeeded += 1 }
    }
}

extension SyncMachines {
    /// Runs `project` as `machine`, the arguments as an array.
    func run(_ machine: String, _ arguments: [String]) async -> RunResult {
        await sandbox.run(arguments, environment: environment(machine))
    }
}
