import Foundation
import Testing

/// A shared root is other people's word: what another machine's log says reaches this machine's
/// terminal only escaped, and a machine cannot be named with control characters to begin with.
@Suite("sync: what a collaborator's machine writes")
struct HostileRootTests {
    /// The laptop shares a root a folder-sync tool carries; the desktop, pointed at it, adds a project.
    private func sharedRoot() async throws -> (SyncMachines, [String: String?]) {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        let root: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/Shared"]
        #expect(await machines.run("laptop", "add", "My Novel", "--type", "novel", environment: root).status == 0)
        #expect(await machines.run("laptop", "sync", "--init", environment: root).status == 0)
        #expect(await machines.run("desktop", "add", "Letters", "--no-folder", environment: root).status == 0)
        return (machines, root)
    }

    @Test("a host name in another machine's log holding escape sequences is shown escaped by history and sync, never acted on")
    func hostNameEscaped() async throws {
        let (machines, root) = try await sharedRoot()
        let logs = machines.sandbox.root + "/Shared/.project/machines"
        var changed = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: logs) {
            let path = logs + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let hostile = text.replacingOccurrences(of: "\"host\": \"desktop\"", with: "\"host\": \"\\u001b]0;owned\\u0007\\u001b[2J\"")
            if hostile != text { changed += 1 }
            try hostile.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(changed == 1)
        for command in [["history"], ["sync"]] {
            let result = await machines.run("laptop", command[0], environment: root)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdoutBytes.contains(0x1B) && !result.stdoutBytes.contains(0x07) && !result.stderrBytes.contains(0x1B), "\(command): \(result)")
            #expect(result.stdout.contains("^[]0;owned^G^[[2J"), "\(command): \(result)")
        }
    }

    @Test("sync --name refuses control characters, exit 2, and the name stays")
    func machineNameRefused() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop")
        let refused = await machines.run("laptop", "sync", "--name", "a\u{1B}]0;owned\u{07}b")
        #expect(refused.status == 2 && refused.stderr.contains("without control characters"), "\(refused)")
        #expect(await machines.ok("laptop", "sync", "--name", "laptop").stdout.contains("“laptop”"))
    }
}
