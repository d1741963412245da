import Foundation
import Testing

@Suite("usage errors (exit 2)")
struct UsageErrorTests {
    func expectUsageError(_ sandbox: Sandbox, _ arguments: [String], mentioning words: [String] = [],
                          sourceLocation: SourceLocation = #_sourceLocation) async {
        let before = sandbox.storeBytes()
        let result = await sandbox.run(arguments)
        #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr != "", "\(result)", sourceLocation: sourceLocation)
        for word in words {
            #expect(result.stderr.contains(word), "the error should mention \(word):\n\(result)", sourceLocation: sourceLocation)
        }
        #expect(sandbox.storeBytes() == before, "a usage error must not change the store", sourceLocation: sourceLocation)
    }

    @Test("an unknown command suggests the closest one")
    func unknownCommand() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Something")
        await expectUsageError(sandbox, ["lst"], mentioning: ["lst", "list"])
        await expectUsageError(sandbox, ["delet", "Something"], mentioning: ["delete"])
        await expectUsageError(sandbox, ["frobnicate"], mentioning: ["frobnicate"])
        #expect(await sandbox.names() == ["Something"])
    }

    @Test("an unknown option")
    func unknownOption() async throws {
        let sandbox = try Sandbox()
        await expectUsageError(sandbox, ["list", "--frobnicate"], mentioning: ["--frobnicate"])
        await expectUsageError(sandbox, ["list", "-x"], mentioning: ["-x"])
        await expectUsageError(sandbox, ["add", "Name", "--yes"], mentioning: ["--yes"])
        await expectUsageError(sandbox, ["delete", "Name", "--force"], mentioning: ["--force"])
        await expectUsageError(sandbox, ["list", "--jsn"], mentioning: ["--json"])
    }

    @Test("a missing option value")
    func missingValue() async throws {
        let sandbox = try Sandbox()
        await expectUsageError(sandbox, ["add", "Name", "--type"], mentioning: ["--type"])
        await expectUsageError(sandbox, ["add", "Name", "-d"], mentioning: ["-d"])
        await expectUsageError(sandbox, ["list", "--sort"], mentioning: ["--sort"])
        await expectUsageError(sandbox, ["list", "--search"], mentioning: ["--search"])
        await expectUsageError(sandbox, ["move", "Name", "--before"], mentioning: ["--before"])
        await expectUsageError(sandbox, ["list", "--store"])
    }

    @Test("a missing or extra argument")
    func argumentCount() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("A", "B")
        await expectUsageError(sandbox, ["show", "A", "B"], mentioning: ["B"])
        await expectUsageError(sandbox, ["add", "A new", "project"], mentioning: ["project"])
        await expectUsageError(sandbox, ["types", "extra"], mentioning: ["extra"])
        await expectUsageError(sandbox, ["export", "extra"])
        await expectUsageError(sandbox, ["show"])
        await expectUsageError(sandbox, ["delete"])
        await expectUsageError(sandbox, ["rename"])
        await expectUsageError(sandbox, ["edit", "-d", "x"])
        await expectUsageError(sandbox, ["import"])
        await expectUsageError(sandbox, ["list", "--json=yes"])
        await expectUsageError(sandbox, ["show", "A", "--json=true"])
        #expect(await sandbox.names() == ["A", "B"])
    }

    @Test("add with no name and no terminal is a usage error")
    func addNoName() async throws {
        let sandbox = try Sandbox()
        await expectUsageError(sandbox, ["add"], mentioning: ["name"])
        await expectUsageError(sandbox, ["add", "-t", "novel", "-d", "details"])
        #expect(sandbox.storeBytes() == nil)
    }
}
