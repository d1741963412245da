import Foundation
import Testing
@testable import ProjectCLI

@Suite("root")
struct RootCommandTests {
    @Test("root prints the path alone for scripts, and on a terminal says where it comes from")
    func sayWhereItComesFrom() throws {
        let tool = try ToolHarness()
        let piped = tool.run(["root"])
        #expect(piped.status == 0)
        #expect(piped.output == tool.root + "\n")
        let shown = tool.run(["root"], outputIsTerminal: true)
        #expect(shown.output == tool.root + "\n(from PROJECT_ROOT)\n")
        let home = tool.folder + "/home"
        let byDefault = tool.run(["root"], outputIsTerminal: true, environment: ["PROJECT_STORE": tool.storePath, "HOME": home])
        #expect(byDefault.output.hasSuffix("(the default: ~/Writing; change it with 'project root <folder>')\n"), "\(byDefault.output)")
        #expect(tool.run(["root", tool.folder + "/saved"], environment: ["PROJECT_STORE": tool.storePath, "HOME": home]).status == 0)
        let saved = tool.run(["root"], outputIsTerminal: true, environment: ["PROJECT_STORE": tool.storePath, "HOME": home])
        #expect(saved.output.hasSuffix("(saved with 'project root')\n"), "\(saved.output)")
    }

    @Test("without HOME or PROJECT_ROOT there is no root, and root says what to set")
    func noRoot() throws {
        let tool = try ToolHarness()
        let result = tool.run(["root"], environment: ["PROJECT_STORE": tool.storePath])
        #expect(result.status == 3)
        #expect(result.error.contains("PROJECT_ROOT"))
    }
}
