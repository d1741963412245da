import Foundation
import Testing

@Suite("show")
struct ShowTests {
    @Test("show by name in any letter case prints every field")
    func showByName() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Other")
        await sandbox.ok("add", "My Novel", "-t", "novel", "-d", "Second draft")
        let id = try #require(await sandbox.showJSON("My Novel")?["id"] as? String)
        for reference in ["My Novel", "my novel", "MY NOVEL", "  My Novel  "] {
            let result = await sandbox.run("show", reference)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "", "\(result)")
            #expect(result.stdout.contains("My Novel"), "\(result)")
            #expect(result.stdout.contains("Novel"), "\(result)")
            #expect(result.stdout.contains("Second draft"), "\(result)")
            #expect(result.stdout.contains(id), "show should print the id:\n\(result)")
            #expect(result.lines.contains { $0.hasPrefix("Position") && $0.contains("2") }, "the position should be shown:\n\(result)")
        }
    }

    @Test("show prints the creation date and time")
    func showDateAndTime() async throws {
        let sandbox = try await fixtureSandbox()
        let result = await sandbox.run("show", "Banana")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2020"), "\(result)")
        #expect(result.stdout.contains("9:00:00"), "the time of day should be shown:\n\(result)")
        #expect(result.stdout.contains("Short story"), "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("Position") && $0.contains("5") }, "\(result)")
    }

    @Test("show by full id, and by an id prefix of 4 or more characters")
    func showById() async throws {
        let sandbox = try await fixtureSandbox()
        let id = uuid("a0000003", 3)
        #expect(await sandbox.showJSON(id)?["name"] as? String == "apple")
        #expect(await sandbox.showJSON(id.uppercased())?["name"] as? String == "apple")
        #expect(await sandbox.showJSON("a0000003")?["name"] as? String == "apple")
        #expect(await sandbox.showJSON(String(id.prefix(13)))?["name"] as? String == "apple")
        await sandbox.ok("add", "Unique")
        let uniqueId = try #require(await sandbox.showJSON("Unique")?["id"] as? String)
        if !uniqueId.hasPrefix("a000") { // (else 4 characters would also start the fixture's ids)
            #expect(await sandbox.showJSON(String(uniqueId.prefix(4)))?["name"] as? String == "Unique")
        }
        #expect(await sandbox.showJSON(String(uniqueId.prefix(8)))?["name"] as? String == "Unique")
        // Fewer than 4 characters are never an id prefix.
        let short = await sandbox.run("show", String(uniqueId.prefix(3)))
        #expect(short.status == 1, "\(short)")
    }

    @Test("an ambiguous id prefix is refused (exit 1) and the candidates are listed")
    func ambiguousPrefix() async throws {
        let sandbox = try await fixtureSandbox()
        let result = await sandbox.run("show", "a000")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        for project in fixture {
            #expect(result.stderr.contains(project.id), "candidate \(project.id) should be listed:\n\(result)")
        }
        #expect(result.stderr.contains("a000"), "\(result)")
        let narrower = try Sandbox()
        let document = exportDocument([
            DocumentProject(id: uuid("abcd1111", 1), name: "One"),
            DocumentProject(id: uuid("abcd2222", 2), name: "Two"),
            DocumentProject(id: uuid("ffff3333", 3), name: "Three"),
        ])
        #expect(await narrower.run(["import", "-"], stdin: Array(document.utf8)).status == 0)
        let ambiguous = await narrower.run("show", "abcd")
        #expect(ambiguous.status == 1, "\(ambiguous)")
        #expect(ambiguous.stderr.contains(uuid("abcd1111", 1)) && ambiguous.stderr.contains(uuid("abcd2222", 2)), "\(ambiguous)")
        #expect(!ambiguous.stderr.contains(uuid("ffff3333", 3)), "\(ambiguous)")
        #expect(await narrower.showJSON("abcd2")?["name"] as? String == "Two")
        #expect(await narrower.run("delete", "abcd", "--yes").status == 1)
        #expect(await narrower.names().count == 3)
    }

    @Test("a name wins over an id prefix; 1984 is a name")
    func nameWinsOverPrefix() async throws {
        let sandbox = try Sandbox()
        let document = exportDocument([
            DocumentProject(id: uuid("19840000", 1), name: "Animal Farm"),
            DocumentProject(id: uuid("c0ffee00", 2), name: "1984"),
        ])
        #expect(await sandbox.run(["import", "-"], stdin: Array(document.utf8)).status == 0)
        #expect(await sandbox.showJSON("1984")?["name"] as? String == "1984")
        #expect(await sandbox.showJSON("19840")?["name"] as? String == "Animal Farm")
        #expect(await sandbox.showJSON("c0ffee")?["name"] as? String == "1984")
    }

    @Test("show --json prints one object with the exact fields")
    func showJSONObject() async throws {
        let sandbox = try await fixtureSandbox()
        let result = await sandbox.run("show", "draft 10", "--json")
        #expect(result.status == 0, "\(result)")
        let object = try #require(parseJSON(result.stdoutBytes) as? [String: Any], "\(result)")
        #expect(Set(object.keys) == countedProjectFields)
        #expect(object["id"] as? String == uuid("a0000002", 2))
        #expect(object["name"] as? String == "Draft 10")
        #expect(object["type"] as? String == "poetry")
        #expect(object["created"] as? String == "2020-01-05T09:00:00.000Z")
        #expect(object["details"] as? String == "tenth")
        #expect(object["position"] as? Int == 2)
        let none = try #require(await sandbox.showJSON("apple"))
        #expect(none["details"] is NSNull)
        #expect(none["position"] as? Int == 3)
        // --json may come first.
        let first = await sandbox.run("show", "--json", "apple")
        #expect(first.status == 0 && (parseJSON(first.stdoutBytes) as? [String: Any])?["name"] as? String == "apple", "\(first)")
    }

    @Test("an unknown project is refused with exit 1, naming it")
    func unknownProject() async throws {
        let sandbox = try await fixtureSandbox()
        for arguments in [
            ["show", "Nope"], ["rename", "Nope", "New"], ["edit", "Nope", "-d", "x"], ["delete", "Nope", "--yes"],
            ["move", "Nope", "--top"], ["move", "apple", "--before", "Nope"],
        ] {
            let before = sandbox.storeBytes()
            let result = await sandbox.run(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout == "", "\(result)")
            #expect(result.stderr.contains("Nope"), "the error should name the project:\n\(result)")
            #expect(sandbox.storeBytes() == before, "\(arguments) must not change the store")
        }
    }
}

