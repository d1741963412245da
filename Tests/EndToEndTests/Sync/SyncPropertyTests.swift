import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Random changes on two or three machines sharing a root through git, synced in random orders:
/// afterwards every machine's export is the same, every project's folder is there on every machine
/// with every file the test wrote, and no project or name is there twice.
@Suite("sync: random changes on several machines")
struct SyncPropertyTests {
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("every machine ends with the same list and every file", arguments: [11, 12, 13])
    func converge(seed: Int) async throws {
        var random = Random(state: UInt64(seed) &* 2654435761)
        let names = ["laptop", "desktop", "tablet"].prefix(2 + random.next(2)).map { $0 }
        let machines = try SyncMachines()
        for name in names { await machines.named(name) }
        await machines.ok(names[0], "add", "Seed")
        await machines.ok(names[0], "sync", "--init", machines.remote)
        for name in names.dropFirst() { await machines.ok(name, "sync", "--join", machines.remote) }
        var written: [String] = []
        let words = ["Winter", "Spring", "Summer", "Autumn", "Letters", "Odes"]
        for step in 0..<24 {
            let machine = names[random.next(names.count)]
            let list = await machines.names(machine)
            let pick = list.isEmpty ? nil : list[random.next(list.count)]
            switch random.next(7) {
            case 0: await machines.run(machine, "add", words[random.next(words.count)] + " \(step)")
            case 1: if let pick { await machines.run(machine, "rename", pick, words[random.next(words.count)] + " \(step)") }
            case 2: if let pick { await machines.run(machine, "edit", pick, "--details", "step \(step)") }
            case 3: if let pick, list.count > 1 { await machines.run(machine, "move", pick, "--top") }
            case 4: if let pick, list.count > 2 { await machines.run(machine, "delete", pick, "--yes") }
            case 5:
                if let pick {
                    let folder = (await machines.run(machine, "path", pick)).stdout.trimmingCharacters(in: .newlines)
                    let text = "Written on \(machine) at step \(step).\n"
                    if !folder.isEmpty, FileManager.default.fileExists(atPath: folder) {
                        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/note \(step).md"))
                        written.append(text)
                    }
                }
            default: await machines.ok(machine, "sync")
            }
        }
        for _ in 0..<2 { for name in names { await machines.ok(name, "sync") } }
        let export = await machines.export(names[0])
        for name in names {
            #expect(await machines.export(name) == export, "seed \(seed): \(name)")
            #expect(!machines.gitInProgress(name))
            let texts = Set(machines.files(name).compactMap { machines.read(name, $0) })
            for text in written { #expect(texts.contains(text), "seed \(seed): \(name) lost “\(text)”") }
            let list = await machines.ok(name, "list", "--json").stdout
            let projects = (try JSONSerialization.jsonObject(with: Data(list.utf8))) as? [[String: Any]] ?? []
            #expect(Set(projects.compactMap { $0["id"] as? String }).count == projects.count)
            #expect(Set(projects.compactMap { ($0["name"] as? String)?.lowercased() }).count == projects.count)
            for project in projects {
                guard let folder = project["folder"] as? String else { continue }
                var isFolder: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue,
                        "seed \(seed): \(name) lacks \(folder)")
            }
        }
    }
}
