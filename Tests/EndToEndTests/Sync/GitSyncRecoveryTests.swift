import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Nothing leaves sync stuck: a lock a killed git left, machines pushing at the same moment, an
/// `--init` that fails, a remote that was mistyped or moved; and "Sent" says what went out, even when
/// an earlier sync committed it. Real git, a bare repository on local disk as the remote.
@Suite("sync through git: nothing stuck")
struct GitSyncRecoveryTests {
    /// A lock file as a git killed part way leaves it: made `age` seconds ago.
    private func leaveLock(_ path: String, age: TimeInterval = 30) throws {
        try Data().write(to: URL(fileURLWithPath: path))
        let then = Date().addingTimeInterval(-age).timeIntervalSince1970
        var times = [timeval(tv_sec: Int(then), tv_usec: 0), timeval(tv_sec: Int(then), tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
    }

    @Test("a lock left by a killed git is taken away by sync, which says so; one a running git holds is waited on, then reported with what to do")
    func staleAndLiveLocks() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        let lock = machines.root("laptop") + "/.git/index.lock"
        try leaveLock(lock)
        await machines.ok("laptop", "rename", "Sonnets", "Odes")
        let recovered = await machines.ok("laptop", "sync")
        #expect(recovered.stdout.contains("Removed .git/index.lock: a git stopped part way left it"), "\(recovered)")
        #expect(!FileManager.default.fileExists(atPath: lock))
        await machines.ok("desktop", "sync")
        #expect(await machines.names("desktop") == ["My Novel", "Odes"])

        // A git at work in the root (one waiting on its input, as an editor's git may) and its lock.
        try leaveLock(lock)
        let running = Process()
        running.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        running.arguments = ["cat-file", "--batch"]
        running.currentDirectoryURL = URL(fileURLWithPath: machines.root("laptop"))
        let input = Pipe()
        running.standardInput = input
        running.standardOutput = FileHandle.nullDevice
        try running.run()
        let started = Date()
        let held = await machines.run("laptop", "sync")
        #expect(held.status == 3, "\(held)")
        #expect(held.stderr.contains("A git program is working in the root \(machines.root("laptop")) (it holds .git/index.lock)"), "\(held)")
        #expect(held.stderr.contains("Let it finish"), "\(held)")
        #expect(Date().timeIntervalSince(started) >= 4)
        #expect(FileManager.default.fileExists(atPath: lock))
        try input.fileHandleForWriting.close()
        running.waitUntilExit()
        // That git is done: what it left is taken away now.
        let after = await machines.ok("laptop", "sync", "--json")
        #expect(after.stdout.contains("\"removedLocks\" : [\n    \".git/index.lock\"\n  ]"), "\(after)")
    }

    @Test("sync killed with its whole process group, git included, at random moments: the next sync takes away what git left and goes through; nothing is lost")
    func killedWithItsGit() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        var seed = SystemRandomNumberGenerator()
        for round in 0..<8 {
            try machines.write("laptop", "My Novel/Chapters/Laptop \(round).md", "The laptop's words, round \(round).\n")
            try machines.write("desktop", "My Novel/Chapters/Desktop \(round).md", "The desktop's words, round \(round).\n")
            await machines.ok("desktop", "sync")
            await machines.ok("laptop", "edit", "My Novel", "--details", "round \(round)")
            // A session of its own, whose id the inner shell writes down, so that the whole group dies.
            let groupFile = machines.sandbox.root + "/group"
            unlink(groupFile)
            var environment = machines.sandbox.environment
            for (key, value) in machines.environment("laptop") { environment[key] = value }
            let killed = Process()
            killed.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            killed.arguments = ["/bin/sh", "-c", "echo $$ > '\(groupFile)'; exec '\(ProjectBinary.path)' sync"]
            killed.environment = environment
            killed.standardOutput = FileHandle.nullDevice
            killed.standardError = FileHandle.nullDevice
            try killed.run()
            try await Task.sleep(for: .milliseconds(Int.random(in: 30...600, using: &seed)))
            if let group = Int32(((try? String(contentsOfFile: groupFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(-group, SIGKILL)
            }
            killed.waitUntilExit()
            let again = await machines.run("laptop", "sync")
            #expect(again.status == 0, "round \(round): \(again)")
            #expect(!machines.gitInProgress("laptop"))
        }
        await machines.ok("desktop", "sync")
        for machine in ["laptop", "desktop"] {
            #expect(machines.files(machine).filter { $0.hasPrefix("My Novel/Chapters/") && $0.hasSuffix(".md") }.count == 16, "\(machine): \(machines.files(machine))")
        }
        #expect(await machines.ok("desktop", "show", "My Novel").stdout.contains("round 7"))
    }

    @Test("a push that loses the ref update to another machine's push ([remote rejected] … failed to update ref) is tried again and goes through")
    func remoteRejectedRace() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.named("tablet")
        await machines.ok("tablet", "sync", "--join", machines.remote)
        await machines.ok("tablet", "add", "From Tablet", "--no-folder")
        // The remote lets the tablet push, once, while it holds the desktop's push between receiving
        // it and moving the branch: the desktop's update of the branch then finds it moved.
        let marker = machines.sandbox.root + "/raced"
        let hook = machines.remote + "/hooks/pre-receive"
        let script = """
            #!/bin/sh
            cat >/dev/null
            if [ ! -e '\(marker)' ]; then
                touch '\(marker)'
                env -i HOME='\(machines.home("tablet"))' PATH=/usr/bin:/bin GIT_CONFIG_NOSYSTEM=1 LANG=C.UTF-8 '\(ProjectBinary.path)' sync >/dev/null 2>&1
            fi
            exit 0
            """
        try writeClosedOnExec(Array(script.utf8), to: hook)
        chmod(hook, 0o755)
        await machines.ok("desktop", "add", "From Desktop", "--no-folder")
        let synced = await machines.run("desktop", "sync")
        #expect(synced.status == 0, "\(synced)")
        #expect(FileManager.default.fileExists(atPath: marker))
        #expect(synced.stdout.contains("From tablet: added “From Tablet”"), "\(synced)")
        #expect(synced.stdout.contains("Sent: added “From Desktop”"), "\(synced)")
        await machines.ok("laptop", "sync")
        #expect(Set(await machines.names("laptop")) == ["My Novel", "Sonnets", "From Tablet", "From Desktop"])
    }

    @Test("many machines syncing at the same moment against one remote: every sync goes through, and all end with every change")
    func simultaneousSyncs() async throws {
        let machines = try SyncMachines()
        let names = (1...6).map { "machine\($0)" }
        for name in names { await machines.ok(name, "sync", "--name", name) }
        await machines.ok(names[0], "add", "Seed", "--no-folder")
        await machines.ok(names[0], "sync", "--init", machines.remote)
        for name in names.dropFirst() { await machines.ok(name, "sync", "--join", machines.remote) }
        for round in 1...2 {
            for name in names {
                await machines.ok(name, "add", "\(name) round \(round)", "--no-folder")
                try machines.write(name, "\(name)-\(round).md", "Written on \(name).\n")
            }
            let results = await withTaskGroup(of: RunResult.self) { group in
                // Six at once on a shared machine: more time than one sync alone is given.
                for name in names {
                    group.addTask { await machines.sandbox.run(["sync"], environment: machines.environment(name), timeout: 120) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for result in results { #expect(result.status == 0, "round \(round): \(result)") }
        }
        for name in names { await machines.ok(name, "sync") }
        let expected = Set(["Seed"] + names.flatMap { name in (1...2).map { "\(name) round \($0)" } })
        for name in names {
            await machines.ok(name, "sync")
            #expect(Set(await machines.names(name)) == expected, "\(name)")
            #expect(machines.files(name).filter { $0.hasSuffix(".md") }.count == names.count * 2, "\(name)")
        }
    }

    @Test("a refused --init (a remote that holds commits) leaves the root as it found it, so that the advised --join works")
    func refusedInitChangesNothing() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "Winter")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "add", "Letters", "--no-folder")
        let refused = await machines.run("desktop", "sync", "--init", machines.remote)
        #expect(refused.status == 1 && refused.stderr.contains("project sync --join \(machines.remote)"), "\(refused)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: machines.root("desktop"))) ?? []
        #expect(!left.contains(".git") && !left.contains(".project"), "\(left)")
        await machines.ok("desktop", "sync", "--join", machines.remote)
        #expect(Set(await machines.names("desktop")) == ["Winter", "Letters"])
    }

    @Test("an --init with a mistyped remote, or one whose push fails, leaves the root and the list unshared; the right remote then works")
    func failedInitChangesNothing() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "Winter", "--type", "novel")
        let before = machines.files("laptop")
        let typo = "file://" + machines.sandbox.root + "/remtoe.git"
        let mistyped = await machines.run("laptop", "sync", "--init", typo)
        #expect(mistyped.status == 3 && mistyped.stderr.contains("Cannot reach \(typo)"), "\(mistyped)")
        #expect(mistyped.stderr.contains("Nothing was changed. Check the remote"), "\(mistyped)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: machines.root("laptop")) == ["Winter"])
        let notShared = await machines.run("laptop", "sync")
        #expect(notShared.status == 1 && notShared.stderr.contains("is not shared"), "\(notShared)")
        // A remote that takes no push: the root was shared and committed before the push failed.
        let closed = machines.sandbox.root + "/closed.git"
        #expect(machines.gitAnywhere(["init", "-q", "--bare", closed]).status == 0)
        try writeClosedOnExec(Array("#!/bin/sh\necho 'this remote takes no pushes' >&2\nexit 1\n".utf8), to: closed + "/hooks/pre-receive")
        chmod(closed + "/hooks/pre-receive", 0o755)
        let failed = await machines.run("laptop", "sync", "--init", closed)
        #expect(failed.status == 3 && failed.stderr.contains("did not accept this machine's changes: ! [remote rejected]"), "\(failed)")
        #expect(failed.stderr.contains("Nothing was changed here"), "\(failed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: machines.root("laptop")) == ["Winter"])
        #expect(machines.files("laptop") == before)
        await machines.ok("laptop", "rename", "Winter", "Spring")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "sync", "--join", machines.remote)
        #expect(await machines.names("desktop") == ["Spring"])
    }

