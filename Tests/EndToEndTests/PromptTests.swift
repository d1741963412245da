import Foundation
import Testing

/// Prompts, answered through a pseudo-terminal.
@Suite("prompts on a terminal")
struct PromptTests {
    /// The exact English confirmation, with the typographic quotes of Localization/en.messages.
    static func deletePrompt(_ name: String) -> String {
        "Delete \u{201C}\(name)\u{201D}? Its folder"
    }

    /// Declining is an answer, not an error: as `rm -i` and git's own questions, exit 0.
    @Test("delete asks, saying that undo brings it back; n keeps the project, says nothing changed (exit 0)")
    func deleteAnsweredNo() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep Me", "Other")
        let before = sandbox.storeBytes()
        let session = try TerminalSession(sandbox, ["delete", "keep me"])
        await session.waitFor(Self.deletePrompt("Keep Me"))
        await session.waitFor("'project undo' brings both back. [y/N]")
        session.type("n\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.terminal.contains("Nothing was changed: \u{201C}Keep Me\u{201D} is kept."), "\(result)")
        #expect(!result.terminal.contains("Error"), "\(result)")
        #expect(!result.stdout.contains("Its folder"), "the prompt belongs on standard error:\n\(result)")
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.userOrder() == ["Keep Me", "Other"])
    }

    @Test("delete asks; only an explicit yes deletes", arguments: ["", "no", "x", "maybe"])
    func deleteAnsweredOther(_ answer: String) async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep Me")
        let session = try TerminalSession(sandbox, ["delete", "Keep Me"])
        await session.waitFor(Self.deletePrompt("Keep Me"))
        session.type(answer + "\n")
        let result = await session.finish()
        #expect(result.status == 0, "answer \(answer.debugDescription):\n\(result)")
        #expect(await sandbox.names() == ["Keep Me"])
    }

    @Test("delete asks; y deletes (exit 0)", arguments: ["y", "Y", "yes", "YES"])
    func deleteAnsweredYes(_ answer: String) async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Old Draft", "Stays")
        let session = try TerminalSession(sandbox, ["delete", "Old Draft"])
        await session.waitFor(Self.deletePrompt("Old Draft"))
        session.type(answer + "\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Old Draft"), "the result goes to standard output:\n\(result)")
        #expect(await sandbox.userOrder() == ["Stays"])
        #expect(await sandbox.showJSON("Stays")?["position"] as? Int == 1)
    }

    @Test("delete --yes on a terminal does not ask")
    func deleteYesOnTerminal() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Gone")
        let session = try TerminalSession(sandbox, ["delete", "Gone", "--yes"])
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(!result.terminal.contains("[y/N]"), "\(result)")
        #expect(await sandbox.names() == [])
    }

    @Test("end of input at the delete prompt cancels (exit 1)")
    func deleteEndOfInput() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep Me")
        let before = sandbox.storeBytes()
        let session = try TerminalSession(sandbox, ["delete", "Keep Me"])
        await session.waitFor("[y/N]")
        session.typeEndOfInput()
        let result = await session.finish()
        #expect(result.status == 1, "\(result)")
        #expect(sandbox.storeBytes() == before)
    }

    @Test("add with no name asks for the name, the kind (numbered menu) and the details")
    func addPrompts() async throws {
        let sandbox = try Sandbox()
        let session = try TerminalSession(sandbox, ["add"])
        await session.waitFor("Name:")
        session.type("  Prompted Novel \n")
        await session.waitFor("2) Novel")
        await session.waitFor("Choose")
        session.type("2\n")
        await session.waitFor("Details")
        session.type("Typed at the prompt\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Prompted Novel"), "\(result)")
        #expect(!result.stdout.contains("Name:") && !result.stdout.contains("Details"), "prompts belong on standard error:\n\(result)")
        for (number, kind) in [(1, "Blank"), (2, "Novel"), (3, "Poetry"), (4, "Script"), (5, "Short story")] {
            #expect(result.terminal.contains("\(number)) \(kind)"), "the menu should offer \(number)) \(kind):\n\(result)")
        }
        let project = try #require(await sandbox.showJSON("Prompted Novel"))
        #expect(project["name"] as? String == "Prompted Novel")
        #expect(project["type"] as? String == "novel")
        #expect(project["details"] as? String == "Typed at the prompt")
    }

    @Test("the kind menu re-asks after an invalid answer; Enter takes blank and no details")
    func kindMenu() async throws {
        let sandbox = try Sandbox()
        let session = try TerminalSession(sandbox, ["add"])
        await session.waitFor("Name:")
        session.type("Verses\n")
        await session.waitFor("Choose")
        session.type("9\n")
        await session.waitFor("Choose")
        session.type("3\n")
        await session.waitFor("Details")
        session.type("\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(await sandbox.showJSON("Verses")?["type"] as? String == "poetry")
        #expect(await sandbox.showJSON("Verses")?["details"] is NSNull)

        let second = try TerminalSession(sandbox, ["add"])
        await second.waitFor("Name:")
        second.type("Plain\n")
        await second.waitFor("Choose")
        second.type("\n")
        await second.waitFor("Details")
        second.type("\n")
        #expect(await second.finish().status == 0)
        #expect(await sandbox.showJSON("Plain")?["type"] as? String == "blank")
    }

    @Test("add with --type and --details on a terminal asks only for the name")
    func addAsksOnlyForName() async throws {
        let sandbox = try Sandbox()
        let session = try TerminalSession(sandbox, ["add", "-t", "script", "-d", "given"])
        await session.waitFor("Name:")
        session.type("Screenplay\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        let project = try #require(await sandbox.showJSON("Screenplay"))
        #expect(project["type"] as? String == "script")
        #expect(project["details"] as? String == "given")
    }

    @Test("a duplicate name at the prompt is explained and another name is asked for")
    func duplicateAtPrompt() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Taken")
        let session = try TerminalSession(sandbox, ["add"])
        await session.waitFor("Name:")
        session.type("TAKEN\n")
        await session.waitFor("Choose")
        session.type("1\n")
        await session.waitFor("Details")
        session.type("\n")
        await session.waitFor("Taken")
        await session.waitFor("Another name:")
        session.type("Fresh\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(await sandbox.userOrder() == ["Taken", "Fresh"])
    }

    @Test("a refused name given on the command line is followed by a prompt on a terminal")
    func refusedArgumentRetries() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Taken")
        let session = try TerminalSession(sandbox, ["add", "taken", "-t", "novel"])
        await session.waitFor("Another name:")
        session.type("   \n")
        await session.waitFor("empty")
        await session.waitFor("Another name:")
        session.type("Tab\there\n")
        await session.waitFor("Another name:")
        session.type("Second Try\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(await sandbox.userOrder() == ["Taken", "Second Try"])
        #expect(await sandbox.showJSON("Second Try")?["type"] as? String == "novel")
    }

    @Test("rename without a new name asks for it on a terminal")
    func renamePrompt() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Old Title", "Other")
        let session = try TerminalSession(sandbox, ["rename", "old title"])
        await session.waitFor("Old Title")
        session.type("other\n")
        await session.waitFor("Another name:")
        session.type("New Title\n")
        let result = await session.finish()
        #expect(result.status == 0, "\(result)")
        #expect(await sandbox.userOrder() == ["New Title", "Other"])
    }

    @Test("end of input at the name prompt cancels (exit 1) and nothing changes")
    func addEndOfInput() async throws {
        let sandbox = try Sandbox()
        let session = try TerminalSession(sandbox, ["add"])
        await session.waitFor("Name:")
        session.typeEndOfInput()
        let result = await session.finish()
        #expect(result.status == 1, "\(result)")
        #expect(sandbox.storeBytes() == nil)

        await sandbox.add("Taken")
        let before = sandbox.storeBytes()
        let retry = try TerminalSession(sandbox, ["add", "Taken"])
        await retry.waitFor("Another name:")
        retry.typeEndOfInput()
        let retryResult = await retry.finish()
        #expect(retryResult.status == 1, "\(retryResult)")
        #expect(sandbox.storeBytes() == before)

        let details = try TerminalSession(sandbox, ["add"])
        await details.waitFor("Name:")
        details.type("Half Done\n")
        await details.waitFor("Choose")
        details.type("2\n")
        await details.waitFor("Details")
        details.typeEndOfInput()
        let detailsResult = await details.finish()
        #expect(detailsResult.status == 1, "\(detailsResult)")
        #expect(sandbox.storeBytes() == before)
    }

    @Test("hanging up the terminal at a prompt cancels (exit 1) and nothing changes")
    func hangUp() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep Me")
        let before = sandbox.storeBytes()
        let session = try TerminalSession(sandbox, ["delete", "Keep Me"])
        await session.waitFor("[y/N]")
        session.hangUp()
        let result = await session.finish()
        #expect(result.status == 1, "\(result)")
        #expect(sandbox.storeBytes() == before)

        let add = try TerminalSession(sandbox, ["add"])
        await add.waitFor("Name:")
        add.hangUp()
        let addResult = await add.finish()
        #expect(addResult.status == 1, "\(addResult)")
        #expect(sandbox.storeBytes() == before)
    }
}
