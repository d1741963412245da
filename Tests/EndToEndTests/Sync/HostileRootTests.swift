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

    @Test("a collaborator pushes, through a real bare git remote, links out, an altered kept text, bad log lines and escapes: every command of the writer's works or refuses, nothing outside the root is read or written, nothing is lost")
    func collaboratorThroughGit() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        // The writer's machine: a chapter with a version, and a market with a submission.
        try machines.write("laptop", "My Novel/Chapters/One.md", "The first chapter, as written.\n")
        await machines.ok("laptop", "snapshot", "My Novel", "Chapters/One.md")
        try machines.write("laptop", "My Novel/Chapters/One.md", "The first chapter, revised.\n")
        try machines.write("laptop", "Sonnets/Ode.md", "An ode.\n")
        await machines.ok("laptop", "market", "add", "Agni")
        await machines.ok("laptop", "submit", "Sonnets", "Ode.md", "--to", "Agni")
        await machines.syncInTurn("laptop", "desktop")
        // Outside every root: a secret, and a folder, to be compared byte for byte.
        let outside = machines.sandbox.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside + "/folder", withIntermediateDirectories: true)
        try Data(SharedRootContainmentTests.secret.utf8).write(to: URL(fileURLWithPath: outside + "/id_rsa"))
        let before = SharedRootContainmentTests.tree(outside)

        // The collaborator, in its clone, by hand: a kept text made a link to the secret, a chapter
        // made a link out, a log line it cannot have written, an escape sequence for a host name.
        let desktop = machines.root("desktop")
        let texts = desktop + "/My Novel/.versions/texts"
        let text = texts + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: texts).first { $0.hasSuffix(".md") }))
        try FileManager.default.removeItem(atPath: text)
        try FileManager.default.createSymbolicLink(atPath: text, withDestinationPath: outside + "/id_rsa")
        try FileManager.default.createSymbolicLink(atPath: desktop + "/My Novel/Chapters/Two.md", withDestinationPath: outside + "/id_rsa")
        try FileManager.default.createSymbolicLink(atPath: desktop + "/Sonnets/Elsewhere", withDestinationPath: outside + "/folder")
        let logs = desktop + "/.project/machines"
        for file in try FileManager.default.contentsOfDirectory(atPath: logs) {
            let path = logs + "/" + file
            var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let last = lines.lastIndex(where: { $0.contains("\"host\": \"desktop\"") }) else { continue }
            lines[last] = lines[last].replacingOccurrences(of: "\"host\": \"desktop\"", with: "\"host\": \"\\u001b]0;owned\\u0007\"")
            lines.insert("{\"this\": \"is not a change\"}", at: lines.count - 1)
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(machines.git("desktop", "add", "-A").status == 0)
        #expect(machines.git("desktop", "commit", "-q", "-m", "hostile").status == 0)
        #expect(machines.git("desktop", "push", "-q").status == 0)

        // The writer's machine takes it in and runs every command a writer would.
        let sync = await machines.run("laptop", "sync")
        #expect(sync.status == 0, "\(sync)")
        let commands: [[String]] = [
            ["list"], ["show", "My Novel"], ["files", "My Novel"], ["history"], ["market", "list"], ["submissions"], ["submission", "1"],
            ["versions", "My Novel", "Chapters/One.md"], ["diff", "My Novel", "Chapters/One.md"], ["restore", "My Novel", "Chapters/One.md", "1"],
            ["versions", "My Novel", "--check"], ["snapshot", "My Novel"], ["snapshot", "My Novel", "Chapters/Two.md"], ["progress"],
            ["compile", "Sonnets", "--to", "md", "-o", machines.sandbox.root + "/sonnets.md", "--force"], ["sync"],
        ]
        var said = sync.stdout + sync.stderr
        for command in commands {
            let result = await machines.sandbox.run(command, environment: machines.environment("laptop"), timeout: SyncMachines.commandTimeout)
            // Done, or refused saying why; never a store made unusable, never a hang.
            #expect((result.status == 0 || result.status == 1) && !result.timedOut, "\(command): \(result)")
            said += result.stdout + result.stderr
            #expect(!result.stdoutBytes.contains(0x1B) && !result.stderrBytes.contains(0x1B), "\(command): an escape reached the terminal")
        }
        // Compile never reads through the chapter that leads out: refused, named, nothing written.
        let novel = machines.sandbox.root + "/novel.md"
        let compiled = await machines.run("laptop", "compile", "My Novel", "--to", "md", "-o", novel)
        #expect(compiled.status == 1 && compiled.stderr.contains("Two.md is a link that leads out of the folder"), "\(compiled)")
        #expect(!FileManager.default.fileExists(atPath: novel))
        #expect(!said.contains("the writer's own secret"), "the secret was printed")
        #expect(SharedRootContainmentTests.tree(outside) == before, "something outside the root changed")
        #expect(machines.read("laptop", "My Novel/Chapters/One.md") == "The first chapter, revised.\n")
        #expect(await machines.ok("laptop", "submissions", "--csv").stdout.contains(",Agni,Sonnets,no,Ode.md,"))
        // What the writer's machine sends back holds no link out and no secret.
        let pushed = machines.gitAnywhere(["--git-dir", machines.remote, "grep", "-l", "the writer's own secret", "HEAD"])
        #expect(pushed.output.isEmpty, "\(pushed.output)")
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
