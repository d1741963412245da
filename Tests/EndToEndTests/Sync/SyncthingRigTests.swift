import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The rig the sync tests stand on, proved with plain files: real Syncthing instances carry a file
/// from machine to machine, turn changes made apart into a conflict copy, and can reach nothing but
/// each other.
@Suite("Syncthing rig")
struct SyncthingRigTests {
    /// A started rig of `count` machines (A, B, C) in a fresh temporary folder, stopped when `body`
    /// ends, however it ends; the folder is removed after.
    private func withRig(machines count: Int, _ body: (SyncthingRig) async throws -> Void) async throws {
        try await withRig({ try await SyncthingRig(machines: count, in: $0) }, body)
    }

    /// The same with machines named `names`.
    private func withRig(machines names: [String], _ body: (SyncthingRig) async throws -> Void) async throws {
        try await withRig({ try await SyncthingRig(machines: names, in: $0) }, body)
    }

    private func withRig(
        _ make: (String) async throws -> SyncthingRig, _ body: (SyncthingRig) async throws -> Void
    ) async throws {
        let sandbox = try Sandbox()
        let rig = try await make(sandbox.root)
        // The rig stops before the sandbox, which removes the folder, goes.
        defer { withExtendedLifetime(sandbox) { rig.stop() } }
        try await rig.start()
        try await body(rig)
    }

    @Test("a file written on one machine arrives whole on the other, in a new folder too, both ways")
    func twoMachines() async throws {
        try await withRig(machines: 2) { rig in
            let (a, b) = (rig.machines[0], rig.machines[1])
            let chapter = "It was a dark and stormy night; the rain fell in torrents.\n"
            try a.write("The Novel/chapter 1.md", chapter)
            try await rig.waitUntil("A's chapter is on B") { b.read("The Novel/chapter 1.md") == chapter }
            try b.write("notes.txt", "B's notes\n")
            try await rig.waitUntil("B's notes are on A") { a.read("notes.txt") == "B's notes\n" }
            #expect(a.files() == ["The Novel/chapter 1.md", "notes.txt"])
            #expect(b.files() == a.files())
        }
    }

    @Test("with three machines, each one's file reaches both others, and settling waits for all of them")
    func threeMachines() async throws {
        try await withRig(machines: ["laptop", "desktop", "tablet"]) { rig in
            #expect(rig["desktop"].home == rig.directory + "/desktop" && rig["desktop"].root == rig.directory + "/desktop/Writing")
            for machine in rig.machines {
                try machine.write("from \(machine.name).txt", "written on \(machine.name)\n")
            }
            try await rig.waitUntilSettled()
            let expected = rig.machines.map { "from \($0.name).txt" }.sorted()
            for machine in rig.machines {
                #expect(machine.files() == expected, "\(machine)")
                for writer in rig.machines {
                    #expect(machine.read("from \(writer.name).txt") == "written on \(writer.name)\n", "\(machine)")
                }
            }
        }
    }

