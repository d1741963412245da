import Foundation
import Testing

/// A shared root is other people's word: what another machine's log says reaches this machine's
/// terminal only escaped, and a machine cannot be named with control characters to begin with.
@Suite("sync: what a collaborator's machine writes")
struct HostileRootTests {
    /// The laptop shares a root a folder-sync tool carries; the desktop, pointed at it, adds a project.
    private func sharedRoot() async throws -> (SyncMachines, [String: String?]) {
        let (machines, root) = try await SyncMachines.folderShared()
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

    @Test("lines of another machine's log this version cannot read are set aside, said once and at each sync, and block nothing else")
    func badLinesSetAside() async throws {
        let (machines, root) = try await sharedRoot()
        let logs = machines.sandbox.root + "/Shared/.project/machines"
        // The desktop records a market and a submission; then each of its lines is spoilt one way,
        // after a good line that must still be taken in.
        #expect(await machines.run("desktop", "market", "add", "Agni", environment: root).status == 0)
        let path = try #require(try FileManager.default.contentsOfDirectory(atPath: logs).map { logs + "/" + $0 }
            .first { (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("\"Agni\"") == true })
        let good = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last { $0.contains("\"Agni\"") }!
        let agniID = try #require(good.range(of: "{\"addMarket\": {\"id\": \"").map { String(good[$0.upperBound...].prefix(36)) })
        func spoilt(_ from: String, _ to: String, id: Int) -> String {
            String(good).replacingOccurrences(of: from, with: to)
                .replacingOccurrences(of: agniID, with: UUID().uuidString.lowercased())
                .replacingOccurrences(of: "\"name\": \"Agni\"", with: "\"name\": \"Market \(id)\"")
                .replacingOccurrences(of: "\"rev\": ", with: "\"rev\": 9\(id)")
        }
        let bad = [
            spoilt("\"kind\": \"magazine\"", "\"kind\": \"weird\"", id: 1),
            spoilt("\"response-days\": null", "\"response-days\": \"12345678901234567890123\"", id: 2),
            spoilt("\"deadline\": null", "\"deadline\": \"0000-01-01\"", id: 3),
            spoilt("{\"addMarket\": ", "{\"eatMarket\": ", id: 4),
            "this is not a change",
        ]
        let later = spoilt("\"name\": \"Agni\"", "\"name\": \"Rattle\"", id: 5).replacingOccurrences(of: "Market 5", with: "Rattle")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data((bad + [later]).map { $0 + "\n" }.joined().utf8))
        try handle.close()

        let first = await machines.run("laptop", "market", "list", environment: root)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Agni") && first.stdout.contains("Rattle") && !(1...4).contains { first.stdout.contains("Market \($0)") }, "\(first)")
        #expect(first.stderr.contains("5 changes in the shared list's logs cannot be read by this version and are set aside"), "\(first)")
        // The header is line 1, "Letters" 2, "Agni" 3.
        for line in 4...8 { #expect(first.stderr.contains(".log, line \(line): "), "line \(line): \(first)") }
        let again = await machines.run("laptop", "list", environment: root)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        let sync = await machines.run("laptop", "sync", environment: root)
        #expect(sync.status == 0 && sync.stdout.contains("are set aside"), "\(sync)")
        // Changes go on being made and shared, both ways.
        #expect(await machines.run("laptop", "market", "add", "Ploughshares", environment: root).status == 0)
        let onDesktop = await machines.run("desktop", "market", "list", environment: root)
        #expect(onDesktop.status == 0 && onDesktop.stdout.contains("Ploughshares") && onDesktop.stdout.contains("Rattle"), "\(onDesktop)")
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
