import Foundation
import Testing

/// Undo, redo and history through the real binary: each change taken back returns exactly the
/// earlier `export`, and the same folders and files on disk.
@Suite("undo, redo and history")
struct HistoryTests {
    /// The store as `export` prints it, and every path under the root but the trash.
    private func state(_ sandbox: Sandbox) async -> (export: String, disk: [String]) {
        let export = await sandbox.run("export").stdout
        let disk = ((try? FileManager.default.subpathsOfDirectory(atPath: sandbox.root + "/Writing")) ?? [])
            .filter { !$0.hasPrefix(".trash") }.sorted()
        return (export, disk)
    }

    @Test("each command undone and redone gives back exactly the store and folders before and after it")
    func everyCommand() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Draft", "-t", "novel")
        await sandbox.ok("add", "Poems", "-t", "poetry", "-d", "for Anna")
        await sandbox.ok("add", "Notes", "--no-folder")
        try "It was night.".write(toFile: sandbox.root + "/Writing/Draft/Chapters/1.md", atomically: true, encoding: .utf8)
        let mine = sandbox.root + "/mine"
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        let document = try sandbox.file("import.json", exportDocument([DocumentProject(id: uuid("12345678", 1), name: "Imported")]))
        let changes: [[String]] = [
            ["add", "Short", "-t", "short-story"], ["rename", "Draft", "Winter"], ["edit", "Poems", "-d", "for Ben"],
            ["edit", "Notes", "--new-folder"], ["edit", "Poems", "--folder", mine], ["edit", "Poems", "--no-folder"],
            ["move", "Notes", "--top"], ["delete", "Winter", "--yes"], ["sort", "date"], ["root", sandbox.root + "/Other"],
            ["import", document],
        ]
        for change in changes {
            let before = await state(sandbox)
            let changed = await sandbox.run(change)
            #expect(changed.status == 0, "\(changed)")
            let after = await state(sandbox)
            let undone = await sandbox.ok("undo")
            #expect(undone.stdout.hasPrefix("Undone: "), "\(undone)")
            let back = await state(sandbox)
            #expect(back.export == before.export, "undo of \(change)")
            #expect(back.disk == before.disk, "undo of \(change): the folders")
            let redone = await sandbox.ok("redo")
            #expect(redone.stdout.hasPrefix("Redone: "), "\(redone)")
            let again = await state(sandbox)
            #expect(again.export == after.export, "redo of \(change)")
            #expect(again.disk == after.disk, "redo of \(change): the folders")
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.root + "/Writing/.trash/Winter/Chapters/1.md"), "nothing of the writer's lost")
    }

    @Test("100 random changes undone one by one lead back to the start")
    func hundredChanges() async throws {
        let sandbox = try Sandbox()
        let start = await state(sandbox)
        var generator = SeededRandom(seed: testSeed, test: "history: random changes undone")
        var names: [String] = []
        var made = 0
        while made < 100 {
            let choice = names.isEmpty ? 0 : Int.random(in: 0..<6, using: &generator)
            let arguments: [String]
            switch choice {
            case 0, 1:
                let name = "Project \(made)"
                names.append(name)
                arguments = ["add", name, "-t", ["blank", "novel", "poetry", "script"].randomElement(using: &generator)!]
            case 2:
                let index = Int.random(in: 0..<names.count, using: &generator)
                let name = "Renamed \(made)"
                arguments = ["rename", names[index], name]
                names[index] = name
            case 3 where names.count > 1:
                // `names` is kept in the writer's order, so the move always changes something.
                let name = names.remove(at: Int.random(in: 1..<names.count, using: &generator))
                names.insert(name, at: 0)
                arguments = ["move", name, "--top"]
            case 3:
                arguments = ["edit", names[0], "-d", "alone \(made)"]
            case 4:
                arguments = ["edit", names.randomElement(using: &generator)!, "-d", "note \(made)"]
            default:
                arguments = ["delete", names.remove(at: Int.random(in: 0..<names.count, using: &generator)), "--yes"]
            }
            let result = await sandbox.run(arguments)
            #expect(result.status == 0, "\(result)")
            made += 1
        }
        let history = try #require(parseJSON(await sandbox.ok("history", "--json").stdoutBytes) as? [[String: Any]])
        #expect(history.count == 100)
        for _ in 0..<100 { await sandbox.ok("undo") }
        let end = await state(sandbox)
        #expect(end.export == start.export)
        #expect(end.disk == start.disk)
        let nothing = await sandbox.run("undo")
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing to undo"), "\(nothing)")
    }

    @Test("history lists newest first, marks what is undone; a new change ends the redo chain")
    func listing() async throws {
        let sandbox = try Sandbox()
        #expect(await sandbox.ok("history").stdout == "No change has been recorded yet.\n")
        await sandbox.ok("add", "One")
        await sandbox.ok("rename", "One", "Two")
        await sandbox.ok("undo")
        let lines = await sandbox.ok("history").lines
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("renamed “One” to “Two” (undone)"), "\(lines)")
        #expect(lines[1].hasSuffix("added “One”"), "\(lines)")
        let json = try #require(parseJSON(await sandbox.ok("history", "--json").stdoutBytes) as? [[String: Any]])
        #expect(json.map { $0["command"] as? String } == ["rename", "add"])
        #expect(json.map { $0["undone"] as? Bool } == [true, false])
        #expect(json[0]["summary"] as? String == "renamed “One” to “Two”")
        #expect(Set(json[0].keys) == ["time", "command", "machine", "projects", "summary", "undone"])
        #expect((json[0]["projects"] as? [String])?.count == 1)
        await sandbox.ok("add", "Three")
        let redo = await sandbox.run("redo")
        #expect(redo.status == 1 && redo.stderr.contains("nothing to redo"), "\(redo)")
        let french = await sandbox.run(["history"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.stdout.contains("«\u{A0}One\u{A0}» renommé en «\u{A0}Two\u{A0}» (modification annulée)"), "\(french)")
    }

    @Test("a change that changes nothing says so, exits 0, records nothing; undo takes back the change before it")
    func changesThatChangeNothing() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Winter", "-d", "notes")
        await sandbox.ok("add", "Spring", "--no-folder")
        let changes: [([String], String)] = [
            (["rename", "Winter", "Winter"], "“Winter” already has that name: nothing changed."),
            (["rename", "winter", "Winter"], "“Winter” already has that name: nothing changed."),
            (["edit", "Winter", "--target", "0"], "“Winter” already has these values: nothing changed."),
            (["edit", "Winter", "--due", ""], "“Winter” already has these values: nothing changed."),
            (["edit", "Winter", "-d", "notes"], "“Winter” already has these values: nothing changed."),
        ]
        for (arguments, said) in changes {
            let history = await sandbox.ok("history", "--json").stdout
            let store = sandbox.storeBytes()
            let result = await sandbox.run(arguments)
            #expect(result.status == 0 && result.lines == [said] && result.stderr == "", "\(arguments): \(result)")
            #expect(await sandbox.ok("history", "--json").stdout == history, "\(arguments)")
            #expect(sandbox.storeBytes() == store, "\(arguments)")
        }
        let undone = await sandbox.ok("undo")
        #expect(undone.stdout.contains("“Spring”"), "\(undone)")
        #expect(await sandbox.names() == ["Winter"])
        #expect(FileManager.default.fileExists(atPath: sandbox.root + "/Writing/Winter"))
    }

    @Test("clearing the history asks first; scripts say --yes; the projects stay")
    func clear() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Kept")
        let refused = await sandbox.run("history", "--clear")
        #expect(refused.status == 1 && refused.stderr.contains("--yes"), "\(refused)")
        await sandbox.ok("history", "--clear", "--yes")
        #expect(await sandbox.ok("history").stdout == "No change has been recorded yet.\n")
        #expect(await sandbox.names() == ["Kept"])
        #expect(await sandbox.run("undo").status == 1)
    }

    @Test("a damaged history: undo, redo and history refuse (exit 3); other commands go on and warn")
    func damagedHistory() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Before")
        let path = sandbox.store + ".history"
        try "{\"history\": 1}\ngarbage\n".write(toFile: path, atomically: true, encoding: .utf8)
        for command in ["undo", "redo", "history"] {
            let result = await sandbox.run(command)
            #expect(result.status == 3 && result.stderr.contains(path) && result.stderr.contains("history --clear"), "\(result)")
        }
        let added = await sandbox.run("add", "After")
        #expect(added.status == 0, "\(added)")
        #expect(added.stderr.components(separatedBy: "not recorded").count == 2, "warned once:\n\(added)")
        #expect(await sandbox.names() == ["After", "Before"])
        try "{\"history\": 99}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let newer = await sandbox.run("undo")
        #expect(newer.status == 3 && newer.stderr.contains("newer version"), "\(newer)")
        await sandbox.ok("history", "--clear", "--yes")
        await sandbox.ok("rename", "After", "Later")
        #expect(await sandbox.ok("undo").stdout == "Undone: renamed “Later” back to “After”.\n")
    }
}
