import Foundation
import Testing

@Suite("names")
struct NameRuleTests {
    /// Adds `second` after `first`; returns the result of the second add.
    func addPair(_ first: String, _ second: String) async throws -> (Sandbox, RunResult) {
        let sandbox = try Sandbox()
        await sandbox.ok("add", first)
        return (sandbox, await sandbox.run("add", second))
    }

    @Test("names differing only in letter case clash (exit 1), naming the existing project")
    func caseClash() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "My Novel")
        let before = sandbox.storeBytes()
        for clash in ["my novel", "MY NOVEL", "My Novel", "  my NOVEL "] {
            let result = await sandbox.run("add", clash)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout == "", "\(result)")
            #expect(result.stderr.contains("My Novel"), "\(result)")
        }
        #expect(sandbox.storeBytes() == before)
    }

    @Test("precomposed and decomposed accents clash; accented and unaccented names do not")
    func normalization() async throws {
        let precomposed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        for (first, second) in [(precomposed, decomposed), (decomposed, precomposed), ("\u{C9}t\u{E9}", "\u{E9}t\u{E9}"), ("E\u{301}te\u{301}", "\u{E9}t\u{E9}")] {
            let (sandbox, result) = try await addPair(first, second)
            #expect(result.status == 1, "\(first.unicodeScalars.map(\.value)) vs \(second.unicodeScalars.map(\.value)):\n\(result)")
            #expect(await sandbox.listJSON().count == 1)
        }
        let (sandbox, result) = try await addPair("Cafe", "Café")
        #expect(result.status == 0, "\(result)")
        #expect(await sandbox.run("add", "CAFÉ").status == 1)
        #expect(await sandbox.run("add", "cafe").status == 1)
        #expect(await sandbox.listJSON().count == 2)
        // Looking up by the other normalization finds the project.
        #expect(await sandbox.showJSON("cafe\u{301}")?["name"] as? String == "Café")
    }

    @Test("an empty or blank name is refused (exit 1), saying why", arguments: ["", " ", "   \t  "])
    func emptyName(_ name: String) async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("add", name)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.lowercased().contains("empty"), "\(result)")
        #expect(sandbox.storeBytes() == nil)
    }

    @Test("a name with a control character is refused (exit 1)", arguments: [
        "Tab\there", "Esc\u{1B}[31mape", "New\nline", "Carriage\rreturn", "Del\u{7F}ete", "C1\u{85}next", "Nul\u{1}l",
        "Csi\u{9B}31m",
    ])
    func controlCharacter(_ name: String) async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("add", name)
        #expect(result.status == 1, "\(name.debugDescription):\n\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("control"), "the error should say why:\n\(result)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                "the refused name must not reach the terminal raw:\n\(result.stderrBytes)")
        #expect(sandbox.storeBytes() == nil)
    }

    @Test("255 characters are accepted, 256 refused (exit 1)")
    func length() async throws {
        let sandbox = try Sandbox()
        let longest = String(repeating: "a", count: 254) + "z"
        await sandbox.ok("add", longest)
        #expect(await sandbox.names() == [longest])
        let tooLong = String(repeating: "b", count: 256)
        let result = await sandbox.run("add", tooLong)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("255"), "\(result)")
        // Counted in characters, not bytes: 255 accented or wide characters are fine.
        await sandbox.ok("add", String(repeating: "é", count: 255))
        await sandbox.ok("add", String(repeating: "語", count: 255))
        #expect(await sandbox.run("add", String(repeating: "語", count: 256)).status == 1)
        #expect(await sandbox.run("rename", longest, tooLong).status == 1)
        #expect(await sandbox.names().count == 3)
    }

    @Test("names are stored trimmed")
    func trimmed() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "   Padded Name  ")
        await sandbox.ok("add", "\tTabbed\t")
        #expect(await sandbox.userOrder() == ["Padded Name", "Tabbed"])
        #expect(await sandbox.run("add", "Padded Name").status == 1)
        await sandbox.ok("rename", "Tabbed", "  Renamed  ")
        #expect(await sandbox.userOrder() == ["Padded Name", "Renamed"])
        let inner = "Two  spaces"
        await sandbox.ok("add", inner)
        #expect(await sandbox.userOrder().last == inner, "inner white space is kept")
    }

    @Test("names may be any other Unicode text")
    func unicode() async throws {
        let sandbox = try Sandbox()
        let names = ["東京物語", "📚 Books", "Ünïcödé", "«Guillemets»", "naïve—dash", "-dash-start"]
        for name in names {
            let result = await sandbox.run(["add", "--", name])
            #expect(result.status == 0, "\(result)")
        }
        #expect(await sandbox.userOrder() == names)
    }
}
