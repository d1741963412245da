import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A store that goes away while its history stays: moved by hand, deleted by a clean-up tool, or on
/// a disk not mounted yet. The history is the evidence the store existed, and nothing writes over it.
@Suite("a lost store")
struct LostStoreTests {
    /// Three projects with a target, a move and an undo; the store then moved away.
    private func lostStore() async throws -> (Sandbox, moved: String, export: String) {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha", "Beta")
        await sandbox.ok("add", "Gamma", "--type", "novel", "--details", "A long one")
        await sandbox.ok("edit", "Beta", "--target", "5000", "--due", "2027-01-01")
        // Moves in a list sorted by name say so on standard error.
        #expect(await sandbox.run("move", "Gamma", "--top").status == 0)
        #expect(await sandbox.run("move", "Alpha", "--bottom").status == 0)
        await sandbox.ok("undo")
        let export = await sandbox.ok("export").stdout
        let moved = sandbox.root + "/moved.json"
        #expect(rename(sandbox.store, moved) == 0)
        return (sandbox, moved, export)
    }

    @Test("every changing command refuses with exit 3, naming the store and what its history holds, and writes nothing")
    func changesRefuse() async throws {
        let (sandbox, _, _) = try await lostStore()
        let history = try #require(FileManager.default.contents(atPath: sandbox.store + ".history"))
        for command in [["add", "Zeta"], ["rename", "Alpha", "Omega"], ["delete", "Beta", "--yes"], ["move", "Beta", "--top"],
                        ["edit", "Beta", "--target", "10"], ["sort", "user"], ["undo"], ["redo"]] {
            let result = await sandbox.run(command)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("The store \(sandbox.store) is not there, but its history records 7 changes made to it"), "\(result)")
            #expect(result.stderr.contains("project history --rebuild") && result.stderr.contains("PROJECT_STORE"), "\(result)")
            #expect(!result.stderr.contains("No project is named"), "\(result)")
            #expect(sandbox.storeBytes() == nil, "\(command) made a store")
            #expect(FileManager.default.contents(atPath: sandbox.store + ".history") == history, "\(command) touched the history")
        }
    }

    @Test("reads say the same on standard error, once, and go on")
    func readsWarn() async throws {
        let (sandbox, _, _) = try await lostStore()
        let list = await sandbox.run("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr.hasPrefix("Warning: The store \(sandbox.store) is not there"), "\(list)")
        #expect(list.stderr.components(separatedBy: "is not there").count == 2, "\(list)")
        let history = await sandbox.run("history")
        #expect(history.status == 0, "\(history)")
        #expect(history.lines.count == 6, "\(history)")
        // The names come from the history itself, the store being gone.
        #expect(history.lines.contains { $0.hasSuffix("set the target of “Beta” to 5,000 words and its due date to January 1, 2027") }, "\(history)")
        #expect(history.lines.first?.hasSuffix("moved “Alpha” from position 2 to 3 (undone)") == true, "\(history)")
    }

    @Test("history --rebuild restores every project whole, ids, order, targets and the undo state included")
    func rebuild() async throws {
        let (sandbox, moved, export) = try await lostStore()
        let rebuilt = await sandbox.ok("history", "--rebuild")
        #expect(rebuilt.stdout == "The list is rebuilt from its history: it holds 3 projects.\n")
        #expect(await sandbox.ok("export").stdout == export)
        #expect(await sandbox.run(["export"], environment: ["PROJECT_STORE": moved]).stdout == export)
        #expect(await sandbox.ok("history", "--rebuild").stdout == "The store holds every change its history records: there is nothing to rebuild.\n")
        // The history goes on from where it was: redo brings back the undone move, undo takes it back.
        await sandbox.ok("redo")
        #expect(await sandbox.userOrder() == ["Gamma", "Beta", "Alpha"])
        await sandbox.ok("undo")
        await sandbox.ok("undo")
        #expect(await sandbox.userOrder() == ["Alpha", "Beta", "Gamma"])
        let lines = await sandbox.ok("history").lines
        #expect(lines.count == 6 && lines.prefix(2).allSatisfy { $0.hasSuffix("(undone)") } && !lines[2].hasSuffix("(undone)"), "\(lines)")
    }

    @Test("history --clear starts afresh on purpose: the store is new again")
    func clear() async throws {
        let (sandbox, _, _) = try await lostStore()
        await sandbox.ok("history", "--clear", "--yes")
        await sandbox.ok("add", "Zeta")
        #expect(await sandbox.names() == ["Zeta"])
        #expect(await sandbox.ok("history").lines.count == 1)
    }

    @Test("folders no project claims are named, never touched: a note from list at a terminal, in full from root")
    func unclaimedFolders() async throws {
        let (sandbox, _, _) = try await lostStore()
        let writing = sandbox.root + "/Writing"
        try FileManager.default.createDirectory(atPath: writing + "/.sync", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: writing + "/notes.txt", contents: Data("mine".utf8))
        let before = try FileManager.default.subpathsOfDirectory(atPath: writing).sorted()

        let list = try await TerminalSession(sandbox, ["list"], stdoutOnTerminal: true).finish()
        #expect(list.status == 0, "\(list)")
        #expect(list.terminal.contains("Note: 3 folders in \(writing) belong to no project; 'project root' lists them."), "\(list)")
        // A script reading the list gets the list alone.
        #expect(!(await sandbox.run("list")).stderr.contains("Note:"))
        let root = try await TerminalSession(sandbox, ["root"], stdoutOnTerminal: true).finish()
        #expect(root.terminal.contains("3 folders here belong to no project:\n  Alpha\n  Beta\n  Gamma\n"), "\(root)")
        #expect(root.terminal.contains("project add <name> --folder <folder>"), "\(root)")
        #expect(await sandbox.run("root").stdout == writing + "\n")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: writing).sorted() == before)

        // Adopted, a folder is claimed; the others are still named.
        await sandbox.ok("history", "--clear", "--yes")
        await sandbox.ok("add", "Beta", "--folder", writing + "/Beta")
        let after = try await TerminalSession(sandbox, ["list"], stdoutOnTerminal: true).finish()
        #expect(after.terminal.contains("Note: 2 folders in \(writing) belong to no project"), "\(after)")
        await sandbox.ok("add", "Alpha", "--folder", writing + "/Alpha")
        await sandbox.ok("add", "Gamma", "--folder", writing + "/Gamma")
        let none = try await TerminalSession(sandbox, ["list"], stdoutOnTerminal: true).finish()
        #expect(!none.terminal.contains("Note:"), "\(none)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: writing).sorted() == before)
    }

    @Test("a store deleted after its first change is lost too, not taken for what a crash left")
    func firstChange() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Only")
        #expect(unlink(sandbox.store) == 0)
        let result = await sandbox.run("add", "Second")
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("records 1 change made to it"), "\(result)")
        await sandbox.ok("history", "--rebuild")
        #expect(await sandbox.names() == ["Only"])
    }

    @Test("a store restored from an older backup is brought up to its history by --rebuild")
    func olderBackup() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha")
        let backup = try #require(sandbox.storeBytes())
        await sandbox.ok("rename", "Alpha", "Omega")
        await sandbox.add("Beta")
        let export = await sandbox.ok("export").stdout
        try sandbox.writeStore(backup)
        let refused = await sandbox.run("add", "Gamma")
        #expect(refused.status == 3, "\(refused)")
        #expect(refused.stderr.contains("records 2 changes this store does not hold"), "\(refused)")
        #expect(refused.stderr.contains("project history --rebuild") && !refused.stderr.contains("--clear"), "\(refused)")
        await sandbox.ok("history", "--rebuild")
        #expect(await sandbox.ok("export").stdout == export)
        await sandbox.add("Gamma")
        #expect(await sandbox.names() == ["Beta", "Gamma", "Omega"])
    }

    @Test("a new store with no history is new: nothing to rebuild, and the first change makes the store before its history")
    func newStore() async throws {
        let sandbox = try Sandbox()
        #expect(await sandbox.ok("history", "--rebuild").stdout.contains("nothing to rebuild"))
        #expect(await sandbox.run("list").stderr == "")
        await sandbox.add("First")
        #expect(sandbox.storeBytes() != nil)
    }
}

