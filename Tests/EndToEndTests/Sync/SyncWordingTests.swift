import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What `sync` and `history` say, with real git and a bare remote: a deleted project by its name, a
/// dropped edit said once, both values of a change that gave way, an undo by what it did, a failed
/// join as what is true of it, and errors as JSON with `--json`.
@Suite("what sync says")
struct SyncWordingTests {
    @Test("an edit to a project deleted elsewhere names the project, in sync and history, and is said to be dropped once")
    func deletedProjectByName() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("laptop", "delete", "Sonnets", "--yes")
        // One command, two fields, made after the deletion by the clock, without knowing of it.
        await machines.ok("desktop", "edit", "Sonnets", "--target", "500", "--details", "Fourteen lines")
        await machines.ok("desktop", "sync")
        let told = await machines.ok("laptop", "sync").stdout
        #expect(told.contains("From desktop: changed the details of “Sonnets” and set its target to 500 words"), "\(told)")
        let dropped = "“Sonnets” was deleted on laptop, so the change made to it on desktop was dropped."
        #expect(told.components(separatedBy: dropped).count == 2, "\(told)")
        let desktopTold = await machines.ok("desktop", "sync").stdout
        #expect(desktopTold.components(separatedBy: dropped).count == 2, "\(desktopTold)")
        for machine in ["laptop", "desktop"] {
            let history = await machines.ok(machine, "history").stdout
            #expect(history.contains("desktop  changed the details of “Sonnets” and set its target to 500 words (dropped"), "\(machine): \(history)")
        }
    }

    @Test("a change that gave way is said with its value and the value that held")
    func valuesThatGaveWay() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("laptop", "edit", "Sonnets", "--details", "laptop blurb")
        await machines.ok("desktop", "edit", "Sonnets", "--details", "desktop blurb")  // later by the clock
        let told = await machines.syncInTurn("laptop", "desktop").stdout
        #expect(told.contains(
            "“Sonnets” was changed on laptop and on desktop at once (details): the later value, “desktop blurb” from desktop, holds; “laptop blurb” from laptop gave way."),
            "\(told)")
        #expect(!told.contains("The details of"), "\(told)")
    }

    @Test("with --json, a change that gave way carries both values: the one that held and the one that gave way")
    func valuesThatGaveWayAsJSON() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("laptop", "edit", "Sonnets", "--details", "laptop blurb", "--target", "300")
        await machines.ok("desktop", "edit", "Sonnets", "--details", "desktop blurb")
        await machines.ok("desktop", "edit", "Sonnets", "--target", "500", "--due", "2027-03-31")
        await machines.ok("laptop", "edit", "Sonnets", "--due", "2027-01-15")  // later by the clock: it holds
        await machines.ok("laptop", "sync")
        let told = await machines.ok("desktop", "sync", "--json").stdout
        let object = try #require((try JSONSerialization.jsonObject(with: Data(told.utf8))) as? [String: Any], "\(told)")
        let overridden = try #require(object["overridden"] as? [[String: Any]], "\(told)")
        func entry(_ field: String) -> [String: Any]? { overridden.first { $0["field"] as? String == field } }
        let details = try #require(entry("details"), "\(told)")
        #expect(details["name"] as? String == "Sonnets" && details["wonOn"] as? String == "desktop" && details["lostOn"] as? String == "laptop")
        #expect(details["held"] as? String == "desktop blurb" && details["gaveWay"] as? String == "laptop blurb", "\(details)")
        let target = try #require(entry("target"), "\(told)")
        #expect(target["held"] as? Int == 500 && target["gaveWay"] as? Int == 300, "\(target)")
        let due = try #require(entry("due"), "\(told)")
        #expect(due["held"] as? String == "2027-01-15" && due["gaveWay"] as? String == "2027-03-31" && due["wonOn"] as? String == "laptop", "\(due)")
    }

    @Test("an undo is sent and received as what it did, by name")
    func undoByName() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        await machines.ok("laptop", "delete", "Sonnets", "--yes")
        await machines.syncInTurn("laptop", "desktop")
        await machines.ok("laptop", "undo")
        let sent = await machines.ok("laptop", "sync").stdout
        #expect(sent.contains("Sent: brought back “Sonnets” (undo)"), "\(sent)")
        let received = await machines.ok("desktop", "sync").stdout
        #expect(received.contains("From laptop: brought back “Sonnets” (undo)"), "\(received)")
        #expect(!received.contains("changed 1 project"), "\(received)")
        await machines.ok("laptop", "redo")
        let redone = await machines.ok("laptop", "sync").stdout
        #expect(redone.contains("Sent: deleted “Sonnets” (redo)"), "\(redone)")
    }

    @Test("a join whose clone fails says the root is as it was and how to join again, never that changes are kept or a merge left")
    func failedJoin() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "Winter")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        // The remote's objects damaged: git cannot clone it.
        let objects = machines.remote + "/objects"
        let enumerator = FileManager.default.enumerator(atPath: objects)
        while let path = enumerator?.nextObject() as? String {
            let file = objects + "/" + path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue, path.count == 41 {
                chmod(file, 0o644)
                try Data("damaged".utf8).write(to: URL(fileURLWithPath: file))
            }
        }
        let joined = await machines.run("desktop", "sync", "--join", machines.remote)
        #expect(joined.status == 3, "\(joined)")
        #expect(joined.stderr.contains("Cannot clone \(machines.remote): "), "\(joined)")
        #expect(joined.stderr.contains("Nothing was changed: the root is as it was."), "\(joined)")
        #expect(joined.stderr.contains("project sync --join \(machines.remote)"), "\(joined)")
        #expect(!joined.stderr.contains("merge") && !joined.stderr.contains("kept here") && !joined.stderr.contains(".."), "\(joined)")
        #expect(!FileManager.default.fileExists(atPath: machines.root("desktop") + "/.git"))
        // A remote that does not exist: nothing changed, nothing said to be kept.
        let missing = await machines.run("desktop", "sync", "--join", machines.remote + "-missing")
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.stderr.contains("Cannot reach") && missing.stderr.contains("Nothing was changed") && !missing.stderr.contains("kept here") && !missing.stderr.contains(".."), "\(missing)")
    }

    @Test("with --json, sync's error is a JSON object on standard output, the exit status unchanged")
    func errorAsJSON() async throws {
        let machines = try SyncMachines()
        await machines.named("laptop")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        try FileManager.default.moveItem(atPath: machines.remote, toPath: machines.remote + ".away")
        let failed = await machines.run("laptop", "sync", "--json")
        #expect(failed.status == 3, "\(failed)")
        let object = try #require((try? JSONSerialization.jsonObject(with: Data(failed.stdout.utf8))) as? [String: Any], "\(failed)")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "sync.unreachable")
        #expect(error["status"] as? Int == 3)
        #expect((error["message"] as? String)?.hasPrefix("Cannot reach \(machines.remote): ") == true, "\(error)")
        #expect(!((error["message"] as? String) ?? "").contains(".."), "\(error)")
    }
}
