import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// With `--json`, an error is also a JSON object on standard output, for every command that has
/// `--json`; the exit status and the words on the error output stay as they are.
@Suite struct ErrorJSONTests {
    private func jsonError(in output: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any]? {
        let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        #expect(object?.keys.sorted() == ["error"], "\(output)", sourceLocation: sourceLocation)
        return object?["error"] as? [String: Any]
    }

    @Test func aRefusalIsAnObjectWithItsCodeMessageAndStatus() throws {
        let harness = try ToolHarness()
        harness.add("Winter")
        let refused = harness.run(["show", "Summer", "--json"])
        #expect(refused.status == 1)
        let error = try #require(jsonError(in: refused.output))
        #expect(error["code"] as? String == "store.projectNotFound")
        #expect(error["status"] as? Int == 1)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("Summer") && !message.hasPrefix("Error:"), "\(message)")
        // The words stay on the error output, the same as without --json.
        #expect(refused.error == harness.run(["show", "Summer"]).error)
    }

    @Test func everyCommandWithJSONSaysItsErrorsSo() throws {
        let harness = try ToolHarness()
        let sync = harness.run(["sync", "--json"])
        #expect(sync.status == 1)
        #expect(jsonError(in: sync.output)?["code"] as? String == "sync.notShared")
        let history = harness.run(["history", "--json", "--clear"])
        #expect(history.status != 0)
        #expect(jsonError(in: history.output)?["status"] as? Int == Int(history.status))
    }

    @Test func aCommandLineRefusedByTheParserToo() throws {
        let harness = try ToolHarness()
        let usage = harness.run(["list", "--json", "--colour"])
        #expect(usage.status == 2)
        #expect(jsonError(in: usage.output)?["code"] as? String == "usage.unknownOption")
        // Without --json, nothing on standard output.
        #expect(harness.run(["list", "--colour"]).output.isEmpty)
    }

    @Test func theMessageIsInTheWritersLanguage() throws {
        let harness = try ToolHarness()
        var environment = harness.environment
        environment["LANG"] = "fr_FR.UTF-8"
        let refused = harness.run(["show", "Été", "--json"], environment: environment)
        let message = try #require(jsonError(in: refused.output)?["message"] as? String)
        #expect(message.contains("« Été »") || message.contains("«\u{00A0}Été\u{00A0}»"), "\(message)")
    }
}
