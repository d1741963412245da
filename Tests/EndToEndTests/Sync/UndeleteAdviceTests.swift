import Foundation
import Testing

/// The advice `sync` gives for a project deleted on one machine while another edited it, followed
/// word for word, with real git and a bare remote: it brings the project back by name, on both
/// machines, with the edit the deletion dropped, whatever the deleting machine did since.
@Suite("the advice to bring back a deleted project")
struct UndeleteAdviceTests {
    /// The command a `sync.dropped` sentence advises, and the machine it names.
    private func advice(in told: String) -> (arguments: [String], machine: String)? {
        guard let match = told.firstMatch(of: /To bring it back, with that change: project undelete "([^"]+)", on ([a-z]+)\./) else { return nil }
        return (["undelete", String(match.1)], String(match.2))
    }

    @Test("followed after two other changes on the deleting machine, it brings back the project and the dropped edit on both")
    func followedWordForWord() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("laptop", "delete", "Sonnets", "--yes")
        await machines.ok("desktop", "edit", "Sonnets", "--details", "Fourteen lines")
        await machines.ok("desktop", "sync")
        // Two more changes on the laptop: a plain `undo` would now take back the last of them.
        await machines.ok("laptop", "add", "Odes")
        await machines.ok("laptop", "edit", "My Novel", "--target", "80000")
        let told = await machines.ok("laptop", "sync").stdout
        let desktopTold = await machines.ok("desktop", "sync").stdout
        let advised = try #require(advice(in: told), "\(told)")
        #expect(advice(in: desktopTold)?.arguments == advised.arguments && advice(in: desktopTold)?.machine == advised.machine, "\(desktopTold)")
        #expect(advised.machine == "laptop")

        for machine in ["laptop", "desktop"] {
            let history = await machines.ok(machine, "history").stdout
            #expect(history.contains(
                "desktop  changed the details of “Sonnets” (dropped: the project was deleted on laptop; to bring it back, with this change: project undelete \"Sonnets\", on laptop)"),
                "\(machine): \(history)")
        }

        let followed = await machines.sandbox.run(advised.arguments, environment: machines.environment(advised.machine))
        #expect(followed.status == 0, "\(followed)")
        #expect(followed.stdout.contains("Undone: brought back “Sonnets”."), "\(followed)")
        #expect(followed.stdout.contains("“Sonnets” is back to the value set on desktop (details)"), "\(followed)")
        await machines.syncInTurn("laptop", "desktop")

        for machine in ["laptop", "desktop"] {
            #expect(Set(await machines.names(machine)) == ["My Novel", "Sonnets", "Odes"], "\(machine)")
            let shown = await machines.ok(machine, "show", "Sonnets").stdout
            #expect(shown.contains("Fourteen lines"), "\(machine): \(shown)")
            let novel = await machines.ok(machine, "show", "My Novel").stdout
            #expect(novel.contains("80,000"), "\(machine): \(novel)")
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: machines.root(machine) + "/Sonnets", isDirectory: &isFolder) && isFolder.boolValue, "\(machine)")
        }
        #expect(await machines.export("laptop") == machines.export("desktop"))
        // Back, the project needs no advice any more.
        #expect(!(await machines.ok("desktop", "history").stdout.contains("project undelete")))
    }

    @Test("a name this machine never deleted is refused, exit 1, nothing changed")
    func neverDeleted() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        let before = await machines.export("desktop")
        let refused = await machines.run("desktop", "undelete", "Sonnets")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("No project named “Sonnets” was deleted on this machine"), "\(refused)")
        #expect(await machines.export("desktop") == before)
    }
}
