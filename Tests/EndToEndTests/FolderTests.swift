import Foundation
import Testing

/// Project folders through the real binary, against a temporary root (`$HOME/Writing` of the sandbox).
@Suite("project folders")
struct FolderTests {
    private func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    @Test("add makes the kind's folders in ~/Writing; show, path and the JSON give the folder")
    func addShowPath() async throws {
        let sandbox = try Sandbox()
        let writing = sandbox.root + "/Writing"
        let added = await sandbox.ok("add", "My Novel: Part 1", "--type", "novel")
        #expect(added.stdout.contains("Its folder: \(writing)/My Novel- Part 1\n"), "\(added)")
        #expect(listing(writing + "/My Novel- Part 1") == ["Chapters", "Characters", "Locations", "Research", "Scenes", "Set Aside"])
        await sandbox.ok("add", "Sonnets", "-t", "poetry")
        #expect(listing(writing + "/Sonnets") == ["Collections", "Draft", "Published", "Ready", "Research", "Set Aside", "Submissions"])
        let path = await sandbox.ok("path", "my novel: part 1")
        #expect(path.stdout == writing + "/My Novel- Part 1\n")
        #expect(await sandbox.showJSON("Sonnets")?["folder"] as? String == writing + "/Sonnets")
        #expect(await sandbox.listJSON().compactMap { $0["folder"] as? String } == [writing + "/My Novel- Part 1", writing + "/Sonnets"])
        let shown = await sandbox.ok("show", "Sonnets")
        #expect(shown.lines.contains { $0.hasPrefix("Folder ") && $0.hasSuffix("  \(writing)/Sonnets") }, "\(shown)")
    }

