import Foundation
import Testing

/// A home copied whole (`cp -a`, as a migration or a restored backup does): the store and the
/// machine's identity come along, so two machines start out as one. Real git, a bare remote.
@Suite("Sync: a home copied whole")
struct CopiedHomeTests {
    /// The words that say a machine took a new identity.
    static let renewed = "goes by this machine's identity"

    final class Said: @unchecked Sendable {
        var renewals: [String: Int] = [:]
    }

    @Test("two machines from one copied home: every change of both is kept, both lists end the same, and each machine that takes a new identity says so once")
    func copiedHome() async throws {
        let machines = try SyncMachines()
        let said = Said()
        func run(_ machine: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async {
            let result = await machines.sandbox.run(arguments, environment: machines.environment(machine))
            #expect(result.status == 0, "\(machine): \(result)", sourceLocation: sourceLocation)
            said.renewals[machine, default: 0] += result.stderr.components(separatedBy: Self.renewed).count - 1
        }
        await run("laptop", "sync", "--name", "laptop")
        await run("laptop", "add", "Winter", "--type", "novel")
        await run("laptop", "sync", "--init", machines.remote)
        try machines.write("laptop", "Winter/notes.md", "Cold.\n")
        await run("laptop", "sync")

        try copyHome(of: "laptop", to: "desktop", in: machines)
        let identity = "/.local/state/project/machine"
        #expect(try String(contentsOfFile: machines.home("desktop") + identity, encoding: .utf8)
            == (try String(contentsOfFile: machines.home("laptop") + identity, encoding: .utf8)))

        await run("laptop", "add", "Spring")
        await run("laptop", "edit", "Winter", "--details", "laptop blurb")
        await run("desktop", "add", "Autumn")
        await run("desktop", "edit", "Winter", "--target", "50000")
        await run("laptop", "sync")
        await run("desktop", "sync")
        await run("laptop", "sync")
        await run("desktop", "sync")
        let expected: Set<String> = ["Winter", "Spring", "Autumn"]
        #expect(Set(await machines.names("laptop")) == expected)
        #expect(await machines.export("laptop") == (await machines.export("desktop")))
        #expect(await machines.export("desktop").contains("laptop blurb"))
        #expect(await machines.export("desktop").contains("50000"))
        // No log became a conflict copy.
        #expect(!machines.files("desktop").contains { $0.contains("conflicted copy") }, "\(machines.files("desktop"))")
        #expect(machines.read("desktop", "Winter/notes.md") == "Cold.\n")

        // From then on, two machines of their own: more changes, more syncs, nothing said again.
        await run("desktop", "add", "Summer")
        await run("laptop", "rename", "Spring", "Early Spring")
        await run("desktop", "sync")
        await run("laptop", "sync")
        await run("desktop", "sync")
        #expect(Set(await machines.names("desktop")) == ["Winter", "Early Spring", "Autumn", "Summer"])
        #expect(await machines.export("laptop") == (await machines.export("desktop")))
        #expect(try String(contentsOfFile: machines.home("desktop") + identity, encoding: .utf8)
            != (try String(contentsOfFile: machines.home("laptop") + identity, encoding: .utf8)))
        #expect(said.renewals.values.reduce(0, +) >= 1, "\(said.renewals)")
        #expect(said.renewals.values.allSatisfy { $0 <= 1 }, "\(said.renewals)")
    }

    /// `cp -a` of a whole home, identity and store included.
    private func copyHome(of machine: String, to copy: String, in machines: SyncMachines) throws {
        let copied = Process()
        copied.executableURL = URL(fileURLWithPath: "/bin/cp")
        copied.arguments = ["-a", machines.home(machine), machines.home(copy)]
        try copied.run()
        copied.waitUntilExit()
        #expect(copied.terminationStatus == 0)
    }

    @Test("the sync that finds the copy lists as sent this machine's changes only, not the copy's it took in")
    func sentOnTheSyncThatFindsTheCopy() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop")
        await machines.ok("laptop", "add", "Winter", "--no-folder")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        try copyHome(of: "laptop", to: "desktop", in: machines)
        await machines.ok("laptop", "add", "Spring", "--no-folder")
        await machines.ok("laptop", "sync")
        // The copy's line is longer than the laptop's: where the laptop's log ended on the remote
        // falls before it in the merged log.
        await machines.ok("desktop", "add", "Autumn leaves, falling", "--no-folder")
        let told = await machines.ok("desktop", "sync").stdout
        let sent = try #require(told.split(separator: "\n").first { $0.hasPrefix("Sent:") }, "\(told)")
        #expect(sent == "Sent: added “Autumn leaves, falling”", "\(told)")
        #expect(told.contains("From laptop: added “Spring”"), "\(told)")
        let object = try #require((try JSONSerialization.jsonObject(with: Data(await machines.ok("laptop", "sync", "--json").stdout.utf8))) as? [String: Any])
        #expect(object["sent"] as? [String] == [], "\(object)")
    }
}
