import Foundation
import Testing

/// Names that hide what they are, and names Windows keeps for devices, through the real binary.
@Suite("names that hide what they are")
struct HiddenNameTests {
    @Test("a name with a zero-width or bidirectional character is refused (exit 1), naming the character, in every language",
          arguments: [("zero\u{200B}width", "U+200B ZERO WIDTH SPACE"), ("evil\u{202E}txt.exe", "U+202E RIGHT-TO-LEFT OVERRIDE"),
                      ("\u{2066}isolate", "U+2066 LEFT-TO-RIGHT ISOLATE"), ("soft\u{AD}hyphen", "U+00AD SOFT HYPHEN")])
    func invisibleCharacters(_ name: String, _ character: String) async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "zerowidth")
        let before = sandbox.storeBytes()
        for language in ["C.UTF-8", "fr_FR.UTF-8", "de_DE.UTF-8", "es_ES.UTF-8"] {
            for arguments in [["add", name], ["rename", "zerowidth", name]] {
                let result = await sandbox.run(arguments, environment: ["LANG": language])
                #expect(result.status == 1, "\(result)")
                #expect(result.stderr.contains(character), "\(result)")
                #expect(!result.stderr.unicodeScalars.contains { $0.properties.isDefaultIgnorableCodePoint }, "\(result)")
            }
        }
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.names() == ["zerowidth"])
    }

    @Test("a project named like a Windows device gets a folder Windows can hold")
    func deviceNames() async throws {
        let sandbox = try Sandbox()
        for name in ["CON", "nul.txt", "Com1", "LPT9.draft"] { await sandbox.ok("add", name) }
        let folders = try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/Writing").sorted()
        #expect(folders == ["CON-", "Com1-", "LPT9-.draft", "nul-.txt"])
    }
}
