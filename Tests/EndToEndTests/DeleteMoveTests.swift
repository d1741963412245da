import Foundation
import Testing

@Suite("delete")
struct DeleteTests {
    @Test("delete --yes deletes and the positions close up")
    func deleteWithYes() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("One", "Two", "Three", "Four")
        let result = await sandbox.run("delete", "two", "--yes")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.contains("Two"), "\(result)")
        let projects = await sandbox.listJSON("--sort", "user")
        #expect(projects.map { $0["name"] as? String } == ["One", "Three", "Four"])
        #expect(projects.map { $0["position"] as? Int } == [1, 2, 3])
        await sandbox.ok("delete", "-y", "One")
        #expect(await sandbox.listJSON("--sort", "user").map { $0["position"] as? Int } == [1, 2])
        #expect(await sandbox.run("show", "Two").status == 1)
    }

    @Test("without a terminal and without --yes nothing is deleted (exit 1) and --yes is mentioned")
    func deleteNeedsConfirmation() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep", "Also")
        let before = sandbox.storeBytes()
        let result = await sandbox.run("delete", "Keep")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.contains("--yes"), "\(result)")
        #expect(result.stderr.contains("Keep"), "\(result)")
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.userOrder() == ["Keep", "Also"])
    }

    @Test("deleting the last project leaves an empty list with the invitation")
    func deleteLast() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Only")
        await sandbox.ok("delete", "Only", "--yes")
        #expect(await sandbox.listJSON().isEmpty)
        let list = await sandbox.run("list")
        #expect(list.status == 0)
        #expect(list.stdout.contains("project add"), "\(list)")
    }

    @Test("delete needs exactly one project")
    func deleteUsage() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("A", "B")
        #expect(await sandbox.run("delete", "--yes").status == 2)
        #expect(await sandbox.run("delete", "A", "B", "--yes").status == 2)
        #expect(await sandbox.userOrder() == ["A", "B"])
    }
}