    @Test("a file changed on two machines while apart ends, once they meet, as both versions on each: one a conflict copy")
    func conflict() async throws {
        try await withRig(machines: 2) { rig in
            let (a, b) = (rig.machines[0], rig.machines[1])
            try a.write("chapter.md", "First draft.\n")
            try await rig.waitUntil("the first draft is on B") { b.read("chapter.md") == "First draft.\n" }
            try await rig.waitUntilConnected()

            try await rig.disconnect(a)
            let onA = "Second draft, written on the train.\n"
            let onB = "Another second draft, from the desk.\n"
            try a.write("chapter.md", onA)
            try b.write("chapter.md", onB)
            try await rig.scan(a)
            try await rig.scan(b)
            // Each has recorded its change and counts the other as lacking it: had they been connected, it would cross.
            try await rig.waitUntilKnownToLack(b, on: a)
            try await rig.waitUntilKnownToLack(a, on: b)
            #expect(a.read("chapter.md") == onA, "A's change crossed while A was disconnected")
            #expect(b.read("chapter.md") == onB, "B's change crossed while A was disconnected")

            try await rig.reconnect(a)
            try await rig.waitUntil("both versions are on both machines, one as a conflict copy") {
                [a, b].allSatisfy { machine in
                    let files = machine.files()
                    return files.count == 2 && files.contains("chapter.md")
                        && files.contains { matches($0, #"^chapter\.sync-conflict-[0-9]{8}-[0-9]{6}-[A-Z0-9]{7}\.md$"#) }
                        && Set(files.compactMap(machine.read)) == [onA, onB]
                }
            }
            #expect(a.files() == b.files())
        }
    }

    @Test("a frozen instance takes in nothing until thawed, then catches up")
    func freezeAndThaw() async throws {
        try await withRig(machines: 2) { rig in
            let (a, b) = (rig.machines[0], rig.machines[1])
            // A file of A's, on both: B then knows A's index, and so what A lacks.
            try a.write("awake.txt", "Written while A was awake.\n")
            try await rig.waitUntil("A's file is on B") { b.read("awake.txt") == "Written while A was awake.\n" }
            try await rig.waitUntilSettled()
            let frozen = rig.instanceProcesses(of: a)
            #expect(frozen.count == 2 && Set(frozen).isDisjoint(with: rig.instanceProcesses(of: b)), "\(frozen)")
            rig.freeze(a)
            try await rig.waitUntil("A's processes are stopped") { frozen.allSatisfy { processState($0) == "T" } }
            try b.write("while asleep.txt", "Written while A slept.\n")
            try await rig.scan(b)
            // B has recorded the file and counts A as lacking it: awake, A would now take it in.
            try await rig.waitUntilKnownToLack(a, on: b)
            #expect(a.read("while asleep.txt") == nil, "a frozen instance took a file in")
            rig.thaw(a)
            try await rig.waitUntil("B's file is on A") { a.read("while asleep.txt") == "Written while A slept.\n" }
        }
    }

    @Test("the instances run in a network namespace of their own, holding only a loopback, and listen on 127.0.0.1 alone")
    func isolation() async throws {
        try await withRig(machines: 2) { rig in
            let processes = rig.instanceProcesses()
            // A monitor and the instance itself, for each machine.
            #expect(processes.count == 2 * rig.machines.count, "\(processes)")
            let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")
            for pid in processes {
                let theirs = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/net")
                #expect(theirs != ours, "process \(pid) shares the test's network namespace \(ours)")
            }
            let namespace = try #require(rig.namespaceProcess)
            let interfaces = try String(contentsOfFile: "/proc/\(namespace)/net/dev", encoding: .utf8)
                .split(separator: "\n").dropFirst(2).map { $0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces) }
            #expect(interfaces == ["lo"])

            // No discovery, relay or QUIC socket: the listeners for the other machines and the REST API, on loopback.
            try await rig.waitUntilConnected()
            let expected = rig.machines.flatMap { [$0.listenPort, $0.guiPort] }.map {
                SyncthingRig.BoundSocket(proto: "tcp", address: "127.0.0.1", port: $0)
            }
            #expect(rig.listeningSockets().sorted { $0.port < $1.port } == expected.sorted { $0.port < $1.port })

            // The settings as the instance read them, from its REST API.
            let options = try JSONSerialization.jsonObject(with: Data(try await rig.rest(rig.machines[0], "GET", "config/options")))
            let settings = try #require(options as? [String: Any])
            #expect(settings["listenAddresses"] as? [String] == ["tcp://127.0.0.1:\(rig.machines[0].listenPort)"])
            for key in ["globalAnnounceEnabled", "localAnnounceEnabled", "relaysEnabled", "natEnabled", "crashReportingEnabled"] {
                #expect(settings[key] as? Bool == false, "\(key): \(settings[key] ?? "missing")")
            }
            #expect(settings["urAccepted"] as? Int == -1)
            #expect(settings["autoUpgradeIntervalH"] as? Int == 0)

            rig.stop()
            for pid in processes {
                #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) outlived stop()")
            }
        }
    }
}

/// The state letter of process `pid` (`T` when stopped), from `/proc/<pid>/stat`.
private func processState(_ pid: pid_t) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let nameEnd = stat.range(of: ")", options: .backwards) else { return nil }
    return stat[nameEnd.upperBound...].split(separator: " ").first?.first
}
