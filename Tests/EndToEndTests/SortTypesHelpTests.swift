import Foundation
import Testing

@Suite("sort, types, help and version")
struct SortTypesHelpTests {
    @Test("sort without an argument prints the saved default order, name by default")
    func sortShowsDefault() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("sort")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "name\n", "\(result)")
        #expect(result.stderr == "")
    }

    @Test("sort <order> saves it; sort then prints it")
    func sortSaves() async throws {
        let sandbox = try Sandbox()
        for order in ["user", "date", "name", "user"] {
            let saved = await sandbox.run("sort", order)
            #expect(saved.status == 0, "\(saved)")
            #expect(saved.stderr == "", "\(saved)")
            #expect(await sandbox.run("sort").stdout == "\(order)\n")
        }
        let doc = try #require(parseJSON(await sandbox.run("export").stdoutBytes) as? [String: Any])
        #expect(doc["sort"] as? String == "user")
    }

    @Test("sort with a bad value is a usage error listing the orders, and nothing changes")
    func sortBadValue() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("sort", "date")
        let before = sandbox.storeBytes()
        let result = await sandbox.run("sort", "size")
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "", "\(result)")
        for order in ["name", "date", "user"] {
            #expect(result.stderr.contains(order), "\(result)")
        }
        #expect(await sandbox.run("sort", "name", "date").status == 2)
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.run("sort").stdout == "date\n")
    }

    @Test("types lists every kind with its display name")
    func types() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("types")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let expected = [("blank", "Blank"), ("novel", "Novel"), ("poetry", "Poetry"), ("script", "Script"), ("short-story", "Short story")]
        // Each kind on a line of its own, followed by an indented line naming its folders.
        #expect(result.lines.count == 2 * expected.count, "\(result)")
        let kindLines = result.lines.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        for (line, (id, name)) in zip(kindLines, expected) {
            #expect(line.hasPrefix(id + " "), "\(line.debugDescription) should start with \(id)")
            #expect(line.contains(name), "\(line.debugDescription) should contain \(name)")
        }
        #expect(await sandbox.run("types", "novel").status == 2)
        #expect(sandbox.storeBytes() == nil, "types must not create a store")
    }

    @Test("project help lists every command on standard output, exit 0")
    func helpOverview() async throws {
        let sandbox = try Sandbox()
        let help = await sandbox.run("help")
        #expect(help.status == 0, "\(help)")
        #expect(help.stderr == "", "\(help)")
        for command in ["add", "list", "show", "rename", "edit", "delete", "move", "sort", "types", "export", "import", "help"] {
            #expect(help.lines.contains { $0.hasPrefix("  \(command) ") }, "help should list \(command):\n\(help)")
        }
        for flag in ["--help", "-h"] {
            let other = await sandbox.run(flag)
            #expect(other.status == 0, "\(other)")
            #expect(other.stdout == help.stdout, "\(flag) should print the same help:\n\(other)")
            #expect(other.stderr == "")
        }
        #expect(sandbox.storeBytes() == nil)
    }

    @Test("help <command>, <command> --help and <command> -h print the command's help, exit 0")
    func helpCommand() async throws {
        let sandbox = try Sandbox()
        let help = await sandbox.run("help", "move")
        #expect(help.status == 0, "\(help)")
        #expect(help.stderr == "")
        for option in ["--to", "--before", "--after", "--top", "--bottom"] {
            #expect(help.stdout.contains(option), "help move should mention \(option):\n\(help)")
        }
        #expect(help.stdout.contains("project move"), "\(help)")
        for arguments in [["move", "--help"], ["move", "-h"], ["move", "Anything", "--help"], ["--help", "move"]] {
            let other = await sandbox.run(arguments)
            #expect(other.status == 0, "\(other)")
            #expect(other.stdout == help.stdout, "\(arguments) should print the help of move:\n\(other)")
        }
        for command in ["add", "list", "show", "rename", "edit", "delete", "sort", "types", "export", "import", "help"] {
            let result = await sandbox.run("help", command)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("project \(command)"), "\(result)")
        }
        let addHelp = await sandbox.run("add", "--help").stdout
        #expect(addHelp.contains("--type") && addHelp.contains("--details"), "\(addHelp)")
        let unknown = await sandbox.run("help", "lst")
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("list"), "\(unknown)")
    }

    @Test("--version prints the version on standard output, exit 0, even with a broken store")
    func version() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeStore([0xFF, 0x00, 0x13])
        let result = await sandbox.run("--version")
        #expect(result.status == 0, "\(result)")
        #expect(matches(result.stdout, "^project [0-9]+\\.[0-9]+\\.[0-9]+\n$"), "\(result)")
        #expect(result.stderr == "")
        #expect(await sandbox.run("help").status == 0)
    }
}