    @Test("a list entry only: --no-folder, and a store from before folders; --new-folder gives one")
    func withoutFolders() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeStore(Array(exportDocument([DocumentProject(id: uuid("11111111", 1), name: "Old One", type: "novel")]).utf8))
        await sandbox.ok("add", "Notes", "--no-folder")
        for name in ["Old One", "Notes"] {
            let path = await sandbox.run("path", name)
            #expect(path.status == 1 && path.stderr.contains("has no folder") && path.stderr.contains("--new-folder"), "\(path)")
            #expect(await sandbox.showJSON(name)?["folder"] is NSNull)
        }
        #expect(!isFolder(sandbox.root + "/Writing/Old One"), "nothing is made for an old store until asked")
        let made = await sandbox.ok("edit", "Old One", "--new-folder")
        #expect(made.stdout.contains(sandbox.root + "/Writing/Old One"), "\(made)")
        #expect(listing(sandbox.root + "/Writing/Old One").contains("Chapters"))
        let again = await sandbox.run("edit", "Old One", "--new-folder")
        #expect(again.status == 1 && again.stderr.contains("already has a folder"), "\(again)")
        let document = try #require(parseJSON(sandbox.storeBytes() ?? []) as? [String: Any])
        #expect(document["version"] as? Int == 3, "the first change writes format 3")
    }

    @Test("rename renames the folder; delete moves it to .trash with its files and says so")
    func renameAndDelete() async throws {
        let sandbox = try Sandbox()
        let writing = sandbox.root + "/Writing"
        await sandbox.ok("add", "Draft", "-t", "novel")
        try "It was a dark night.".write(toFile: writing + "/Draft/Chapters/one.md", atomically: true, encoding: .utf8)
        let renamed = await sandbox.ok("rename", "Draft", "Winter")
        #expect(renamed.stdout == "Renamed “Draft” to “Winter”.\nIts folder is now \(writing)/Winter.\n")
        #expect(FileManager.default.fileExists(atPath: writing + "/Winter/Chapters/one.md"))
        let deleted = await sandbox.ok("delete", "Winter", "--yes")
        #expect(deleted.stdout == "Deleted “Winter”.\nIts folder, holding 1 file, was moved to \(writing)/.trash/Winter.\n")
        #expect(FileManager.default.fileExists(atPath: writing + "/.trash/Winter/Chapters/one.md"))
        await sandbox.ok("add", "Winter")
        let second = await sandbox.ok("delete", "Winter", "--yes")
        #expect(second.stdout.contains("\(writing)/.trash/Winter (2)"), "a free name in the trash:\n\(second)")
        await sandbox.ok("add", "Kept")
        let kept = await sandbox.ok("delete", "Kept", "--yes", "--keep-folder")
        #expect(kept.stdout.contains("Its folder \(writing)/Kept stays where it is."), "\(kept)")
        #expect(isFolder(writing + "/Kept"))
    }

    @Test("a folder of the writer's: attached, never renamed or moved; refusals name the reason")
    func attachedFolders() async throws {
        let sandbox = try Sandbox()
        let mine = sandbox.root + "/Documents/my novel"
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        await sandbox.ok("add", "Mine", "--folder", "Documents/my novel")  // relative to the current folder
        #expect(listing(mine).isEmpty, "nothing is written in an attached folder")
        await sandbox.ok("rename", "Mine", "Ours")
        await sandbox.ok("delete", "Ours", "--yes")
        #expect(isFolder(mine))
        await sandbox.ok("add", "First")
        let refusals: [(String, String)] = [
            (sandbox.root + "/Writing/First", "already the folder of “First”"),
            (sandbox.root + "/Writing/First/..", "root"),
            (sandbox.root, "root"),
            (sandbox.root + "/nowhere", "There is no folder"),
        ]
        for (folder, reason) in refusals {
            let result = await sandbox.run("add", "Second", "--folder", folder)
            #expect(result.status == 1 && result.stderr.contains(reason), "\(folder):\n\(result)")
        }
        let both = await sandbox.run("add", "Second", "--folder", mine, "--no-folder")
        #expect(both.status == 2, "\(both)")
        #expect(await sandbox.names() == ["First"])
        await sandbox.ok("edit", "First", "--folder", mine)
        let detached = await sandbox.ok("edit", "First", "--no-folder")
        #expect(detached.stdout.contains("\(mine) stays where it is"), "\(detached)")
        #expect(isFolder(mine) && isFolder(sandbox.root + "/Writing/First"))
    }

    @Test("a folder removed by hand: show says so, path and open refuse, rename and delete go on")
    func removedByHand() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Gone")
        try FileManager.default.removeItem(atPath: sandbox.root + "/Writing/Gone")
        let shown = await sandbox.ok("show", "Gone")
        #expect(shown.stdout.contains("missing: not found on disk"), "\(shown)")
        for command in [["path", "Gone"], ["open", "Gone"]] {
            let result = await sandbox.run(command, environment: ["EDITOR": "true"])
            #expect(result.status == 1 && result.stderr.contains("is not on disk"), "\(result)")
        }
        let renamed = await sandbox.ok("rename", "Gone", "Lost")
        #expect(renamed.stdout.contains("was not found on disk"), "\(renamed)")
        let deleted = await sandbox.ok("delete", "Lost", "--yes")
        #expect(deleted.stdout.contains("was not found on disk"), "\(deleted)")
        #expect(listing(sandbox.root + "/Writing").isEmpty, "nothing recreated")
    }

    @Test("open runs $VISUAL, else $EDITOR, with its arguments, in the folder; --shell runs $SHELL")
    func open() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Novel")
        let folder = sandbox.root + "/Writing/Novel"
        let record = sandbox.root + "/record"
        let editor = try sandbox.file("editor.sh", "#!/bin/sh\n{ pwd; for a in \"$@\"; do echo \"[$a]\"; done; } > \(record)\nexit ${FAIL:-0}\n")
        chmod(editor, 0o755)
        let withEditor = await sandbox.run(["open", "novel"], environment: ["EDITOR": "\(editor) -w"])
        #expect(withEditor.status == 0, "\(withEditor)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "\(folder)\n[-w]\n[\(folder)]\n")
        _ = await sandbox.run(["open", "novel"], environment: ["EDITOR": "false", "VISUAL": editor])
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "\(folder)\n[\(folder)]\n", "VISUAL comes first")
        let shell = await sandbox.run(["open", "novel", "--shell"], environment: ["SHELL": editor])
        #expect(shell.status == 0, "\(shell)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "\(folder)\n", "the shell starts in the folder")
        let none = await sandbox.run(["open", "novel"])
        #expect(none.status == 1 && none.stderr.contains("VISUAL") && none.stderr.contains("EDITOR"), "\(none)")
        let failing = await sandbox.run(["open", "novel"], environment: ["EDITOR": editor, "FAIL": "3"])
        #expect(failing.status == 1 && failing.stderr.contains(editor) && failing.stderr.contains("status 3"), "\(failing)")
    }

    @Test("root: ~/Writing by default, a saved root, PROJECT_ROOT over both; changing it moves nothing")
    func root() async throws {
        let sandbox = try Sandbox()
        #expect(await sandbox.ok("root").stdout == sandbox.root + "/Writing\n")
        await sandbox.ok("add", "Before")
        let saved = await sandbox.ok("root", "Elsewhere")
        #expect(saved.stdout.contains("\(sandbox.root)/Elsewhere"), "\(saved)")
        #expect(saved.stdout.contains("Nothing was moved"), "\(saved)")
        #expect(await sandbox.ok("root").stdout == sandbox.root + "/Elsewhere\n")
        await sandbox.ok("add", "After")
        #expect(isFolder(sandbox.root + "/Elsewhere/After"), "the root is made when first needed")
        #expect(await sandbox.ok("path", "Before").stdout == sandbox.root + "/Writing/Before\n")
        let overridden = await sandbox.run(["root"], environment: ["PROJECT_ROOT": sandbox.root + "/env"])
        #expect(overridden.stdout == sandbox.root + "/env\n")
        let document = try #require(parseJSON(sandbox.storeBytes() ?? []) as? [String: Any])
        #expect(document["root"] as? String == sandbox.root + "/Elsewhere")
        let folders = (document["projects"] as? [[String: Any]])?.compactMap { $0["folder"] as? String }
        #expect(folders == [sandbox.root + "/Writing/Before", "After"], "inside the root relative, outside absolute")
    }

    @Test("folders are named in the user's language; a template of the writer's replaces them")
    func languageAndTemplates() async throws {
        let sandbox = try Sandbox()
        await sandbox.run(["add", "Roman", "-t", "novel"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(listing(sandbox.root + "/Writing/Roman") == ["Chapitres", "De côté", "Documentation", "Lieux", "Personnages", "Scènes"])
        let template = sandbox.root + "/.config/project/templates/script"
        try FileManager.default.createDirectory(atPath: template + "/Acts/Act One", withIntermediateDirectories: true)
        try "title: ".write(toFile: template + "/.meta", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: template + "/link", withDestinationPath: "/etc")
        let types = await sandbox.ok("types")
        #expect(types.stdout.contains("copied from your template \(template)"), "\(types)")
        await sandbox.ok("add", "Play", "-t", "script")
        let play = sandbox.root + "/Writing/Play"
        #expect(listing(play) == [".meta", "Acts", "Acts/Act One", "link"])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: play + "/link")) == "/etc", "links are copied, not followed")
    }

    @Test("import never makes a folder, and refuses a document whose projects share one")
    func importFolders() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Here")
        let exported = await sandbox.ok("export")
        let other = try Sandbox()
        let shared = exported.stdout.replacingOccurrences(of: "\"name\": \"Here\"", with: "\"name\": \"Also Here\"")
        try other.writeStore(Array(exported.stdout.utf8))
        let refused = await other.run(["import", "-"], stdin: Array(shared.utf8))
        #expect(refused.status == 1 && refused.stderr.contains("already the folder of “Here”"), "\(refused)")
        let empty = try Sandbox()
        await empty.ok("import", try empty.file("doc.json", exported.stdout))
        #expect(!isFolder(empty.root + "/Writing/Here"), "import records the folder, makes nothing")
        #expect(await empty.showJSON("Here")?["folder"] as? String == empty.root + "/Writing/Here")
    }
}
