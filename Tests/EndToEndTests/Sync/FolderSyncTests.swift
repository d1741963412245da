import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A root a folder-sync tool carries (Syncthing, Dropbox): nothing to run. Here the "tool" is the
/// simplest there is, one folder both machines use as their root, or a copy made by hand.
@Suite("sync through a folder-sync tool")
struct FolderSyncTests {
    private func sharedRoot() async throws -> (SyncMachines, [String: String?]) {
        try await SyncMachines.folderShared()
    }

    @Test("pointing the second machine at the shared root makes the list appear; each machine's changes reach the other with nothing to run")
    func listAppears() async throws {
        let (machines, root) = try await sharedRoot()
        await machines.ok("desktop", "add", "Letters", "--no-folder")
        // The desktop's own project, made before it joined, is merged in.
        let names = await machines.run("desktop", "list", "--json", environment: root).stdout
        #expect(names.contains("My Novel") && names.contains("Letters"), "\(names)")
        #expect(await machines.run("desktop", "rename", "My Novel", "Winter", environment: root).status == 0)
        let onLaptop = await machines.run("laptop", "list", "--json", environment: root).stdout
        #expect(onLaptop.contains("\"Winter\"") && onLaptop.contains("\"Letters\""), "\(onLaptop)")
        let status = await machines.run("laptop", "sync", environment: root)
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.contains("laptop (this machine): last change") && status.stdout.contains("desktop: last change"), "\(status)")
        let history = await machines.run("laptop", "history", environment: root).stdout
        #expect(history.contains("desktop  renamed “My Novel” to “Winter”"), "\(history)")
        // One log per machine, each written by its machine only.
        let logs = try FileManager.default.contentsOfDirectory(atPath: machines.sandbox.root + "/Shared/.project/machines")
        #expect(logs.count == 2 && logs.allSatisfy { $0.hasSuffix(".log") }, "\(logs)")
    }

    @Test("sync --json in a root a folder-sync tool carries: each machine heard from, which is this one, and when it last changed")
    func statusJSON() async throws {
        let (machines, root) = try await sharedRoot()
        #expect(await machines.run("desktop", "add", "Letters", "--no-folder", environment: root).status == 0)
        let result = await machines.run("laptop", "sync", "--json", environment: root)
        #expect(result.status == 0, "\(result)")
        let status = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any], "\(result)")
        #expect(status["root"] as? String == machines.sandbox.root + "/Shared")
        let heard = try #require(status["machines"] as? [[String: Any]], "\(status)")
        #expect(Set(heard.compactMap { $0["name"] as? String }) == ["laptop", "desktop"])
        #expect(heard.filter { $0["thisMachine"] as? Bool == true }.compactMap { $0["name"] as? String } == ["laptop"])
        for machine in heard {
            let stamp = try #require(machine["lastChange"] as? String)
            #expect(stamp.count == 24 && stamp.hasSuffix("Z") && abs(Date().timeIntervalSince(ISO8601DateFormatter().date(from: String(stamp.prefix(19)) + "Z") ?? .distantPast)) < 600, "\(stamp)")
            #expect((machine["changes"] as? Int ?? 0) >= 1 && (machine["id"] as? String)?.count == 36, "\(machine)")
        }
        #expect((status["awaited"] as? [Any])?.isEmpty == true && (status["foldersNotHere"] as? [Any])?.isEmpty == true, "\(status)")
    }

    @Test("a root copied by hand never gives two machines one identity: the copy's machine writes a log of its own")
    func copiedRoot() async throws {
        let (machines, root) = try await sharedRoot()
        let original = machines.sandbox.root + "/Shared"
        let copy = machines.sandbox.root + "/Copy"
        #expect(FileManager.default.fileExists(atPath: original + "/.project"))
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        let logsBefore = try FileManager.default.contentsOfDirectory(atPath: copy + "/.project/machines")
        let laptopLog = try #require(logsBefore.first)
        let bytes = FileManager.default.contents(atPath: copy + "/.project/machines/" + laptopLog)
        #expect(await machines.run("tablet", "add", "Plays", "--no-folder", environment: ["PROJECT_ROOT": copy]).status == 0)
        let names = await machines.run("tablet", "list", "--json", environment: ["PROJECT_ROOT": copy]).stdout
        #expect(names.contains("My Novel") && names.contains("Plays"), "\(names)")
        let logsAfter = try FileManager.default.contentsOfDirectory(atPath: copy + "/.project/machines")
        #expect(logsAfter.count == 2)
        #expect(FileManager.default.contents(atPath: copy + "/.project/machines/" + laptopLog) == bytes)
        // The original knows nothing of the copy.
        let onLaptop = await machines.run("laptop", "list", "--json", environment: root).stdout
        #expect(!onLaptop.contains("Plays"), "\(onLaptop)")
    }

    @Test("a shared root whose .project is gone refuses changes with exit 3 and what to do; reads go on")
    func sharedFolderGone() async throws {
        let (machines, root) = try await sharedRoot()
        let project = machines.sandbox.root + "/Shared/.project"
        #expect(rename(project, machines.sandbox.root + "/elsewhere") == 0)
        let refused = await machines.run("laptop", "add", "Letters", environment: root)
        #expect(refused.status == 3 && refused.stderr.contains("/.project is not there") && refused.stderr.contains("project sync --init"), "\(refused)")
        #expect(await machines.run("laptop", "list", environment: root).status == 0)
        #expect(rename(machines.sandbox.root + "/elsewhere", project) == 0)
        #expect(await machines.run("laptop", "add", "Letters", "--no-folder", environment: root).status == 0)
    }

    @Test("a project whose folder has not arrived: show and list say so; conflict copies a tool made are listed by files, pointed out by show, not counted")
    func foldersAndConflictCopies() async throws {
        let (machines, root) = try await sharedRoot()
        let folder = machines.sandbox.root + "/Shared/My Novel/Chapters"
        try Data("One two three.\n".utf8).write(to: URL(fileURLWithPath: folder + "/One.md"))
        try Data("One two three four five.\n".utf8).write(to: URL(fileURLWithPath: folder + "/One.sync-conflict-20261125-101010-ABCDEFG.md"))
        let files = await machines.run("laptop", "files", "My Novel", environment: root)
        #expect(files.stdout.contains("One.sync-conflict-20261125-101010-ABCDEFG.md (conflict copy)"), "\(files)")
        #expect(files.stdout.contains("1 conflict copy: a file changed on two machines, kept twice"), "\(files)")
        #expect(files.stdout.contains("Total: 3 words"), "\(files)")
        let show = await machines.run("laptop", "show", "My Novel", environment: root)
        #expect(show.stdout.contains("Conflicts") && show.stdout.contains("Chapters/One.sync-conflict-20261125-101010-ABCDEFG.md"), "\(show)")
        // The folder away, as a sync tool that has not delivered it yet.
        #expect(rename(machines.sandbox.root + "/Shared/My Novel", machines.sandbox.root + "/away") == 0)
        let missing = await machines.run("laptop", "show", "My Novel", environment: root)
        #expect(missing.stdout.contains("(not on this machine yet: your sync tool has not brought it)"), "\(missing)")
        let status = await machines.run("laptop", "sync", environment: root)
        #expect(status.stdout.contains("Not arrived yet: the folder of 1 project, “My Novel”."), "\(status)")
    }

    @Test("undo of a change that overrode the other machine's, made at the same time, gives back the other machine's value on both, and says so")
    func undoGivesBackTheirs() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        // Each machine its own copy of the root, the tool delivering only when told: two changes made
        // at the same time.
        let laptopRoot: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/LaptopRoot"]
        let desktopRoot: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/DesktopRoot"]
        func deliver() throws {
            for (from, to) in [("LaptopRoot", "DesktopRoot"), ("DesktopRoot", "LaptopRoot")] {
                let logs = machines.sandbox.root + "/\(from)/.project/machines"
                let target = machines.sandbox.root + "/\(to)/.project/machines"
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                for log in try FileManager.default.contentsOfDirectory(atPath: logs) {
                    // Each log is written by its own machine only: the longer is the newer.
                    let theirs = try Data(contentsOf: URL(fileURLWithPath: logs + "/" + log))
                    let ours = FileManager.default.contents(atPath: target + "/" + log) ?? Data()
                    if theirs.count > ours.count { try theirs.write(to: URL(fileURLWithPath: target + "/" + log)) }
                }
            }
        }
        #expect(await machines.run("laptop", "add", "Winter", "--no-folder", environment: laptopRoot).status == 0)
        #expect(await machines.run("laptop", "sync", "--init", environment: laptopRoot).status == 0)
        try deliver()
        #expect(await machines.run("desktop", "list", environment: desktopRoot).status == 0)
        #expect(await machines.run("desktop", "edit", "Winter", "--details", "desktop blurb", environment: desktopRoot).status == 0)
        #expect(await machines.run("laptop", "edit", "Winter", "--details", "laptop blurb", environment: laptopRoot).status == 0)
        try deliver()
        #expect(await machines.run("desktop", "show", "Winter", environment: desktopRoot).stdout.contains("laptop blurb"))

        let undo = await machines.run("laptop", "undo", environment: laptopRoot)
        #expect(undo.status == 0, "\(undo)")
        #expect(undo.stdout.contains("“Winter” is back to the value set on desktop (details)"), "\(undo)")
        #expect(!undo.stdout.contains("cleared"), "\(undo)")
        try deliver()
        for (machine, root) in [("laptop", laptopRoot), ("desktop", desktopRoot)] {
            let shown = await machines.run(machine, "show", "Winter", environment: root).stdout
            #expect(shown.contains("desktop blurb"), "\(machine): \(shown)")
        }
    }
}
