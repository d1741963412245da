import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

func permissions(_ path: String) -> mode_t? {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
}

@Suite("the store")
struct StoreTests {
    @Test("missing folders are created with mode 0700 and the store file with 0600")
    func createsFoldersAndFile() async throws {
        let sandbox = try Sandbox()
        let store = sandbox.root + "/deep/er/folders/projects.json"
        let result = await sandbox.run(["add", "First"], environment: ["PROJECT_STORE": store])
        #expect(result.status == 0, "\(result)")
        for folder in ["/deep", "/deep/er", "/deep/er/folders"] {
            #expect(permissions(sandbox.root + folder) == 0o700, "\(folder) mode \(String(permissions(sandbox.root + folder) ?? 0, radix: 8))")
        }
        #expect(permissions(store) == 0o600, "store mode \(String(permissions(store) ?? 0, radix: 8))")
        // Still private after further changes.
        #expect(await sandbox.run(["add", "Second"], environment: ["PROJECT_STORE": store]).status == 0)
        #expect(permissions(store) == 0o600)
        let data = try #require(FileManager.default.contents(atPath: store))
        let document = try #require(parseJSON([UInt8](data)) as? [String: Any])
        #expect(document["version"] as? Int == 3)
        #expect((document["projects"] as? [[String: Any]])?.map { $0["name"] as? String } == ["First", "Second"])
    }

    @Test("--store wins over PROJECT_STORE, before or after the command")
    func storeOption() async throws {
        let sandbox = try Sandbox()
        let other = sandbox.root + "/other/store.json"
        #expect(await sandbox.run("--store", other, "add", "Elsewhere").status == 0)
        #expect(await sandbox.run("add", "Also elsewhere", "--store=\(other)").status == 0)
        #expect(sandbox.storeBytes() == nil, "PROJECT_STORE's file must not be touched")
        #expect(await sandbox.names("--store", other) == ["Also elsewhere", "Elsewhere"])
        #expect(await sandbox.names() == [])
    }

    @Test("without PROJECT_STORE the store is under $XDG_DATA_HOME, else ~/.local/share, in a folder named for the tool")
    func defaultLocation() async throws {
        let sandbox = try Sandbox()
        let xdg = sandbox.root + "/xdg"
        let withXDG = await sandbox.run(["add", "In XDG"], environment: ["PROJECT_STORE": nil, "XDG_DATA_HOME": xdg])
        #expect(withXDG.status == 0, "\(withXDG)")
        let xdgFiles = (FileManager.default.enumerator(atPath: xdg)?.allObjects as? [String]) ?? []
        #expect(xdgFiles.contains { $0.hasPrefix("project/") && $0.hasSuffix(".json") }, "files under XDG_DATA_HOME: \(xdgFiles)")
        let withHome = await sandbox.run(["add", "In Home"], environment: ["PROJECT_STORE": nil])
        #expect(withHome.status == 0, "\(withHome)")
        let share = sandbox.root + "/.local/share"
        let homeFiles = (FileManager.default.enumerator(atPath: share)?.allObjects as? [String]) ?? []
        #expect(homeFiles.contains { $0.hasPrefix("project/") && $0.hasSuffix(".json") }, "files under ~/.local/share: \(homeFiles)")
        let listed = await sandbox.run(["list", "--json"], environment: ["PROJECT_STORE": nil, "XDG_DATA_HOME": xdg])
        #expect((parseJSON(listed.stdoutBytes) as? [[String: Any]])?.map { $0["name"] as? String } == ["In XDG"])
    }

    @Test("a store that is not valid gives exit 3, names the file, and is left byte for byte", arguments: [
        "random bytes", "truncated JSON", "wrong shape", "duplicate names", "bad id",
    ])
    func invalidStore(_ kind: String) async throws {
        let sandbox = try Sandbox()
        var bytes: [UInt8]
        switch kind {
        case "random bytes":
            var generator = SeededRandom(seed: testSeed, test: "store: random bytes")
            bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[0] = 0xFF
        case "truncated JSON":
            bytes = Array(exportDocument(fixture).utf8.dropLast(40))
        case "wrong shape":
            bytes = Array("[1, 2, 3]\n".utf8)
        case "duplicate names":
            bytes = Array(exportDocument([
                DocumentProject(id: uuid("11111111", 1), name: "Twin"), DocumentProject(id: uuid("22222222", 2), name: "twin"),
            ]).utf8)
        default:
            bytes = Array(exportDocument([DocumentProject(id: "not-a-uuid", name: "X")]).utf8)
        }
        try sandbox.writeStore(bytes)
        for arguments in [["list"], ["add", "New"], ["show", "X"], ["sort", "user"], ["export"], ["delete", "X", "--yes"],
                          ["move", "X", "--top"], ["import", "-"], ["list", "--json"], ["sort"]] {
            let result = await sandbox.run(arguments, stdin: Array(exportDocument([]).utf8))
            #expect(result.status == 3, "\(kind):\n\(result)")
            if arguments.contains("--json") {
                // A script asking for JSON gets the error as JSON, naming the file too.
                let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: [String: Any]]
                #expect((object?["error"]?["message"] as? String)?.contains(sandbox.store) == true, "\(kind):\n\(result)")
                #expect(object?["error"]?["status"] as? Int == 3, "\(kind):\n\(result)")
            } else {
                #expect(result.stdout == "", "\(kind):\n\(result)")
            }
            #expect(result.stderr.contains(sandbox.store), "\(kind): the error should name the file:\n\(result)")
            #expect(sandbox.storeBytes() == bytes, "\(kind): \(arguments) changed the store")
        }
    }

    @Test("a store from a newer version gives exit 3 and is left untouched")
    func newerStore() async throws {
        let sandbox = try Sandbox()
        let text = exportDocument([DocumentProject(id: uuid("33333333", 3), name: "Future")], version: 5)
        let bytes = Array(text.utf8)
        try sandbox.writeStore(bytes)
        for arguments in [["list"], ["add", "New"], ["show", "Future"], ["sort", "date"], ["rename", "Future", "Past"]] {
            let result = await sandbox.run(arguments)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains(sandbox.store), "\(result)")
            #expect(sandbox.storeBytes() == bytes)
        }
    }

    @Test("a store path that is a folder gives exit 3")
    func storeIsAFolder() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.store, withIntermediateDirectories: true)
        #expect(await sandbox.run("list").status == 3)
        #expect(await sandbox.run("add", "X").status == 3)
    }

    @Test("a store locked for too long gives exit 3 with a busy message, not a hang")
    func busyStore() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Existing")
        let before = sandbox.storeBytes()
        let lock = open(sandbox.store + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX | LOCK_NB) == 0)
        let started = Date()
        let result = await sandbox.run(["add", "Blocked"], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("busy"), "\(result)")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(sandbox.storeBytes() == before)
        flock(lock, LOCK_UN)
        await sandbox.ok("add", "Unblocked")
    }

    @Test("changes from processes running at the same time are all kept")
    func concurrentWriters() async throws {
        let sandbox = try Sandbox()
        let count = 12
        await withTaskGroup(of: RunResult.self) { group in
            for index in 0..<count {
                group.addTask { await sandbox.run("add", "Writer \(index)") }
            }
            for await result in group {
                #expect(result.status == 0, "\(result)")
            }
        }
        #expect(Set(await sandbox.names()) == Set((0..<count).map { "Writer \($0)" }))
        #expect(await sandbox.listJSON("--sort", "user").map { $0["position"] as? Int } == Array(1...count))
    }
}
