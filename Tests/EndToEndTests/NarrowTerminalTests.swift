import Foundation
import Testing

/// The built binary in a real pseudo-terminal with a small window: what it prints fits the window;
/// in a pipe and as JSON, nothing is cut.
@Suite("a narrow terminal")
struct NarrowTerminalTests {
    static let longName = "The " + String(repeating: "Endless ", count: 31) + "Summer"

    /// Every line the session showed, measured in characters: the texts here are one cell a character.
    func expectFits(_ result: TerminalResult, _ columns: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let lines = result.terminal.split(separator: "\n")
        #expect(!lines.isEmpty, "\(result)", sourceLocation: sourceLocation)
        for line in lines {
            #expect(line.count <= columns, "wider than \(columns): \(line.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test("list fits the window, shortening a long name; a pipe and JSON keep it whole")
    func listFits() async throws {
        let sandbox = try Sandbox()
        let name = String(Self.longName.prefix(255))
        await sandbox.add("Harbour Lights", name, "Winter")
        for arguments in [["list"], ["list", "--sort", "user"]] {
            let session = try TerminalSession(sandbox, arguments, stdoutOnTerminal: true, columns: 60)
            let result = await session.finish()
            expectFits(result, 60)
            #expect(result.terminal.contains("The Endless Endless"), "\(result)")
            #expect(result.terminal.contains("…"), "\(result)")
            #expect(result.terminal.contains("Harbour Lights  "), "\(result)")
        }
        let json = try TerminalSession(sandbox, ["list", "--json"], stdoutOnTerminal: true, columns: 60)
        let jsonResult = await json.finish()
        #expect(jsonResult.terminal.contains(name), "JSON at a terminal is whole:\n\(jsonResult)")
        let piped = await sandbox.ok("list")
        #expect(piped.stdout.contains(name + "  "), "a pipe gets the whole name:\n\(piped)")
    }

    @Test("show and help break at spaces to fit 40 columns")
    func showAndHelpWrap() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Harbour Lights", "-d", "A sequel in which Anna returns to the harbour town where her father kept the light.")
        for arguments in [["show", "Harbour Lights"], ["help", "edit"], ["help"], ["edit", "--help"]] {
            let session = try TerminalSession(sandbox, arguments, stdoutOnTerminal: true, columns: 40)
            let result = await session.finish()
            expectFits(result, 40)
        }
        let shown = try TerminalSession(sandbox, ["show", "Harbour Lights"], stdoutOnTerminal: true, columns: 40)
        let shownResult = await shown.finish()
        // No word is cut at the edge.
        let words = shownResult.terminal.split(whereSeparator: { $0 == " " || $0 == "\n" })
        for word in ["sequel", "returns", "harbour", "father", "light."] {
            #expect(words.contains(Substring(word)), "\(word) is whole:\n\(shownResult)")
        }
        let piped = await sandbox.ok("show", "Harbour Lights")
        #expect(piped.stdout.contains("A sequel in which Anna returns to the harbour town where her father kept the light."))
    }
}