/// A move that must succeed (its note about the default order may be on standard error).
func move(_ sandbox: Sandbox, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async {
    let result = await sandbox.run(["move"] + arguments)
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
}

@Suite("move")
struct MoveTests {
    func fiveProjects() async throws -> Sandbox {
        let sandbox = try Sandbox()
        await sandbox.add("One", "Two", "Three", "Four", "Five")
        return sandbox
    }

    @Test("move --to n puts the project at position n")
    func moveTo() async throws {
        let sandbox = try await fiveProjects()
        let result = await sandbox.run("move", "five", "--to", "1")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Five"), "\(result)")
        #expect(await sandbox.userOrder() == ["Five", "One", "Two", "Three", "Four"])
        await move(sandbox, "Five", "--to=3")
        #expect(await sandbox.userOrder() == ["One", "Two", "Five", "Three", "Four"])
        #expect(await sandbox.listJSON("--sort", "user").map { $0["position"] as? Int } == [1, 2, 3, 4, 5])
        #expect(await sandbox.showJSON("Five")?["position"] as? Int == 3)
    }

    @Test("move --before, --after, --top and --bottom")
    func moveRelative() async throws {
        let sandbox = try await fiveProjects()
        await move(sandbox, "One", "--before", "Four")
        #expect(await sandbox.userOrder() == ["Two", "Three", "One", "Four", "Five"])
        await move(sandbox, "Five", "--after", "Two")
        #expect(await sandbox.userOrder() == ["Two", "Five", "Three", "One", "Four"])
        await move(sandbox, "Four", "--top")
        #expect(await sandbox.userOrder() == ["Four", "Two", "Five", "Three", "One"])
        await move(sandbox, "four", "--bottom")
        #expect(await sandbox.userOrder() == ["Two", "Five", "Three", "One", "Four"])
        await move(sandbox, "Four", "--after", "One")
        #expect(await sandbox.userOrder() == ["Two", "Five", "Three", "One", "Four"])
        await move(sandbox, "Two", "--after", "Four")
        #expect(await sandbox.userOrder() == ["Five", "Three", "One", "Four", "Two"])
        await move(sandbox, "Two", "--before", "Five")
        #expect(await sandbox.userOrder() == ["Two", "Five", "Three", "One", "Four"])
        let itself = await sandbox.run("move", "Two", "--before", "two")
        #expect(itself.status == 1, "\(itself)")
    }

    @Test("--to 0 and --to n+1 are refused (exit 1) and nothing moves")
    func moveOutOfRange() async throws {
        let sandbox = try await fiveProjects()
        let before = sandbox.storeBytes()
        for position in ["0", "6", "-1", "100"] {
            let result = await sandbox.run("move", "Two", "--to", position)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout == "", "\(result)")
            #expect(result.stderr.contains(position), "the error should name the position:\n\(result)")
            #expect(sandbox.storeBytes() == before)
        }
        let result = await sandbox.run("move", "Two", "--to", "6")
        #expect(result.stderr.contains("5"), "the error should say how many positions there are:\n\(result)")
        await move(sandbox, "Two", "--to", "5")
    }

    @Test("no destination, two destinations or a bad number are usage errors (exit 2)")
    func moveUsage() async throws {
        let sandbox = try await fiveProjects()
        let before = sandbox.storeBytes()
        for arguments in [
            ["move", "Two"], ["move", "Two", "--top", "--bottom"], ["move", "Two", "--to", "1", "--top"],
            ["move", "Two", "--before", "One", "--after", "Three"], ["move", "Two", "--to", "first"],
            ["move", "--top"], ["move", "Two", "--to"],
        ] {
            let result = await sandbox.run(arguments)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout == "", "\(result)")
            #expect(result.stderr != "", "\(result)")
        }
        #expect(sandbox.storeBytes() == before)
    }

    @Test("when the default order is not user, move notes it on standard error and mentions --sort user")
    func moveNote() async throws {
        let sandbox = try await fiveProjects()
        let result = await sandbox.run("move", "Three", "--top")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("--sort user"), "\(result)")
        #expect(!result.stdout.contains("--sort user"), "the note belongs on standard error:\n\(result)")
        await sandbox.ok("sort", "date")
        #expect(await sandbox.run("move", "Three", "--bottom").stderr.contains("--sort user"))
        await sandbox.ok("sort", "user")
        let quiet = await sandbox.run("move", "Three", "--top")
        #expect(quiet.status == 0, "\(quiet)")
        #expect(!quiet.stderr.contains("--sort user"), "no note when lists are already in the writer's order:\n\(quiet)")
    }

    @Test("the writer's order persists and survives choosing other orders")
    func orderPersists() async throws {
        let sandbox = try await fiveProjects()
        await move(sandbox, "Four", "--top")
        await move(sandbox, "One", "--bottom")
        let expected = ["Four", "Two", "Three", "Five", "One"]
        #expect(await sandbox.userOrder() == expected)
        await sandbox.ok("sort", "date")
        _ = await sandbox.names()
        await sandbox.ok("sort", "name")
        _ = await sandbox.names("--sort", "date")
        await sandbox.ok("sort", "user")
        #expect(await sandbox.names() == expected)
        // Renaming and editing do not move anything; adding goes to the end.
        await sandbox.ok("rename", "Two", "Deux")
        await sandbox.ok("edit", "Three", "-d", "x")
        await sandbox.add("Six")
        #expect(await sandbox.userOrder() == ["Four", "Deux", "Three", "Five", "One", "Six"])
    }

    @Test("a name that looks like a number is a name, never a position")
    func numericName() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("A", "B", "1984", "2")
        await move(sandbox, "1984", "--to", "1")
        #expect(await sandbox.userOrder() == ["1984", "A", "B", "2"])
        await move(sandbox, "A", "--before", "2")
        #expect(await sandbox.userOrder() == ["1984", "B", "A", "2"])
        await move(sandbox, "2", "--after", "1984")
        #expect(await sandbox.userOrder() == ["1984", "2", "B", "A"])
        #expect(await sandbox.showJSON("2")?["name"] as? String == "2")
        #expect(await sandbox.showJSON("1984")?["position"] as? Int == 1)
        await sandbox.ok("delete", "2", "--yes")
        #expect(await sandbox.userOrder() == ["1984", "B", "A"])
    }
}
