import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Two or three computers sharing a root through git, a bare repository on local disk as the remote:
/// every merge rule in both orders of arrival, files changed on two machines, and the refusals.
@Suite("sync through git")
struct GitSyncTests {
    @Test("--init shares and pushes the root; --join on a second machine makes the list and the folders appear")
    func initAndJoin() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        #expect(await machines.names("desktop") == ["My Novel", "Sonnets"])
        #expect(await machines.export("desktop") == (await machines.export("laptop")))
        // The novel's empty folders came too: git carries files only, so each holds a `.gitkeep`.
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: machines.root("desktop") + "/My Novel/Chapters", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(machines.git("laptop", "log", "--format=%s").output.contains("laptop: shared the root"))
        // Running --init again changes nothing.
        let before = machines.git("laptop", "rev-parse", "HEAD").output
        await machines.ok("laptop", "sync", "--init", machines.remote)
        #expect(machines.git("laptop", "rev-parse", "HEAD").output == before)
    }

    @Test("joining a machine that has projects keeps them, with their ids; a name taken on both is numbered the same way on both")
    func joinWithProjects() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "Winter")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "add", "Winter", "--no-folder")
        await machines.ok("desktop", "add", "Letters", "--no-folder")
        let ids = await machines.ok("desktop", "list", "--json").stdout
        let joined = await machines.ok("desktop", "sync", "--join", machines.remote)
        #expect(joined.stdout.contains("2 projects this machine already had are kept and merged in"), "\(joined)")
        #expect(joined.stdout.contains("Two machines used the name “Winter”: one project is now called “Winter (2)”"), "\(joined)")
        await machines.ok("laptop", "sync")
        #expect(Set(await machines.names("laptop")) == ["Winter", "Winter (2)", "Letters"])
        #expect(await machines.export("laptop") == (await machines.export("desktop")))
        let letters = try #require(((try JSONSerialization.jsonObject(with: Data(ids.utf8))) as? [[String: Any]])?.first { $0["name"] as? String == "Letters" })
        #expect(await machines.export("laptop").contains(letters["id"] as! String))
    }

    @Test("changes to different projects and fields on two machines all hold, and every machine ends with the same list")
    func differentChanges() async throws {
        for laptopFirst in [true, false] {
            let machines = try await SyncMachines.laptopAndDesktop()
            await machines.ok("laptop", "edit", "My Novel", "--target", "80000")
            await machines.ok("desktop", "edit", "My Novel", "--details", "Cold")
            await machines.ok("desktop", "add", "Letters")
            if laptopFirst { await machines.syncInTurn("laptop", "desktop") } else { await machines.syncInTurn("desktop", "laptop") }
            #expect(await machines.export("laptop") == (await machines.export("desktop")))
            let shown = await machines.ok("laptop", "show", "My Novel").stdout
            #expect(shown.contains("80,000") && shown.contains("Cold"), "\(shown)")
            #expect(Set(await machines.names("laptop")) == ["My Novel", "Sonnets", "Letters"])
        }
    }

    @Test("the same field changed on two machines: the later change holds on both, and sync and history say which gave way")
    func laterWins() async throws {
        for laptopFirst in [true, false] {
            let machines = try await SyncMachines.laptopAndDesktop()
            await machines.ok("laptop", "rename", "Sonnets", "Spring")
            await machines.ok("desktop", "rename", "Sonnets", "Summer")  // later by the clock
            let told = laptopFirst ? await machines.syncInTurn("laptop", "desktop") : await machines.syncInTurn("desktop", "laptop")
            #expect(told.stdout.contains("“Summer” was changed on laptop and on desktop at once (name): the later value, “Summer” from desktop, holds; “Spring” from laptop gave way."), "\(told)")
            for machine in ["laptop", "desktop"] {
                #expect(Set(await machines.names(machine)) == ["My Novel", "Summer"])
                let history = await machines.ok(machine, "history").stdout
                #expect(history.contains("laptop  renamed “Sonnets” to “Spring” (overridden by a later change on desktop)"), "\(history)")
            }
            // Both folders stay: the one the earlier rename made is claimed by no project, and said so.
            #expect(FileManager.default.fileExists(atPath: machines.root("laptop") + "/Spring"))
            #expect(await machines.ok("laptop", "sync").stdout.contains("belongs to no project, and is left as it is: Spring"))
        }
    }

    @Test("a file changed on two machines is kept twice, the other's version beside it; no conflict marker, no merge left")
    func fileChangedTwice() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        try machines.write("laptop", "My Novel/Chapters/One.md", "The laptop's words.\n")
        await machines.ok("laptop", "sync")
        await machines.ok("desktop", "sync")
        try machines.write("laptop", "My Novel/Chapters/One.md", "The laptop's second words.\n")
        try machines.write("desktop", "My Novel/Chapters/One.md", "The desktop's words.\n")
        let told = await machines.syncInTurn("laptop", "desktop")
        let copy = try #require(machines.files("desktop").first { $0.hasPrefix("My Novel/Chapters/One (conflicted copy from laptop, ") && $0.hasSuffix(").md") },
                                "\(machines.files("desktop"))")
        #expect(told.stdout.contains("My Novel/Chapters/One.md was changed here and on another machine: both are kept, theirs as \(copy)."), "\(told)")
        for machine in ["laptop", "desktop"] {
            #expect(machines.read(machine, "My Novel/Chapters/One.md") == "The desktop's words.\n")
            #expect(machines.read(machine, copy) == "The laptop's second words.\n")
            #expect(!machines.gitInProgress(machine))
            for file in machines.files(machine) { #expect(machines.read(machine, file)?.contains("<<<<<<<") != true, "\(file)") }
        }
        #expect(await machines.ok("laptop", "files", "My Novel").stdout.contains("conflicted copy"))
    }

    @Test("a project deleted on one machine and edited on the other ends deleted, the edit said to be dropped; undo on the deleting machine brings it back")
    func deleteAndEdit() async throws {
        for laptopFirst in [true, false] {
            let machines = try await SyncMachines.laptopAndDesktop()
            await machines.ok("laptop", "delete", "Sonnets", "--yes")
            await machines.ok("desktop", "edit", "Sonnets", "--target", "500")
            let told = laptopFirst ? await machines.syncInTurn("laptop", "desktop") : await machines.syncInTurn("desktop", "laptop")
            #expect(told.stdout.contains("“Sonnets” was deleted on laptop, so the change made to it on desktop was dropped."), "\(told)")
            #expect(await machines.names("laptop") == ["My Novel"])
            #expect(await machines.names("desktop") == ["My Novel"])
            await machines.ok("laptop", "undo")
            await machines.ok("laptop", "sync")
            await machines.ok("desktop", "sync")
            #expect(Set(await machines.names("desktop")) == ["My Novel", "Sonnets"])
        }
    }

    @Test("moves and adds on two machines all hold: nothing duplicated or lost, positions 1 to n, the same on both")
    func movesAndAdds() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("laptop", "add", "Letters")
        await machines.ok("laptop", "sync")
        await machines.ok("desktop", "sync")
        await machines.ok("laptop", "move", "Letters", "--top")
        await machines.ok("laptop", "add", "Plays")
        await machines.ok("desktop", "move", "My Novel", "--bottom")
        await machines.ok("desktop", "add", "Essays")
        await machines.ok("desktop", "sync")
        await machines.ok("laptop", "sync")
        await machines.ok("desktop", "sync")
        let names = await machines.names("laptop")
        #expect(names == (await machines.names("desktop")))
        #expect(names.sorted() == ["Essays", "Letters", "My Novel", "Plays", "Sonnets"])
        #expect(names.first == "Letters")
        let list = await machines.ok("laptop", "list", "--json", "--sort", "user").stdout
        let positions = ((try JSONSerialization.jsonObject(with: Data(list.utf8))) as? [[String: Any]])?.compactMap { $0["position"] as? Int }
        #expect(positions == Array(1...5))
    }

    @Test("three machines: every change reaches every machine, in any order of syncs")
    func threeMachines() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.named("tablet")
        await machines.ok("tablet", "sync", "--join", machines.remote)
        await machines.ok("laptop", "add", "From Laptop")
        await machines.ok("desktop", "add", "From Desktop")
        await machines.ok("tablet", "rename", "Sonnets", "Odes")
        for machine in ["tablet", "laptop", "desktop", "tablet", "laptop"] { await machines.ok(machine, "sync") }
        let export = await machines.export("laptop")
        #expect(await machines.export("desktop") == export)
        #expect(await machines.export("tablet") == export)
        #expect(Set(await machines.names("tablet")) == ["My Novel", "Odes", "From Laptop", "From Desktop"])
        let history = await machines.ok("laptop", "history").stdout
        #expect(history.contains("tablet  renamed “Sonnets” to “Odes”") && history.contains("desktop  added “From Desktop”"), "\(history)")
    }

    @Test("refusals say what to do and change nothing: not shared, no remote, a merge or a detached HEAD of the writer's, a remote not empty, a root not empty")
    func refusals() async throws {
        let machines = try SyncMachines()
        await machines.ok("laptop", "add", "Winter")
        let notShared = await machines.run("laptop", "sync")
        #expect(notShared.status == 1 && notShared.stderr.contains("is not shared. To share it: project sync --init"), "\(notShared)")
        await machines.ok("laptop", "sync", "--init")
        #expect(machines.git("laptop", "init", "-q").status == 0)
        let noRemote = await machines.run("laptop", "sync")
        #expect(noRemote.status == 1 && noRemote.stderr.contains("without a remote to sync with"), "\(noRemote)")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        machines.git("laptop", "commit", "-q", "--allow-empty", "-m", "mine")
        let head = machines.git("laptop", "rev-parse", "HEAD").output.trimmingCharacters(in: .newlines)
        machines.git("laptop", "checkout", "-q", head)
        let detached = await machines.run("laptop", "sync")
        #expect(detached.status == 1 && detached.stderr.contains("detached HEAD"), "\(detached)")
        machines.git("laptop", "checkout", "-q", "-")
        try Data().write(to: URL(fileURLWithPath: machines.root("laptop") + "/.git/MERGE_HEAD"))
        let merging = await machines.run("laptop", "sync")
        #expect(merging.status == 1 && merging.stderr.contains("in the middle of a git merge"), "\(merging)")
        #expect(FileManager.default.fileExists(atPath: machines.root("laptop") + "/.git/MERGE_HEAD"))
        unlink(machines.root("laptop") + "/.git/MERGE_HEAD")
        // Another root may not push to a remote that holds this one.
        await machines.ok("desktop", "add", "Letters")
        let notEmpty = await machines.run("desktop", "sync", "--init", machines.remote)
        #expect(notEmpty.status == 1 && notEmpty.stderr.contains("already holds commits"), "\(notEmpty)")
        let rootTaken = await machines.run("desktop", "sync", "--join", machines.remote)
        #expect(rootTaken.status == 1 && rootTaken.stderr.contains("already holds files"), "\(rootTaken)")
    }

    @Test("--join from a remote that holds no shared root is refused and leaves nothing behind; a shared remote joins after it")
    func joinFromRemoteNotShared() async throws {
        let machines = try SyncMachines()
        let plain = machines.sandbox.root + "/plain.git"
        let work = machines.sandbox.root + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try Data("Not a writing root.\n".utf8).write(to: URL(fileURLWithPath: work + "/README"))
        for arguments in [["init", "-q", "--bare", plain], ["-C", work, "init", "-q"], ["-C", work, "add", "README"],
                          ["-C", work, "commit", "-q", "-m", "Something else"], ["-C", work, "push", "-q", plain, "HEAD:master"]] {
            #expect(machines.gitAnywhere(arguments).status == 0, "git \(arguments)")
        }
        let refused = await machines.run("desktop", "sync", "--join", plain)
        #expect(refused.status == 1 && refused.stderr.contains("holds no shared root (no .project folder)"), "\(refused)")
        #expect(refused.stderr.contains("project sync --init \(plain)"), "\(refused)")
        // Neither the root nor the clone beside it is left.
        let home = try FileManager.default.contentsOfDirectory(atPath: machines.home("desktop"))
        #expect(!home.contains("Writing") && !home.contains { $0.contains("joining") }, "\(home)")
        await machines.ok("laptop", "add", "Winter")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "sync", "--join", machines.remote)
        #expect(await machines.names("desktop") == ["Winter"])
    }

    @Test("a machine goes by the name it is given in history and commits, and by its host name again after --name \"\"")
    func machineName() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("desktop", "rename", "Sonnets", "Odes")
        await machines.ok("desktop", "sync")
        var host = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&host, host.count - 1) == 0)
        let hostName = String(cString: host)
        let back = await machines.ok("desktop", "sync", "--name", "")
        #expect(back.stdout.contains("This machine is now called “\(hostName)”"), "\(back)")
        await machines.ok("desktop", "rename", "Odes", "Elegies")
        await machines.ok("desktop", "sync")
        await machines.ok("laptop", "sync")
        let history = await machines.ok("laptop", "history").stdout
        #expect(history.contains("desktop  renamed “Sonnets” to “Odes”"), "\(history)")
        #expect(history.contains("\(hostName)  renamed “Odes” to “Elegies”"), "\(history)")
        // The laptop's own sync may merge rather than fast-forward: its counts of progress, taken
        // before the merge, are a commit of its own.
        let subjects = machines.git("laptop", "log", "-3", "--format=%s").output.split(separator: "\n")
        #expect(subjects.contains { $0.hasPrefix("\(hostName): renamed “Odes” to “Elegies”") }, "\(subjects)")
        // The name changed; the machine did not: its changes stay in one log.
        let logs = try FileManager.default.contentsOfDirectory(atPath: machines.root("laptop") + "/.project/machines")
        #expect(logs.count == 2, "\(logs)")
    }

    @Test("--json gives scripts what the sentences say: sharing, joining, and what each sync sent and took in")
    func json() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "Sonnets", "--no-folder")
        let shared = try object(await machines.ok("laptop", "sync", "--init", machines.remote, "--json").stdout)
        #expect(shared["root"] as? String == machines.root("laptop"))
        #expect(shared["projects"] as? Int == 1 && shared["remote"] as? String == machines.remote && shared["pushed"] as? Bool == true)
        await machines.ok("desktop", "add", "Letters", "--no-folder")
        let joined = try object(await machines.ok("desktop", "sync", "--join", machines.remote, "--json").stdout)
        #expect(joined["projects"] as? Int == 2 && joined["broughtIn"] as? Int == 1 && joined["pushed"] as? Bool == true, "\(joined)")
        #expect((joined["renamed"] as? [Any])?.isEmpty == true)
        await machines.ok("laptop", "rename", "Sonnets", "Odes")
        let sent = try object(await machines.ok("laptop", "sync", "--json").stdout)
        #expect(sent["committed"] as? Bool == true && sent["pushed"] as? Bool == true, "\(sent)")
        #expect(sent["sent"] as? [String] == ["renamed “Sonnets” to “Odes”"], "\(sent)")
        let arrived = try object(await machines.ok("desktop", "sync", "--json").stdout)
        let changes = try #require(arrived["arrived"] as? [[String: String]], "\(arrived)")
        #expect(changes.contains(["machine": "laptop", "change": "renamed “Sonnets” to “Odes”"]), "\(changes)")
        for key in ["files", "conflicts", "overridden", "dropped", "renamed"] {
            #expect((arrived[key] as? [Any])?.isEmpty == true, "\(key): \(arrived)")
        }
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require((try JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any], "\(json)")
    }

    @Test("a remote out of reach: sync fails saying so, the change stays committed here, other commands work, and a later sync sends it")
    func offline() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        let away = machines.sandbox.root + "/remote-away.git"
        #expect(rename(machines.remote, away) == 0)
        await machines.ok("laptop", "rename", "Sonnets", "Odes")
        let failed = await machines.run("laptop", "sync")
        #expect(failed.status == 3 && failed.stderr.contains("Cannot reach \(machines.remote)"), "\(failed)")
        #expect(!machines.gitInProgress("laptop"))
        await machines.ok("laptop", "add", "Letters")
        #expect(rename(away, machines.remote) == 0)
        await machines.ok("laptop", "sync")
        await machines.ok("desktop", "sync")
        #expect(Set(await machines.names("desktop")) == ["My Novel", "Odes", "Letters"])
    }

    @Test("sync says what came in, from which machine, and what went out")
    func report() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("desktop", "rename", "Sonnets", "Winter")
        await machines.ok("desktop", "add", "Letters", "--no-folder")
        try machines.write("desktop", "My Novel/Chapters/One.md", "Words.\n")
        try machines.write("desktop", "My Novel/Chapters/Two.md", "More words.\n")
        let sent = await machines.ok("desktop", "sync")
        #expect(sent.stdout.contains("Sent: renamed “Sonnets” to “Winter”; added “Letters”"), "\(sent)")
        let came = await machines.ok("laptop", "sync")
        #expect(came.stdout.contains("From desktop: renamed “Sonnets” to “Winter”; added “Letters”; 2 files changed in “My Novel”"), "\(came)")
        #expect(machines.git("desktop", "log", "-1", "--format=%s").output.hasPrefix("desktop: renamed “Sonnets” to “Winter”; added “Letters”"))
        let json = await machines.ok("laptop", "sync", "--json").stdout
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) is [String: Any], "\(json)")
    }

    @Test("a push refused because another machine pushed first is tried again after taking that machine's changes in")
    func pushRace() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.named("tablet")
        await machines.ok("tablet", "sync", "--join", machines.remote)
        await machines.ok("tablet", "add", "From Tablet", "--no-folder")
        // A git that lets the tablet push, once, just before the desktop's own push.
        let shim = machines.sandbox.root + "/shim"
        try FileManager.default.createDirectory(atPath: shim, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            case " $* " in *" push "*) pushing=yes ;; *) pushing=no ;; esac
            if [ $pushing = yes ] && [ ! -e '\(shim)/raced' ]; then
                touch '\(shim)/raced'
                HOME='\(machines.home("tablet"))' PATH=/usr/bin:/bin '\(ProjectBinary.path)' sync >/dev/null 2>&1
            fi
            exec /usr/bin/git "$@"
            """
        try writeClosedOnExec(Array(script.utf8), to: shim + "/git")
        chmod(shim + "/git", 0o755)
        await machines.ok("desktop", "add", "From Desktop", "--no-folder")
        let synced = await machines.run("desktop", "sync", environment: ["PATH": shim + ":/usr/bin:/bin"])
        #expect(synced.status == 0, "\(synced)")
        #expect(FileManager.default.fileExists(atPath: shim + "/raced"))
        #expect(synced.stdout.contains("From tablet: added “From Tablet”"), "\(synced)")
        await machines.ok("laptop", "sync")
        #expect(Set(await machines.names("laptop")) == ["My Novel", "Sonnets", "From Tablet", "From Desktop"])
    }

    @Test("two machines add one name, each making its folder: both projects kept, one numbered and the folder with the first, said on both; nothing lost")
    func sameNameAndFolder() async throws {
        for laptopFirst in [true, false] {
            let machines = try await SyncMachines.laptopAndDesktop()
            await machines.ok("laptop", "add", "Winter")
            try machines.write("laptop", "Winter/laptop.md", "From the laptop.\n")
            await machines.ok("desktop", "add", "Winter")
            try machines.write("desktop", "Winter/desktop.md", "From the desktop.\n")
            let told = laptopFirst ? await machines.syncInTurn("laptop", "desktop") : await machines.syncInTurn("desktop", "laptop")
            #expect(told.stdout.contains("Two machines used the name “Winter”: one project is now called “Winter (2)”."), "\(told)")
            #expect(told.stdout.contains("were given the same folder, Winter, on two machines: it stays with “Winter”, and “Winter (2)” has none now"), "\(told)")
            #expect(await machines.export("laptop") == (await machines.export("desktop")))
            #expect(Set(await machines.names("laptop")) == ["My Novel", "Sonnets", "Winter", "Winter (2)"])
            for machine in ["laptop", "desktop"] {
                #expect(machines.read(machine, "Winter/laptop.md") == "From the laptop.\n")
                #expect(machines.read(machine, "Winter/desktop.md") == "From the desktop.\n")
            }
        }
    }

    @Test("without a terminal, git never waits for a password: a remote asking for one fails at once, saying so")
    func noPasswordPrompt() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        // A remote on loopback that asks every request for a user name and password; its port is
        // written to a file the test waits for.
        let portFile = machines.sandbox.root + "/port"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = ["-c", """
            import http.server, sys
            class Ask(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="writing"')
                    self.end_headers()
                def log_message(self, *args): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Ask)
            open(sys.argv[1] + ".tmp", "w").write(str(server.server_port))
            import os; os.rename(sys.argv[1] + ".tmp", sys.argv[1])
            server.serve_forever()
            """, portFile]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL) }
        var portText = ""
        for _ in 0..<100 where portText.isEmpty {
            portText = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
            if portText.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        }
        let url = "http://127.0.0.1:\(portText)/writing.git"
        #expect(machines.git("laptop", "remote", "set-url", "origin", url).status == 0)
        let started = Date()
        let failed = await machines.run("laptop", "sync")
        #expect(failed.status == 3 && failed.stderr.contains("Cannot reach \(url)"), "\(failed)")
        #expect(failed.stderr.contains("terminal prompts disabled"), "\(failed)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!machines.gitInProgress("laptop"))
    }
}
