import Foundation
import Testing

/// A file rewritten on two machines: the machine that merges second keeps both and says so; the
/// machine whose text went into the conflict copy is told too, on its next sync. Real git, a bare remote.
@Suite("Sync: the machine whose file lost a conflict is told")
struct ConflictToldTests {
    @Test("the machine whose version became the conflict copy is told on its next sync which file, and where its text now is; once")
    func losingMachineTold() async throws {
        for json in [false, true] {
            let machines = try SyncMachines()
            await machines.named("laptop", "desktop")
            await machines.ok("laptop", "add", "My Novel", "--type", "novel")
            await machines.ok("laptop", "sync", "--init", machines.remote)
            await machines.ok("desktop", "sync", "--join", machines.remote)
            try machines.write("laptop", "My Novel/One.md", "The laptop's words.\n")
            await machines.ok("laptop", "sync")
            await machines.ok("desktop", "sync")
            try machines.write("laptop", "My Novel/One.md", "The laptop's second words.\n")
            try machines.write("desktop", "My Novel/One.md", "The desktop's words.\n")
            await machines.ok("laptop", "sync")
            await machines.ok("desktop", "sync")
            let copy = try #require(machines.files("desktop").first { $0.hasPrefix("My Novel/One (conflicted copy from laptop, ") },
                                    "\(machines.files("desktop"))")
            let told = json ? await machines.ok("laptop", "sync", "--json") : await machines.ok("laptop", "sync")
            #expect(machines.read("laptop", copy) == "The laptop's second words.\n")
            if json {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(told.stdout.utf8)) as? [String: Any], "\(told)")
                let moved = object["ownVersionsMoved"] as? [[String: String]]
                #expect(moved == [["path": "My Novel/One.md", "copy": copy, "keptBy": "desktop"]], "\(told)")
            } else {
                #expect(told.stdout.contains(
                    "My Novel/One.md was changed here and on desktop, which kept both: your version is now \(copy), and My Novel/One.md holds the version from desktop."),
                    "\(told)")
            }
            // Said once: the next sync has nothing to tell.
            let again = await machines.ok("laptop", "sync")
            #expect(!again.stdout.contains("your version is now"), "\(again)")
            // The machine that kept both is not told its own merge as a loss.
            let desktopAgain = await machines.ok("desktop", "sync")
            #expect(!desktopAgain.stdout.contains("your version is now"), "\(desktopAgain)")
        }
    }
}
