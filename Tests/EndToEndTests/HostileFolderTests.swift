import Foundation
import Testing

/// Hostile documents through the real binary: an import or a store edited by hand naming folders
/// outside the root never makes the tool rename or trash them. Everything outside the root is
/// compared byte for byte before and after.
@Suite("folders outside the root: never moved because a file said so")
struct HostileFolderTests {
    /// Every folder and file under `folder`, with each file's bytes.
    private func snapshot(_ folder: String) -> [String: Data?] {
        var entries: [String: Data?] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            entries[path] = FileManager.default.contents(atPath: folder + "/" + path)
        }
        return entries
    }

    /// Two folders of the writer's beside the root, each holding a chapter.
    private func victims(in sandbox: Sandbox) throws -> String {
        let outside = sandbox.root + "/outside"
        for name in ["victim", "other"] {
            try FileManager.default.createDirectory(atPath: outside + "/" + name, withIntermediateDirectories: true)
            try Data("Chapter one of \(name).\n".utf8).write(to: URL(fileURLWithPath: outside + "/\(name)/one.md"))
        }
        return outside
    }

    private func document(_ folder: String, name: String = "Trojan") -> String {
        let escaped = folder.replacingOccurrences(of: "/", with: "\\/")
        return """
        {"version":3,"projects":[{"id":"22222222-1111-1111-1111-111111111111","name":"\(name)","type":"blank",\
        "created":"2026-01-01T00:00:00.000Z","position":1,"folder":"\(escaped)","managed":true}]}
        """
    }

    @Test("an import whose folder climbs out of the root with .. is refused (exit 1), and nothing changes")
    func importClimbingOut() async throws {
        let sandbox = try Sandbox()
        let outside = try victims(in: sandbox)
        await sandbox.ok("add", "Here")
        let store = sandbox.storeBytes()
        let before = snapshot(outside)
        for folder in ["../outside/victim", sandbox.root + "/Writing/../outside/victim", ".trash/Here"] {
            let result = await sandbox.run(["import", "-"], stdin: Array(document(folder).utf8))
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(folder), "\(result)")
        }
        let french = await sandbox.run(["import", "-"], stdin: Array(document("../outside/victim").utf8), environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.status == 1 && french.stderr.contains("remonte d’un niveau"), "\(french)")
        #expect(sandbox.storeBytes() == store)
        #expect(snapshot(outside) == before)
    }

    @Test("an imported folder outside the root is the writer's own: rename and delete leave it as it was")
    func importOutsideTheRoot() async throws {
        let sandbox = try Sandbox()
        let outside = try victims(in: sandbox)
        let before = snapshot(outside)
        await sandbox.ok("import", "-", stdin: Array(document(outside + "/victim").utf8))
        let exported = await sandbox.ok("export")
        #expect(exported.stdout.contains("\"managed\": false"), "\(exported)")
        let renamed = await sandbox.ok("rename", "Trojan", "Renamed Trojan")
        #expect(renamed.stdout.contains(outside + "/victim"), "\(renamed)")
        await sandbox.ok("delete", "Renamed Trojan", "--yes")
        #expect(snapshot(outside) == before)
        #expect(!FileManager.default.fileExists(atPath: outside + "/.trash"))
    }

    @Test("a store edited by hand: .. is refused (exit 3), an absolute managed folder is never moved")
    func storeEditedByHand() async throws {
        let sandbox = try Sandbox()
        let outside = try victims(in: sandbox)
        let before = snapshot(outside)
        let climbing = document("../outside/victim").replacingOccurrences(of: "\"position\":1,", with: "")
        try sandbox.writeStore(Array(climbing.utf8))
        for arguments in [["list"], ["rename", "Trojan", "Renamed"], ["delete", "Trojan", "--yes"]] {
            let result = await sandbox.run(arguments)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("../outside/victim"), "\(result)")
        }
        try sandbox.writeStore(Array(document(outside + "/other").utf8))
        await sandbox.ok("rename", "Trojan", "Renamed")
        await sandbox.ok("delete", "Renamed", "--yes")
        #expect(snapshot(outside) == before)
    }

    @Test("another machine's log naming folders outside the root moves nothing here")
    func hostileLog() async throws {
        let machines = try SyncMachines()
        let outside = try victims(in: machines.sandbox)
        let before = snapshot(outside)
        await machines.named("laptop", "desktop")
        let root: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/Shared"]
        #expect(await machines.run("laptop", "add", "Here", environment: root).status == 0)
        #expect(await machines.run("laptop", "sync", "--init", environment: root).status == 0)
        // The desktop writes its log as the tool does; then someone edits that log by hand.
        let other = document("Benign Too", name: "Other")
            .replacingOccurrences(of: "22222222-1111-1111-1111-111111111111", with: "33333333-1111-1111-1111-111111111111")
        for (text, file) in [(document("Benign"), "a.json"), (other, "b.json")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: machines.sandbox.root + "/" + file))
            #expect(await machines.run("desktop", "import", machines.sandbox.root + "/" + file, environment: root).status == 0)
        }
        let logs = machines.sandbox.root + "/Shared/.project/machines"
        for log in try FileManager.default.contentsOfDirectory(atPath: logs) {
            let path = logs + "/" + log
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard text.contains("Benign") else { continue }
            let hostile = text
                .replacingOccurrences(of: "\"Benign\"", with: "\"" + outside + "/victim\"")
                .replacingOccurrences(of: "\"Benign Too\"", with: "\"../outside/other\"")
            #expect(hostile != text)
            try Data(hostile.utf8).write(to: URL(fileURLWithPath: path))
        }
        let listed = await machines.run("laptop", "list", "--json", environment: root)
        #expect(listed.status == 0 && listed.stdout.contains("Trojan") && listed.stdout.contains("Other"), "\(listed)")
        for name in ["Trojan", "Other"] {
            #expect(await machines.run("laptop", "rename", name, name + " Renamed", environment: root).status == 0)
            #expect(await machines.run("laptop", "delete", name + " Renamed", "--yes", environment: root).status == 0)
        }
        #expect(snapshot(outside) == before)
    }
}