    @Test("--remote changes a remote that moved: checked first (out of reach or another root's history is refused), then synced; it is in the help")
    func changeRemote() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        let moved = machines.sandbox.root + "/moved.git"
        #expect(rename(machines.remote, moved) == 0)
        await machines.ok("laptop", "rename", "Sonnets", "Odes")
        let lost = await machines.run("laptop", "sync")
        #expect(lost.status == 3 && lost.stderr.contains("Cannot reach \(machines.remote)"), "\(lost)")
        // Another root's remote is refused, and nothing changes.
        let other = try SyncMachines()
        await other.ok("laptop", "add", "Elsewhere", "--no-folder")
        await other.ok("laptop", "sync", "--init", other.remote)
        let unrelated = await machines.run("laptop", "sync", "--remote", other.remote)
        #expect(unrelated.status == 1 && unrelated.stderr.contains("share nothing with this root's"), "\(unrelated)")
        #expect(machines.git("laptop", "remote", "get-url", "origin").output == machines.remote + "\n")
        let changed = await machines.ok("laptop", "sync", "--remote", moved)
        #expect(changed.stdout.contains("This root now syncs with \(moved), instead of \(machines.remote)."), "\(changed)")
        #expect(changed.stdout.contains("Sent: renamed “Sonnets” to “Odes”"), "\(changed)")
        await machines.ok("desktop", "sync", "--remote", moved)
        #expect(await machines.names("desktop") == ["My Novel", "Odes"])
        // A path that leads nowhere (a second typing mistake) is refused, and nothing changes; a
        // bare repository the writer made there is taken, and sent everything.
        let fresh = machines.sandbox.root + "/fresh.git"
        let missing = await machines.run("laptop", "sync", "--remote", fresh)
        #expect(missing.status == 1 && missing.stderr.contains("Nothing is at \(fresh). Nothing was changed."), "\(missing)")
        #expect(missing.stderr.contains("git init --bare \(fresh)"), "\(missing)")
        #expect(access(fresh, F_OK) != 0)
        #expect(machines.git("laptop", "remote", "get-url", "origin").output == moved + "\n")
        #expect(machines.gitAnywhere(["init", "-q", "--bare", fresh]).status == 0)
        await machines.ok("laptop", "sync", "--remote", fresh)
        #expect(machines.gitAnywhere(["-C", fresh, "for-each-ref", "refs/heads/"]).output.contains("refs/heads/master"))
        await machines.ok("desktop", "add", "Letters", "--no-folder")
        await machines.ok("desktop", "sync", "--remote", fresh)
        await machines.ok("laptop", "sync")
        #expect(await machines.names("laptop") == ["My Novel", "Odes", "Letters"])
        let help = await machines.ok("laptop", "sync", "--help")
        #expect(help.stdout.contains("--remote"), "\(help)")
    }

    @Test("a change committed while the remote was out of reach is said as sent by the sync that sends it")
    func sentAfterOffline() async throws {
        for json in [false, true] {
            let machines = try await SyncMachines.laptopAndDesktop()
            let away = machines.sandbox.root + "/remote-away.git"
            #expect(rename(machines.remote, away) == 0)
            await machines.ok("laptop", "rename", "Sonnets", "Odes")
            #expect(await machines.run("laptop", "sync").status == 3)
            #expect(rename(away, machines.remote) == 0)
            if json {
                let sent = await machines.ok("laptop", "sync", "--json").stdout
                let object = try #require((try JSONSerialization.jsonObject(with: Data(sent.utf8))) as? [String: Any], "\(sent)")
                #expect(object["sent"] as? [String] == ["renamed “Sonnets” to “Odes”"], "\(sent)")
            } else {
                let sent = await machines.ok("laptop", "sync")
                #expect(sent.stdout.contains("Sent: renamed “Sonnets” to “Odes”") && !sent.stdout.contains("Nothing new to send"), "\(sent)")
            }
            #expect(await machines.ok("laptop", "sync").stdout.contains("Nothing new to send"))
        }
    }
}
