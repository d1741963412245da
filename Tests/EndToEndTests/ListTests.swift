import Foundation
import Testing

/// Five projects whose name, date and writer's orders all differ.
let fixture: [DocumentProject] = [
    DocumentProject(id: uuid("a0000001", 1), name: "Zebra", type: "novel", created: "2020-01-03T09:00:00.000Z"),
    DocumentProject(id: uuid("a0000002", 2), name: "Draft 10", type: "poetry", created: "2020-01-05T09:00:00.000Z", details: "tenth"),
    DocumentProject(id: uuid("a0000003", 3), name: "apple", type: "blank", created: "2020-01-04T09:00:00.000Z"),
    DocumentProject(id: uuid("a0000004", 4), name: "Draft 2", type: "script", created: "2020-01-01T09:00:00.000Z"),
    DocumentProject(id: uuid("a0000005", 5), name: "Banana", type: "short-story", created: "2020-01-02T09:00:00.000Z"),
]
let byName = ["apple", "Banana", "Draft 2", "Draft 10", "Zebra"]
let byDate = ["Draft 2", "Banana", "Zebra", "apple", "Draft 10"]
let byUser = ["Zebra", "Draft 10", "apple", "Draft 2", "Banana"]

/// A sandbox holding `fixture`, imported.
func fixtureSandbox(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Sandbox {
    let sandbox = try Sandbox()
    let result = await sandbox.run(["import", "-"], stdin: Array(exportDocument(fixture).utf8))
    try #require(result.status == 0, "importing the fixture:\n\(result)", sourceLocation: sourceLocation)
    return sandbox
}

/// The lines of a human list with `names` in this order (each line starts with the name).
func expectLines(_ result: RunResult, startWith names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    let lines = result.lines
    #expect(lines.count == names.count, "expected \(names.count) lines:\n\(result)", sourceLocation: sourceLocation)
    for (line, name) in zip(lines, names) {
        #expect(line.hasPrefix(name + " "), "expected a line for \(name), got \(line.debugDescription):\n\(result)", sourceLocation: sourceLocation)
    }
}

@Suite("list")
struct ListTests {
    @Test("an empty store invites the user to run project add, on standard output")
    func emptyInvitation() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("list")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("project add"), "\(result)")
        #expect(result.stderr == "", "\(result)")
        #expect(sandbox.storeBytes() == nil, "listing must not create the store")
        let json = await sandbox.run("list", "--json")
        #expect(json.status == 0)
        #expect((parseJSON(json.stdoutBytes) as? [Any])?.isEmpty == true, "\(json)")
    }

    @Test("without --sort the list is by name (the default), numbers by value, case-insensitive")
    func defaultOrderIsName() async throws {
        let sandbox = try await fixtureSandbox()
        expectLines(await sandbox.run("list"), startWith: byName)
        #expect(await sandbox.names() == byName)
        #expect(await sandbox.names("--sort", "name") == byName)
        #expect(await sandbox.names("-s", "name") == byName)
    }

    @Test("name order ignores case and accents first and compares numbers by value")
    func nameOrder() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Chapter 100", "Zoo", "chapter 9", "Abd", "Chapter 10", "\u{E1}bc", "Draft 2b", "Draft 11")
        let expected = ["\u{E1}bc", "Abd", "chapter 9", "Chapter 10", "Chapter 100", "Draft 2b", "Draft 11", "Zoo"]
        #expect(await sandbox.names() == expected)
        expectLines(await sandbox.run("list"), startWith: expected)
    }

    @Test("--sort date is oldest first; --sort user is the writer's order")
    func otherOrders() async throws {
        let sandbox = try await fixtureSandbox()
        #expect(await sandbox.names("--sort", "date") == byDate)
        #expect(await sandbox.names("--sort=date") == byDate)
        expectLines(await sandbox.run("list", "-s", "date"), startWith: byDate)
        #expect(await sandbox.names("--sort", "user") == byUser)
    }

    @Test("in user order every line starts with the project's position")
    func userOrderLinesStartWithPosition() async throws {
        let sandbox = try await fixtureSandbox()
        let result = await sandbox.run("list", "--sort", "user")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.count == byUser.count, "\(result)")
        for (index, line) in result.lines.enumerated() where index < byUser.count {
            let trimmed = line.drop { $0 == " " }
            #expect(trimmed.hasPrefix("\(index + 1) "), "line \(index + 1) should start with its position: \(line.debugDescription)")
            #expect(trimmed.dropFirst(String(index + 1).count).drop { $0 == " " }.hasPrefix(byUser[index] + " "),
                    "line \(index + 1) should name \(byUser[index]): \(line.debugDescription)")
        }
        // The name order shows no positions.
        #expect(await !sandbox.run("list", "--sort", "name").stdout.hasPrefix("1 "))
    }

    @Test("dates that are equal are ordered by name")
    func dateTies() async throws {
        let sandbox = try Sandbox()
        let document = exportDocument([
            DocumentProject(id: uuid("b0000001", 1), name: "beta", created: "2021-05-05T05:05:05.500Z"),
            DocumentProject(id: uuid("b0000002", 2), name: "Alpha", created: "2021-05-05T05:05:05.500Z"),
            DocumentProject(id: uuid("b0000003", 3), name: "Early", created: "2021-05-05T05:05:05.499Z"),
        ])
        #expect(await sandbox.run(["import", "-"], stdin: Array(document.utf8)).status == 0)
        #expect(await sandbox.names("--sort", "date") == ["Early", "Alpha", "beta"])
    }

    @Test("the saved default order is what list uses without --sort")
    func savedOrder() async throws {
        let sandbox = try await fixtureSandbox()
        await sandbox.ok("sort", "date")
        #expect(await sandbox.names() == byDate)
        expectLines(await sandbox.run("list"), startWith: byDate)
        await sandbox.ok("sort", "user")
        #expect(await sandbox.names() == byUser)
        let human = await sandbox.run("list")
        #expect(human.lines.first.map { $0.drop { $0 == " " }.hasPrefix("1  Zebra") } == true, "\(human)")
        #expect(await sandbox.names("--sort", "name") == byName, "--sort overrides the saved order")
    }

    @Test("--type keeps one kind, in any spelling; a bad kind is a usage error")
    func typeFilter() async throws {
        let sandbox = try await fixtureSandbox()
        #expect(await sandbox.names("--type", "novel") == ["Zebra"])
        #expect(await sandbox.names("--type", "short story") == ["Banana"])
        #expect(await sandbox.names("--type=Short_Story") == ["Banana"])
        #expect(await sandbox.names("-t", "script") == ["Draft 2"])
        await sandbox.ok("add", "Ode", "-t", "poetry")
        #expect(await sandbox.names("--type", "poetry") == ["Draft 10", "Ode"])
        let bad = await sandbox.run("list", "--type", "essay")
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("short-story"), "\(bad)")
    }

    @Test("--search is case- and accent-insensitive")
    func search() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Café Society", "CAFETERIA plans", "Cafe\u{301} Noir", "Other", "Tea Room")
        let cafes = ["CAFETERIA plans", "Café Society", "Cafe\u{301} Noir"].sorted()
        #expect(await sandbox.names("--search", "cafe").sorted() == cafes)
        #expect(await sandbox.names("--search", "CAFÉ").sorted() == cafes)
        #expect(await sandbox.names("--search", "society") == ["Café Society"])
        #expect(await sandbox.names("--search", "noir") == ["Cafe\u{301} Noir"])
        #expect(await sandbox.names("--search", "zzz") == [])
        let human = await sandbox.run("list", "--search", "cafe")
        #expect(human.status == 0)
        #expect(human.lines.count == 3, "\(human)")
        await sandbox.ok("add", "Café Novel", "-t", "novel")
        #expect(await sandbox.names("--search", "cafe", "--type", "novel") == ["Café Novel"])
    }

    @Test("--json prints an array of projects with exact fields and formats")
    func json() async throws {
        let sandbox = try await fixtureSandbox()
        await sandbox.ok("add", "Fresh One", "-t", "short story", "-d", "Line one\nLine \"two\"")
        let result = await sandbox.run("list", "--json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let projects = try #require(parseJSON(result.stdoutBytes) as? [[String: Any]], "\(result)")
        #expect(projects.count == 6)
        for project in projects {
            #expect(Set(project.keys) == projectFields, "fields: \(project.keys.sorted())")
            let id = project["id"] as? String ?? ""
            #expect(matches(id, uuidPattern), "id \(id) must be a lowercase UUID")
            let created = project["created"] as? String ?? ""
            #expect(matches(created, timestampPattern), "created \(created) must be ISO 8601 UTC with milliseconds")
            #expect(["blank", "novel", "poetry", "script", "short-story"].contains(project["type"] as? String ?? ""))
            #expect(project["details"] is NSNull || project["details"] is String)
            #expect(project["name"] is String)
        }
        // Positions are the writer's order whatever the listing order.
        let positions = Dictionary(uniqueKeysWithValues: projects.map { ($0["name"] as? String ?? "", $0["position"] as? Int ?? 0) })
        #expect(positions == ["Zebra": 1, "Draft 10": 2, "apple": 3, "Draft 2": 4, "Banana": 5, "Fresh One": 6])
        let banana = try #require(projects.first { $0["name"] as? String == "Banana" })
        #expect(banana["id"] as? String == uuid("a0000005", 5))
        #expect(banana["type"] as? String == "short-story")
        #expect(banana["created"] as? String == "2020-01-02T09:00:00.000Z")
        #expect(banana["details"] is NSNull)
        let draft = try #require(projects.first { $0["name"] as? String == "Draft 10" })
        #expect(draft["details"] as? String == "tenth")
        let fresh = try #require(projects.first { $0["name"] as? String == "Fresh One" })
        #expect(fresh["type"] as? String == "short-story")
        #expect(fresh["details"] as? String == "Line one\nLine \"two\"")
        // A new project's creation time is now, in UTC.
        let created = fresh["created"] as? String ?? ""
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: created), "\(created)")
        #expect(abs(date.timeIntervalSinceNow) < 120, "created \(created) should be about now")
    }

    @Test("human lines show the name, the kind's display name and the creation date")
    func humanLines() async throws {
        let sandbox = try await fixtureSandbox()
        let result = await sandbox.run("list")
        #expect(result.stderr == "")
        let banana = try #require(result.lines.first { $0.hasPrefix("Banana ") }, "\(result)")
        #expect(banana.contains("Short story"), "\(banana)")
        #expect(banana.contains("2020"), "\(banana)")
        let zebra = try #require(result.lines.first { $0.hasPrefix("Zebra ") }, "\(result)")
        #expect(zebra.contains("Novel") && zebra.contains("2020"), "\(zebra)")
    }

    @Test("list takes no positional argument and rejects unknown orders")
    func listUsageErrors() async throws {
        let sandbox = try await fixtureSandbox()
        #expect(await sandbox.run("list", "extra").status == 2)
        let badSort = await sandbox.run("list", "--sort", "size")
        #expect(badSort.status == 2, "\(badSort)")
        #expect(badSort.stderr.contains("user") && badSort.stderr.contains("date"), "\(badSort)")
        #expect(await sandbox.run("list", "--json=yes").status == 2)
    }
}
