import Foundation
import Testing

@Suite("add")
struct AddTests {
    @Test("a new project is blank, without details, at the end of the writer's order")
    func addDefaults() async throws {
        let sandbox = try Sandbox()
        let first = await sandbox.ok("add", "My Novel")
        #expect(first.stdout.contains("My Novel"), "\(first)")
        await sandbox.ok("add", "Second")
        let projects = await sandbox.listJSON("--sort", "user")
        try #require(projects.count == 2)
        #expect(projects[0]["name"] as? String == "My Novel")
        #expect(projects[0]["type"] as? String == "blank")
        #expect(projects[0]["details"] is NSNull)
        #expect(projects[0]["position"] as? Int == 1)
        #expect(projects[1]["name"] as? String == "Second")
        #expect(projects[1]["position"] as? Int == 2)
    }

    @Test("-t/--type accepts every kind, in any spelling and letter case")
    func kindSpellings() async throws {
        let sandbox = try Sandbox()
        let cases: [(typed: String, kind: String)] = [
            ("blank", "blank"), ("novel", "novel"), ("NOVEL", "novel"), ("Poetry", "poetry"), ("script", "script"),
            ("short-story", "short-story"), ("short story", "short-story"), ("Short_Story", "short-story"),
            ("shortstory", "short-story"), ("SHORT STORY", "short-story"),
        ]
        var expected: [String: String] = [:]
        for (index, (typed, kind)) in cases.enumerated() {
            for (form, arguments) in [
                ("-t", ["add", "P\(index) short", "-t", typed]),
                ("--type", ["add", "P\(index) long", "--type", typed]),
                ("--type=", ["add", "P\(index) equals", "--type=\(typed)"]),
            ] {
                let result = await sandbox.run(arguments)
                #expect(result.status == 0, "\(form) \(typed):\n\(result)")
                expected[arguments[1]] = kind
            }
        }
        let projects = await sandbox.listJSON()
        #expect(projects.count == expected.count)
        for project in projects {
            let name = project["name"] as? String ?? ""
            #expect(project["type"] as? String == expected[name], "\(name) should be a \(expected[name] ?? "?")")
        }
    }

    @Test("an unknown kind is a usage error listing the valid kinds, and nothing is created")
    func invalidKind() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("add", "Epic", "--type", "fiction")
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "", "\(result)")
        for kind in ["blank", "novel", "poetry", "script", "short-story"] {
            #expect(result.stderr.contains(kind), "the error should list \(kind):\n\(result)")
        }
        #expect(result.stderr.contains("fiction"), "the error should name the bad value:\n\(result)")
        #expect(await sandbox.listJSON().isEmpty)
        #expect(await sandbox.run("add", "Epic", "-t", "short  stories").status == 2)
    }

    @Test("-d/--details sets the details")
    func details() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Sonnets", "-t", "poetry", "-d", "For Anna")
        await sandbox.ok("add", "Plays", "--details", "Three acts")
        await sandbox.ok("add", "Notes", "--details=a=b, c")
        #expect(await sandbox.showJSON("Sonnets")?["details"] as? String == "For Anna")
        #expect(await sandbox.showJSON("Sonnets")?["type"] as? String == "poetry")
        #expect(await sandbox.showJSON("Plays")?["details"] as? String == "Three acts")
        #expect(await sandbox.showJSON("Notes")?["details"] as? String == "a=b, c")
    }

    @Test("options may come before or after the name, in any order")
    func optionPlacement() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "-t", "poetry", "Before", "-d", "one")
        await sandbox.ok("add", "--details=two", "After", "--type=script")
        await sandbox.ok("add", "-d", "three", "--type", "novel", "Last")
        let before = await sandbox.showJSON("Before")
        #expect(before?["type"] as? String == "poetry")
        #expect(before?["details"] as? String == "one")
        let after = await sandbox.showJSON("After")
        #expect(after?["type"] as? String == "script")
        #expect(after?["details"] as? String == "two")
        let last = await sandbox.showJSON("Last")
        #expect(last?["type"] as? String == "novel")
        #expect(last?["details"] as? String == "three")
        #expect(await sandbox.userOrder() == ["Before", "After", "Last"])
    }

    @Test("-- ends the options: project add -- \"-draft-\"")
    func doubleDash() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "--", "-draft-")
        await sandbox.ok("add", "-t", "novel", "--", "--type")
        #expect(await sandbox.userOrder() == ["-draft-", "--type"])
        let shown = await sandbox.run("show", "--json", "--", "--type")
        #expect(shown.status == 0, "\(shown)")
        #expect((parseJSON(shown.stdoutBytes) as? [String: Any])?["type"] as? String == "novel", "\(shown)")
    }
}
