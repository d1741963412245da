import Foundation
import Testing

/// Versions travelling with a shared root through real git and a bare remote on disk: two machines
/// that snapshot one file while apart both keep their version, and number them alike after sync.
@Suite("versions through git")
struct VersionsSyncTests {
    @Test("two machines snapshot one file at once: both kept, the same numbers and ids everywhere, no conflict copy")
    func twoMachinesAtOnce() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        let chapter = "My Novel/Chapters/One.md"
        try machines.write("laptop", chapter, "The laptop's first words.\n")
        await machines.ok("laptop", "snapshot", "My Novel", "Chapters/One.md", "-m", "start")
        await machines.syncInTurn("laptop", "desktop")
        // Apart: each changes the chapter and keeps a version of it.
        try machines.write("laptop", chapter, "The laptop's second words.\n")
        await machines.ok("laptop", "snapshot", "My Novel", "Chapters/One.md", "-m", "laptop")
        try machines.write("desktop", chapter, "The desktop's words.\n")
        await machines.ok("desktop", "snapshot", "My Novel", "Chapters/One.md", "-m", "desktop")
        await machines.syncInTurn("laptop", "desktop")
        await machines.syncInTurn("laptop", "desktop")
        let laptop = try Self.versions(await machines.ok("laptop", "versions", "My Novel", "Chapters/One.md", "--json"))
        let desktop = try Self.versions(await machines.ok("desktop", "versions", "My Novel", "Chapters/One.md", "--json"))
        #expect(laptop.count == 3)
        #expect(laptop.map(\.number) == [3, 2, 1])
        #expect(laptop.map(\.id) == desktop.map(\.id))
        #expect(Set(laptop.map(\.note)) == ["start", "laptop", "desktop"])
        #expect(laptop.last?.note == "start")
        // Each kept text arrived with its record, readable on both machines.
        for version in desktop { #expect(FileManager.default.fileExists(atPath: version.path), "\(version.path)") }
        // Each machine wrote its own file of records, so git had none of ours to keep twice (the
        // chapter itself, changed on both, is kept twice, as any writer's file is).
        let shelf = machines.files("laptop").filter { $0.hasPrefix("My Novel/.versions/") }
        #expect(shelf.filter { $0.hasPrefix("My Novel/.versions/machines/") }.count == 2, "\(shelf)")
        #expect(!shelf.contains { $0.contains("conflicted copy") }, "\(shelf)")
        #expect(shelf.filter { $0.hasPrefix("My Novel/.versions/texts/") }.count == 3, "\(shelf)")
    }

    @Test("a kept text that sync brings is read-only on the machine it reaches, by a merge or a join")
    func arrivedTextsAreReadOnly() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        let chapter = "My Novel/Chapters/One.md"
        try machines.write("laptop", chapter, "The laptop's first words.\n")
        await machines.ok("laptop", "snapshot", "My Novel", "Chapters/One.md")
        try machines.write("laptop", "My Novel/.versions/README.md", "Not a kept text.\n")
        await machines.syncInTurn("laptop", "desktop")
        await machines.named("tablet")
        await machines.ok("tablet", "sync", "--join", machines.remote)
        for machine in ["desktop", "tablet"] {
            let texts = machines.files(machine).filter { $0.hasPrefix("My Novel/.versions/texts/") }
            #expect(texts.count == 1, "\(machine): \(texts)")
            for text in texts {
                let path = machines.root(machine) + "/" + text
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
                #expect(mode == 0o444, "\(machine): \(text) has mode \(String(mode, radix: 8))")
                #expect(try String(contentsOfFile: path, encoding: .utf8) == "The laptop's first words.\n")
            }
            // Only kept texts: another file of the shelf keeps the mode git gave it.
            let other = try FileManager.default.attributesOfItem(atPath: machines.root(machine) + "/My Novel/.versions/README.md")
            #expect((other[.posixPermissions] as? Int ?? 0) & 0o200 != 0, "\(machine)")
        }
        // The read-only text goes on syncing: a second version travels, the first stays as it was.
        try machines.write("laptop", chapter, "The laptop's second words.\n")
        await machines.ok("laptop", "snapshot", "My Novel", "Chapters/One.md")
        await machines.syncInTurn("laptop", "desktop")
        let listed = try Self.versions(await machines.ok("desktop", "versions", "My Novel", "Chapters/One.md", "--json"))
        #expect(listed.count == 2)
        #expect(machines.files("desktop").filter { $0.hasPrefix("My Novel/.versions/texts/") }.count == 2)
    }

    struct Listed {
        let number: Int
        let id: String
        let note: String
        let path: String
    }

    static func versions(_ result: RunResult) throws -> [Listed] {
        let object = try #require(parseJSON(result.stdoutBytes) as? [String: Any])
        let list = try #require(object["versions"] as? [[String: Any]])
        return list.map {
            Listed(number: $0["number"] as? Int ?? 0, id: $0["id"] as? String ?? "", note: $0["note"] as? String ?? "", path: $0["path"] as? String ?? "")
        }
    }
}