@Suite("rename")
struct RenameTests {
    @Test("rename keeps id, kind, creation date, details and position")
    func renameKeepsTheRest() async throws {
        let sandbox = try await fixtureSandbox()
        let before = try #require(await sandbox.showJSON("Draft 10"))
        let result = await sandbox.run("rename", "draft 10", "The Long Winter")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.contains("The Long Winter"), "\(result)")
        let after = try #require(await sandbox.showJSON("The Long Winter"))
        #expect(after["name"] as? String == "The Long Winter")
        for field in ["id", "type", "created", "details"] {
            #expect(after[field] as? String == before[field] as? String, "\(field) changed")
        }
        #expect(after["position"] as? Int == 2)
        #expect(await sandbox.run("show", "Draft 10").status == 1)
        #expect(await sandbox.userOrder() == ["Zebra", "The Long Winter", "apple", "Draft 2", "Banana"])
    }

    @Test("rename by id prefix, and to its own name in another case")
    func renameOwnNameOtherCase() async throws {
        let sandbox = try await fixtureSandbox()
        await sandbox.ok("rename", "apple", "APPLE")
        #expect(await sandbox.showJSON("apple")?["name"] as? String == "APPLE")
        await sandbox.ok("rename", "a0000003", "Apple Pie")
        #expect(await sandbox.showJSON(uuid("a0000003", 3))?["name"] as? String == "Apple Pie")
        await sandbox.ok("rename", "Apple Pie", "Apple Pie")
    }

    @Test("renaming to another project's name is refused (exit 1) and nothing changes")
    func renameDuplicate() async throws {
        let sandbox = try await fixtureSandbox()
        let before = sandbox.storeBytes()
        let result = await sandbox.run("rename", "apple", "banana")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.contains("Banana"), "the error should name the existing project:\n\(result)")
        #expect(sandbox.storeBytes() == before)
        let invalid = await sandbox.run("rename", "apple", "Bad\tName")
        #expect(invalid.status == 1, "\(invalid)")
        #expect(await sandbox.run("rename", "apple", "   ").status == 1)
        #expect(sandbox.storeBytes() == before)
    }

    @Test("rename without a new name and without a terminal is a usage error")
    func renameNeedsName() async throws {
        let sandbox = try await fixtureSandbox()
        let result = await sandbox.run("rename", "apple")
        #expect(result.status == 2, "\(result)")
        #expect(await sandbox.run("rename").status == 2)
        #expect(await sandbox.run("rename", "apple", "B", "C").status == 2)
    }
}

@Suite("edit")
struct EditTests {
    @Test("edit -d sets the details; -d \"\" clears them (JSON null)")
    func setAndClear() async throws {
        let sandbox = try await fixtureSandbox()
        let set = await sandbox.run("edit", "apple", "-d", "Orchard notes")
        #expect(set.status == 0, "\(set)")
        #expect(set.stderr == "", "\(set)")
        #expect(await sandbox.showJSON("apple")?["details"] as? String == "Orchard notes")
        await sandbox.ok("edit", "--details", "Second draft, due in March", "apple")
        #expect(await sandbox.showJSON("apple")?["details"] as? String == "Second draft, due in March")
        await sandbox.ok("edit", "apple", "-d", "")
        #expect(await sandbox.showJSON("apple")?["details"] is NSNull)
        await sandbox.ok("edit", "Draft 10", "--details=")
        #expect(await sandbox.showJSON("Draft 10")?["details"] is NSNull)
        // Nothing else changed.
        let apple = try #require(await sandbox.showJSON("apple"))
        #expect(apple["position"] as? Int == 3)
        #expect(apple["created"] as? String == "2020-01-04T09:00:00.000Z")
        #expect(apple["type"] as? String == "blank")
    }

    @Test("edit without -d is a usage error")
    func editNeedsDetails() async throws {
        let sandbox = try await fixtureSandbox()
        let before = sandbox.storeBytes()
        #expect(await sandbox.run("edit", "apple").status == 2)
        #expect(await sandbox.run("edit", "apple", "-d").status == 2)
        #expect(await sandbox.run("edit").status == 2)
        #expect(sandbox.storeBytes() == before)
    }
}
