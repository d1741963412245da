import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A store that is not a store any more (a crash of another program, a bad hand edit): refused, with
/// the way back named, and `history --rebuild` keeps the damaged file whole before rebuilding the
/// list from its history.
@Suite("a damaged store")
struct DamagedStoreTests {
    /// Three projects with a target and a move, then the store replaced by `damage`.
    private func damagedStore(_ damage: [UInt8]) async throws -> (Sandbox, export: String) {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha", "Beta")
        await sandbox.ok("add", "Gamma", "--type", "novel", "--details", "A long one")
        await sandbox.ok("edit", "Beta", "--target", "5000")
        #expect(await sandbox.run("move", "Gamma", "--top").status == 0)
        let export = await sandbox.ok("export").stdout
        try sandbox.writeStore(damage)
        return (sandbox, export)
    }

    private static let garbage = Array("{\"version\": 3, \"projects\": [ {\"id\": \"6b1f".utf8) + [0xFF, 0x00, 0x0A]

    /// The files kept beside the store, by name.
    private func keptFiles(_ sandbox: Sandbox) -> [String] {
        let folder = (sandbox.store as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("projects.json.damaged-") }.sorted().map { folder + "/" + $0 }
    }

    @Test("every command refuses with exit 3 and names history --rebuild, in every language, and the file is left as it is")
    func refusalNamesTheRecovery() async throws {
        let (sandbox, _) = try await damagedStore(Self.garbage)
        let recovery = [
            "C.UTF-8": "Or rebuild the list from its history: project history --rebuild",
            "fr_FR.UTF-8": "Ou reconstruisez la liste d’après son historique\u{A0}: project history --rebuild",
            "de_DE.UTF-8": "Oder stellen Sie die Liste aus ihrem Verlauf wieder her: project history --rebuild",
            "es_ES.UTF-8": "O reconstruye la lista a partir de su historial: project history --rebuild",
        ]
        for (language, words) in recovery {
            for command in [["list"], ["add", "Zeta"]] {
                let result = await sandbox.run(command, environment: ["LANG": language])
                #expect(result.status == 3, "\(result)")
                #expect(result.stderr.contains(sandbox.store) && result.stderr.contains(words), "\(language): \(result)")
            }
        }
        #expect(sandbox.storeBytes() == Self.garbage)
        #expect(keptFiles(sandbox).isEmpty)
    }

    @Test("history --rebuild keeps the damaged file byte for byte under a name that says so, and brings every project back")
    func rebuild() async throws {
        let (sandbox, export) = try await damagedStore(Self.garbage)
        let rebuilt = await sandbox.ok("history", "--rebuild")
        let kept = keptFiles(sandbox)
        try #require(kept.count == 1, "\(kept)")
        #expect(matches((kept[0] as NSString).lastPathComponent, #"^projects\.json\.damaged-[0-9]{8}T[0-9]{6}Z$"#), "\(kept)")
        #expect(FileManager.default.contents(atPath: kept[0]).map(Array.init) == Self.garbage)
        #expect(rebuilt.stdout == """
            The damaged store was set aside, as it was, in \(kept[0]).
            The list is rebuilt from its history: it holds 3 projects.

            """, "\(rebuilt)")
        #expect(await sandbox.ok("export").stdout == export)
        // The history goes on: undo takes back the move the history recorded last.
        await sandbox.ok("undo")
        #expect(await sandbox.userOrder() == ["Alpha", "Beta", "Gamma"])
    }

    @Test("a second damaged store is kept beside the first, which stays as it was")
    func neverOverwritesAnEarlierOne() async throws {
        let (sandbox, export) = try await damagedStore(Self.garbage)
        await sandbox.ok("history", "--rebuild")
        let second = Array("[1, 2,".utf8)
        try sandbox.writeStore(second)
        await sandbox.ok("history", "--rebuild")
        let kept = keptFiles(sandbox)
        try #require(kept.count == 2, "\(kept)")
        let contents = Set(kept.compactMap { FileManager.default.contents(atPath: $0).map(Array.init) })
        #expect(contents == [Self.garbage, second])
        #expect(await sandbox.ok("export").stdout == export)
    }

    @Test("without a history the damaged file is kept all the same, and the list starts empty")
    func withoutHistory() async throws {
        let (sandbox, _) = try await damagedStore(Self.garbage)
        #expect(unlink(sandbox.store + ".history") == 0)
        let rebuilt = await sandbox.ok("history", "--rebuild")
        let kept = keptFiles(sandbox)
        try #require(kept.count == 1, "\(kept)")
        #expect(FileManager.default.contents(atPath: kept[0]).map(Array.init) == Self.garbage)
        #expect(rebuilt.stdout.contains("Its history records no change, so the list is now empty") && rebuilt.stdout.contains(kept[0]), "\(rebuilt)")
        #expect(await sandbox.names() == [])
    }

    @Test("a store from a newer version is not damaged: history --rebuild refuses and moves nothing")
    func newerIsNotDamaged() async throws {
        let newer = Array(exportDocument([DocumentProject(id: uuid("33333333", 3), name: "Future")], version: 5).utf8)
        let (sandbox, _) = try await damagedStore(newer)
        let result = await sandbox.run("history", "--rebuild")
        #expect(result.status == 3, "\(result)")
        #expect(!result.stderr.contains("--rebuild"), "\(result)")
        #expect(sandbox.storeBytes() == newer)
        #expect(keptFiles(sandbox).isEmpty)
    }
}
