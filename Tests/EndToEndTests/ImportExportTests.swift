import Foundation
import Testing

@Suite("export and import")
struct ImportExportTests {
    @Test("export prints {version: 1, sort, projects} with projects in the writer's order")
    func exportShape() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Alpha", "-t", "novel", "-d", "first")
        await sandbox.add("Beta", "Gamma")
        await sandbox.run("move", "Gamma", "--top")
        await sandbox.ok("sort", "date")
        let result = await sandbox.run("export")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let document = try #require(parseJSON(result.stdoutBytes) as? [String: Any], "\(result)")
        #expect(Set(document.keys) == ["version", "sort", "root", "projects"])
        #expect(document["version"] as? Int == 3)
        #expect(document["sort"] as? String == "date")
        let projects = try #require(document["projects"] as? [[String: Any]])
        #expect(projects.map { $0["name"] as? String } == ["Gamma", "Alpha", "Beta"])
        #expect(projects.map { $0["position"] as? Int } == [1, 2, 3])
        for project in projects {
            #expect(Set(project.keys) == exportedProjectFields)
            #expect(project["folder"] as? String == project["name"] as? String, "recorded relative to the root")
            #expect(project["managed"] as? Bool == true)
            #expect(matches(project["id"] as? String ?? "", uuidPattern))
            #expect(matches(project["created"] as? String ?? "", timestampPattern))
        }
        #expect(projects[1]["type"] as? String == "novel")
        #expect(projects[1]["details"] as? String == "first")
        #expect(projects[0]["details"] is NSNull)
    }

    @Test("export writes every field, null where there is none, and import reads it back")
    func exportHasOneShape() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Ideas", "--no-folder")
        await sandbox.ok("add", "Winter", "-t", "novel")
        await sandbox.ok("edit", "Winter", "--target", "80000", "--due", "2027-03-31")
        let exported = await sandbox.ok("export")
        let document = try #require(parseJSON(exported.stdoutBytes) as? [String: Any], "\(exported)")
        let projects = try #require(document["projects"] as? [[String: Any]])
        #expect(projects.map { Set($0.keys) } == [exportedProjectFields, exportedProjectFields])
        let ideas = projects[0]
        for field in ["details", "folder", "target", "due", "managed"] {
            #expect(ideas[field] is NSNull, "\(field) of a project without one")
        }
        let winter = projects[1]
        #expect(winter["folder"] as? String == "Winter")
        #expect(winter["managed"] as? Bool == true)
        #expect(winter["target"] as? Int == 80000)
        #expect(winter["due"] as? String == "2027-03-31")
        // Every field also where `list --json` has them.
        let listed = try #require(parseJSON(await sandbox.ok("list", "--json", "--sort", "user").stdoutBytes) as? [[String: Any]])
        #expect(listed.map { Set($0.keys) } == [projectFields, projectFields])

        let path = sandbox.root + "/backup.json"
        try Data(exported.stdoutBytes).write(to: URL(fileURLWithPath: path))
        let target = try Sandbox()
        await target.ok("import", path)
        #expect(await target.ok("export").stdout == exported.stdout)
        // A document with the optional fields left out (as written before) still reads.
        let older = try target.file("older.json", exportDocument([DocumentProject(id: uuid("abcd0000", 1), name: "Sonnets")]))
        await target.ok("import", older)
        let sonnets = try #require(parseJSON(await target.ok("show", "Sonnets", "--json").stdoutBytes) as? [String: Any])
        #expect(sonnets["folder"] is NSNull && sonnets["target"] is NSNull && sonnets["due"] is NSNull)
    }

    @Test("export of an empty store")
    func exportEmpty() async throws {
        let sandbox = try Sandbox()
        let result = await sandbox.run("export")
        #expect(result.status == 0, "\(result)")
        let document = try #require(parseJSON(result.stdoutBytes) as? [String: Any], "\(result)")
        #expect(document["version"] as? Int == 3)
        #expect(document["sort"] as? String == "name")
        #expect(document["root"] is NSNull)
        #expect((document["projects"] as? [Any])?.isEmpty == true)
    }

    @Test("export then import into an empty store gives an identical export")
    func roundTrip() async throws {
        let source = try await fixtureSandbox()
        await source.ok("add", "東京物語", "-t", "script", "-d", "Quotes \" and \\ back\nslash, tab\there, \u{1B}[1mbold")
        await source.ok("add", "Cafe\u{301} crème", "-d", "")
        await source.run("move", "東京物語", "--to", "2")
        let exported = await source.run("export")
        #expect(exported.status == 0)
        let path = source.root + "/backup.json"
        try Data(exported.stdoutBytes).write(to: URL(fileURLWithPath: path))

        let target = try Sandbox()
        let imported = await target.run("import", path)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stderr == "", "\(imported)")
        #expect(imported.stdout.contains("7"), "the message should say how many were imported:\n\(imported)")
        let again = await target.run("export")
        #expect(again.stdout == exported.stdout, "exports differ:\n\(exported.stdout)\n---\n\(again.stdout)")
        let targetOrder = await target.userOrder()
        #expect(await source.userOrder() == targetOrder)
    }

    @Test("import - reads standard input")
    func importStdin() async throws {
        let sandbox = try Sandbox()
        let document = exportDocument([
            DocumentProject(id: uuid("d0000001", 1), name: "From Pipe", type: "poetry", created: "2019-02-03T04:05:06.789Z", details: "piped"),
        ])
        let result = await sandbox.run(["import", "-"], stdin: Array(document.utf8))
        #expect(result.status == 0, "\(result)")
        let project = try #require(await sandbox.showJSON("from pipe"))
        #expect(project["id"] as? String == uuid("d0000001", 1))
        #expect(project["type"] as? String == "poetry")
        #expect(project["created"] as? String == "2019-02-03T04:05:06.789Z")
        #expect(project["details"] as? String == "piped")
        #expect(project["position"] as? Int == 1)
    }

    @Test("import appends in the document's order and keeps id, name, kind, date and details")
    func importAppends() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Existing")
        let document = exportDocument([
            DocumentProject(id: uuid("e0000002", 2), name: "Zed", type: "novel", created: "2018-01-01T00:00:00.001Z"),
            DocumentProject(id: uuid("e0000001", 1), name: "Ada", type: "script", created: "2017-06-30T23:59:59.999Z", details: "d"),
        ], sort: "date")
        let path = try sandbox.file("doc.json", document)
        let result = await sandbox.run("import", path)
        #expect(result.status == 0, "\(result)")
        let projects = await sandbox.listJSON("--sort", "user")
        #expect(projects.map { $0["name"] as? String } == ["Existing", "Zed", "Ada"])
        #expect(projects.map { $0["position"] as? Int } == [1, 2, 3])
        #expect(projects[1]["id"] as? String == uuid("e0000002", 2))
        #expect(projects[1]["created"] as? String == "2018-01-01T00:00:00.001Z")
        #expect(projects[1]["type"] as? String == "novel")
        #expect(projects[2]["details"] as? String == "d")
        #expect(projects[2]["created"] as? String == "2017-06-30T23:59:59.999Z")
    }

    @Test("a document with a problem changes nothing (exit 1)", arguments: [
        ("clash with the store", DocumentProject(id: uuid("f0000009", 9), name: "EXISTING")),
        ("clash with the store, other normalization", DocumentProject(id: uuid("f0000009", 9), name: "cafe\u{301}")),
        ("invalid name", DocumentProject(id: uuid("f0000009", 9), name: "Tab\there")),
        ("empty name", DocumentProject(id: uuid("f0000009", 9), name: "  ")),
        ("name too long", DocumentProject(id: uuid("f0000009", 9), name: String(repeating: "x", count: 256))),
        ("clash within the document", DocumentProject(id: uuid("f0000009", 9), name: "new one")),
        ("duplicate id within the document", DocumentProject(id: uuid("f0000001", 1), name: "Different")),
        ("id already in the store", DocumentProject(id: uuid("f0000000", 0), name: "Different")),
    ])
    func importRefused(_ problem: String, _ bad: DocumentProject) async throws {
        let sandbox = try Sandbox()
        let seed = exportDocument([
            DocumentProject(id: uuid("f0000000", 0), name: "Existing"),
            DocumentProject(id: uuid("f000000c", 12), name: "Café"),
        ])
        #expect(await sandbox.run(["import", "-"], stdin: Array(seed.utf8)).status == 0)
        let before = try #require(sandbox.storeBytes())
        let document = exportDocument([DocumentProject(id: uuid("f0000001", 1), name: "New One"), bad])
        let result = await sandbox.run(["import", "-"], stdin: Array(document.utf8))
        #expect(result.status == 1, "\(problem):\n\(result)")
        #expect(result.stdout == "", "\(problem):\n\(result)")
        #expect(result.stderr.contains("2"), "\(problem): the problem should name project 2:\n\(result)")
        #expect(sandbox.storeBytes() == before, "\(problem): the store changed")
    }

    @Test("a refused import lists every problem")
    func importListsEveryProblem() async throws {
        let sandbox = try Sandbox()
        let seed = exportDocument([DocumentProject(id: uuid("f0000000", 0), name: "Existing")])
        #expect(await sandbox.run(["import", "-"], stdin: Array(seed.utf8)).status == 0)
        let before = try #require(sandbox.storeBytes())
        let document = exportDocument([
            DocumentProject(id: uuid("f0000001", 1), name: "Fine"),
            DocumentProject(id: uuid("f0000002", 2), name: "existing"),
            DocumentProject(id: uuid("f0000003", 3), name: "Bad\u{1B}name"),
            DocumentProject(id: uuid("f0000004", 4), name: "FINE"),
            DocumentProject(id: uuid("f0000001", 1), name: "Other"),
            DocumentProject(id: uuid("f0000000", 0), name: "Another"),
        ])
        let path = try sandbox.file("bad.json", document)
        let result = await sandbox.run("import", path)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        for index in 2...6 {
            #expect(result.stderr.contains("project \(index)"), "problem with project \(index) should be listed:\n\(result)")
        }
        #expect(!result.stderr.contains("project 1:"), "project 1 is fine:\n\(result)")
        #expect(result.stderr.contains("Existing"), "\(result)")
        #expect(result.stderr.contains(uuid("f0000000", 0)) && result.stderr.contains(uuid("f0000001", 1)), "\(result)")
        #expect(!result.stderrBytes.contains(0x1B), "no raw escape in the error:\n\(result)")
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.names() == ["Existing"])
    }

    @Test("valid JSON of the wrong shape says what was expected and what was found; standard input is called so", arguments: [
        ("[]", "expected an object with a \"projects\" array, found an array"),
        (#"{"version":3,"projects":{}}"#, "expected \"projects\" to be an array, found an object"),
        (#"{"version":"3","projects":[]}"#, "expected \"version\" to be a number, found a string"),
        (#"{"version":3,"projects":[7]}"#, "project 1: expected an object, found a number"),
        (#"{"version":3,"projects":[null]}"#, "project 1: expected an object, found null"),
        ("\"projects\"", "expected an object with a \"projects\" array, found a string"),
    ])
    func importWrongShape(_ document: String, _ expected: String) async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep")
        let before = sandbox.storeBytes()
        let result = await sandbox.run(["import", "-"], stdin: Array(document.utf8))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("Error: The import document on standard input cannot be used: "), "\(result)")
        #expect(!result.stderr.contains("document -") && !result.stderr.contains("line 1, column 1"), "\(result)")
        #expect(result.stderr.contains(expected), "\(result)")
        #expect(sandbox.storeBytes() == before)
    }

    @Test("the wrong shape and standard input in every language")
    func importWrongShapeLocalized() async throws {
        let sandbox = try Sandbox()
        for (language, words) in [
            "fr_FR.UTF-8": ["l’entrée standard", "il faut un objet avec un tableau «\u{A0}projects\u{A0}», or le document est un tableau"],
            "de_DE.UTF-8": ["aus der Standardeingabe", "erwartet wird ein Objekt mit einem Array „projects“, das Dokument ist aber ein Array"],
            "es_ES.UTF-8": ["de la entrada estándar", "se esperaba un objeto con una lista «projects», pero el documento es una lista"],
        ] {
            let result = await sandbox.run(["import", "-"], stdin: Array("[]".utf8), environment: ["LANG": language])
            #expect(result.status == 1, "\(result)")
            for word in words { #expect(result.stderr.contains(word), "\(language): \(result)") }
        }
        let file = try sandbox.file("object.json", #"{"version":3,"projects":{}}"#)
        let named = await sandbox.run("import", file)
        #expect(named.stderr == "Error: The import document \(file) cannot be used: expected \"projects\" to be an array, found an object. Nothing was imported.\n", "\(named)")
    }

    @Test("an unreadable or malformed import document is refused with exit 1")
    func importBadFile() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Keep")
        let before = sandbox.storeBytes()
        let missing = await sandbox.run("import", sandbox.root + "/missing.json")
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("missing.json"), "\(missing)")
        let garbage = try sandbox.file("garbage.json", "this is not JSON")
        #expect(await sandbox.run("import", garbage).status == 1)
        let newer = try sandbox.file("newer.json", exportDocument([DocumentProject(id: uuid("99999999", 1), name: "Future")], version: 5))
        let newerResult = await sandbox.run("import", newer)
        #expect(newerResult.status == 1, "\(newerResult)")
        let badType = try sandbox.file("type.json", exportDocument([DocumentProject(id: uuid("99999999", 1), name: "T", type: "epic")]))
        #expect(await sandbox.run("import", badType).status == 1)
        #expect(await sandbox.run(["import", "-"], stdin: []).status == 1)
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.run("import").status == 2)
    }
}