/// A system without time-zone data, such as a minimal container: Foundation traps formatting a date
/// in a zone it cannot load, so the zone folder is hidden in a mount namespace of the test's own.
@Suite("no time-zone data")
struct NoTimeZoneDataTests {
    /// Runs `command` with /usr/share/zoneinfo hidden behind an empty folder. A mount namespace
    /// needs root, as CI has.
    private func withoutZoneData(_ sandbox: Sandbox, _ command: [String], tz: String?) async throws -> RunResult {
        let empty = sandbox.root + "/no-zones"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let script = "mount --bind \"$1\" /usr/share/zoneinfo && shift && exec \"$@\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "sh", "-c", script, "sh", empty, ProjectBinary.path] + command
        var environment = sandbox.environment
        environment["TZ"] = tz
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(arguments: command, status: process.terminationStatus, stdoutBytes: [UInt8](out), stderrBytes: [UInt8](err), timedOut: false)
    }

    @Test("every command that shows a date works, in UTC, with one note naming the zone")
    func datesInUTC() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha")
        await sandbox.ok("edit", "Alpha", "--due", "2027-03-01")
        for command in [["list"], ["show", "Alpha"], ["history"], ["list", "--sort", "date"]] {
            let result = try await withoutZoneData(sandbox, command, tz: "Europe/Paris")
            #expect(result.status == 0, "\(result)")
            let note = "Note: no time-zone data for “Europe/Paris” (install tzdata, or set TZ to a zone this system has): dates are shown in UTC.\n"
            #expect(result.stderr == note, "\(result)")
        }
        let show = try await withoutZoneData(sandbox, ["show", "Alpha"], tz: "Europe/Paris")
        #expect(show.stdout.contains("March 1, 2027"), "\(show)")
        // A change, too, is saved and said, with no note since it shows no date.
        let add = try await withoutZoneData(sandbox, ["add", "Beta"], tz: "Europe/Paris")
        #expect(add.status == 0 && add.stderr.isEmpty, "\(add)")
    }

    @Test("a zone of UTC needs no data, and says nothing")
    func utc() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha")
        for tz in ["UTC", "Etc/UTC"] {
            let result = try await withoutZoneData(sandbox, ["list", "--sort", "date"], tz: tz)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
    }

    @Test("an unknown TZ gives UTC and says so")
    func unknownZone() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha")
        let result = await sandbox.run(["history"], environment: ["TZ": "Nowhere/City"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no time-zone data for “Nowhere/City”"), "\(result)")
    }
}
