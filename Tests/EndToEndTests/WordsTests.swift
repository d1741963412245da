import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Words, targets and due dates through the real binary: `files`, `show`, `list --words`,
/// `edit`/`add --target --due`, export and import, bad input and other languages.
@Suite("words, targets and due dates")
struct WordsTests {
    /// A novel in `$HOME/Writing/Novel`: chapters numbered past 9, accents, Japanese, Markdown,
    /// a folder of the writer's own, a note, an image and a hidden folder.
    private func novel(_ sandbox: Sandbox) async throws -> String {
        await sandbox.ok("add", "Novel", "-t", "novel")
        let folder = sandbox.root + "/Writing/Novel"
        try write("---\ntitle: Ten\n---\n# Chapter ten\n\nL’été arrive, *enfin*.", at: folder + "/Chapters/Chapter 10.md")
        try write("See [the map](https://example.com/a-b-c).", at: folder + "/Chapters/Chapter 2.md")
        try write("日本語の文章", at: folder + "/Scenes/tokyo.md")
        try write("one two", at: folder + "/Extras/more.txt")
        try write("a note", at: folder + "/notes.TXT")
        try write("PNG", at: folder + "/cover.png")
        try write("git internals", at: folder + "/.git/config.md")
        return folder
    }

    private func write(_ text: String, at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Every path under `folder` with its size and modification time: what "nothing written" means.
    private func snapshot(_ folder: String) -> [String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return paths.sorted().map { path in
            let attributes = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + path)) ?? [:]
            return "\(path) \(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
        }
    }

    /// Today in `zone`, `offset` days on, as `YYYY-MM-DD`.
    private func day(_ offset: Int, in zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let date = calendar.date(byAdding: .day, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test("files: the tree in manuscript order, each file's words, each folder's total, the project's total")
    func filesTree() async throws {
        let sandbox = try Sandbox()
        let folder = try await novel(sandbox)
        let before = snapshot(folder)
        let result = await sandbox.ok("files", "novel")
        #expect(result.lines == [
            "Files of “Novel” in \(folder)",
            "Chapters/        8",
            "  Chapter 2.md   3",
            "  Chapter 10.md  5",
            "Scenes/          6",
            "  tokyo.md       6",
            "Characters/      0",
            "Locations/       0",
            "Research/        0",
            "Set Aside/       0",
            "Extras/          2",
            "  more.txt       2",
            "cover.png",
            "notes.TXT        2",
            "Total: 18 words in 5 files",
        ], "\(result)")
        #expect(snapshot(folder) == before, "files writes nothing in the folder")
    }

    @Test("files --json: name, folder, words and the files in the order shown")
    func filesJSON() async throws {
        let sandbox = try Sandbox()
        let folder = try await novel(sandbox)
        let result = await sandbox.ok("files", "Novel", "--json")
        let object = try #require(parseJSON(result.stdoutBytes) as? [String: Any], "\(result)")
        #expect(Set(object.keys) == ["name", "folder", "words", "files"])
        #expect(object["name"] as? String == "Novel")
        #expect(object["folder"] as? String == folder)
        #expect(object["words"] as? Int == 18)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == [
            "Chapters/Chapter 2.md", "Chapters/Chapter 10.md", "Scenes/tokyo.md", "Extras/more.txt", "cover.png", "notes.TXT",
        ])
        #expect(files.map { $0["words"] as? Int } == [3, 5, 6, 2, nil, 2])
        #expect(files[4]["words"] is NSNull)
        for file in files {
            #expect(Set(file.keys) == ["path", "words", "modified"])
            #expect(matches(file["modified"] as? String ?? "", timestampPattern))
        }
    }

    @Test("files refuses a project without a folder, or whose folder is gone or is a pipe (exit 1)")
    func filesWithoutAFolder() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Entry", "--no-folder")
        let entry = await sandbox.run("files", "Entry")
        #expect(entry.status == 1 && entry.stdout.isEmpty)
        #expect(entry.stderr.contains("“Entry” has no folder"), "\(entry)")
        await sandbox.ok("add", "Gone")
        let folder = sandbox.root + "/Writing/Gone"
        try FileManager.default.removeItem(atPath: folder)
        let gone = await sandbox.run("files", "Gone")
        #expect(gone.status == 1 && gone.stderr.contains("\(folder), is not on disk"), "\(gone)")
        #expect(mkfifo(folder, 0o600) == 0)
        let pipe = await sandbox.run("files", "Gone")
        #expect(pipe.status == 1 && !pipe.timedOut && pipe.stdout.isEmpty, "\(pipe)")
    }

    @Test("bad input inside the folder: a pipe, a dangling link and bytes that are not UTF-8 are no crash")
    func badInputInside() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Odd")
        let folder = sandbox.root + "/Writing/Odd"
        #expect(mkfifo(folder + "/pipe.md", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.md", withDestinationPath: folder + "/nowhere.md")
        try Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x6E, 0x6F, 0x69, 0x72, 0xFF]).write(to: URL(fileURLWithPath: folder + "/latin1.txt"))
        let result = await sandbox.ok("files", "Odd")
        #expect(!result.timedOut)
        #expect(result.lines.contains("gone.md") && result.lines.contains("pipe.md"), "\(result)")
        // "caf", "noir": the bad bytes separate words.
        #expect(result.lines.last == "Total: 2 words in 1 file", "\(result)")
    }

    @Test("an unreadable file and folder are named once each on standard error; the rest is counted (exit 0)")
    func unreadable() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Locked")
        let folder = sandbox.root + "/Writing/Locked"
        try write("three words here", at: folder + "/open.md")
        try write("secret", at: folder + "/closed.md")
        try write("more", at: folder + "/Vault/inner.md")
        #expect(chmod(folder + "/closed.md", 0) == 0 && chmod(folder + "/Vault", 0) == 0)
        defer { _ = chmod(folder + "/Vault", 0o755) }
        let result = try await sandbox.runWherePermissionsApply("files", "Locked")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.last == "Total: 3 words in 1 file", "\(result)")
        let problems = RunResult.lines(result.stderr)
        #expect(problems.count == 2, "\(result)")
        #expect(problems.contains("Cannot read \(folder)/closed.md: permission denied. It is not counted."), "\(result)")
        #expect(problems.contains("Cannot read the folder \(folder)/Vault: permission denied. The files in it are not counted."), "\(result)")
    }

    @Test("the project's folder itself unreadable: files refuses it (exit 1); show shows the rest and says why there are no words")
    func unreadableFolder() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Shut")
        let folder = sandbox.root + "/Writing/Shut"
        let files = try await sandbox.runWherePermissionsApply("files", "Shut")
        #expect(files.status == 0, "the folder is readable before the test closes it: \(files)")
        #expect(chmod(folder, 0) == 0)
        defer { _ = chmod(folder, 0o755) }
        let refused = try await sandbox.runWherePermissionsApply("files", "Shut")
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        #expect(refused.stderr.contains("Cannot read the folder of “Shut”, \(folder): permission denied"), "\(refused)")
        let shown = try await sandbox.runWherePermissionsApply("show", "Shut")
        #expect(shown.status == 0 && shown.lines.contains { $0.hasPrefix("Name ") }, "\(shown)")
        #expect(!shown.lines.contains { $0.hasPrefix("Words ") }, "\(shown)")
        #expect(shown.stderr.contains("permission denied"), "\(shown)")
    }

    @Test("show: the words, the last change, the target's progress, the days left in the local time zone, the words a day")
    func showProgress() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        // Kiritimati (UTC+14) and Pago Pago (UTC-11) are always on different days.
        let zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"]
        let due = day(5, in: zones[0])
        await sandbox.ok("edit", "Novel", "--target", "1018", "--due", due)
        for zone in zones {
            let result = await sandbox.run(["show", "Novel"], environment: ["TZ": zone])
            #expect(result.status == 0, "\(result)")
            func value(_ label: String) -> String? {
                result.lines.first { $0.hasPrefix(label + " ") }.map { String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
            }
            let daysLeft = (0...10).first { day($0, in: zone) == due }!
            #expect(value("Words") == "18 words in 5 files")
            #expect(value("Last change")?.contains("2") == true)
            #expect(value("Target") == "1,018 words, 1% written")
            #expect(value("Due")?.hasSuffix(", \(daysLeft) days left") == true, "\(zone): \(result)")
            // The words missing this morning over the days left and today, rounded up: today's
            // need is set by the morning's words, as progress sets it. add counted the empty
            // folder, so in Kiritimati, the first shown, the 18 words are today's and 1,018 were
            // missing this morning; in Pago Pago, a day behind, they fall on Kiritimati's date,
            // tomorrow there, and 1,000 were missing.
            let missing = zone == zones[0] ? 1018 : 1000
            let perDay = (missing + daysLeft) / (daysLeft + 1)
            #expect(value("Each day") == "\(perDay) words to write, today included, to reach the target in time", "\(result)")
            // The next show's count a second later: two counts of the same words in the same second
            // could be taken in either order, and the 18 words on either's day.
            try await Task.sleep(nanoseconds: 1_100_000_000)
        }
    }

    @Test("show: due today, overdue in words, and a passed date once the target is reached")
    func dueInWords() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        let cases: [(Int, String, String)] = [(0, "100", "due today"), (-1, "100", "overdue by 1 day"), (-4, "", "overdue by 4 days"),
                                              (-2, "18", "2 days ago"), (1, "100", "1 day left")]
        for (offset, target, expected) in cases {
            await sandbox.ok("edit", "Novel", "--due", day(offset, in: "UTC"), "--target", target)
            let due = await sandbox.ok("show", "Novel").lines.first { $0.hasPrefix("Due ") }
            #expect(due?.hasSuffix(", " + expected) == true, "\(offset) \(target): \(String(describing: due))")
        }
    }

    @Test("show --json always has words, target and due")
    func showJSON() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        await sandbox.ok("add", "Entry", "--no-folder", "--target", "500", "--due", "2030-01-01")
        let novel = try #require(await sandbox.showJSON("Novel"))
        #expect(Set(novel.keys) == countedProjectFields)
        #expect(novel["words"] as? Int == 18 && novel["target"] is NSNull && novel["due"] is NSNull)
        let entry = try #require(await sandbox.showJSON("Entry"))
        #expect(entry["words"] is NSNull && entry["target"] as? Int == 500 && entry["due"] as? String == "2030-01-01")
    }

    @Test("list --words: a words column and the percent of the target; list alone counts nothing")
    func listWords() async throws {
        let sandbox = try Sandbox()
        _ = try await novel(sandbox)
        await sandbox.ok("edit", "Novel", "--target", "72")
        await sandbox.ok("add", "Entry", "--no-folder")
        let result = await sandbox.ok("list", "--words")
        #expect(result.lines.first { $0.hasPrefix("Entry ") }?.hasSuffix("  —") == true, "\(result)")
        #expect(result.lines.first { $0.hasPrefix("Novel ") }?.hasSuffix("  18 words  25%") == true, "\(result)")
        let plain = await sandbox.ok("list")
        #expect(!plain.stdout.contains("words") && !plain.stdout.contains("%"))
        let json = await sandbox.listJSON("--words")
        #expect(json.allSatisfy { Set($0.keys) == countedProjectFields })
        #expect(json.map { $0["words"] as? Int } == [nil, 18])
        #expect(await sandbox.listJSON().allSatisfy { Set($0.keys) == projectFields })
    }

    @Test("edit --target/--due: set together with the details in one change, cleared with 0 or an empty value")
    func editTargetAndDue() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Novel")
        let set = await sandbox.ok("edit", "Novel", "-d", "Second draft", "--target", "80000", "--due", "2027-03-31")
        #expect(set.lines == ["Updated the details of “Novel”.", "The target of “Novel”: 80,000 words.", "“Novel” is due on March 31, 2027."])
        var shown = try #require(await sandbox.showJSON("Novel"))
        #expect(shown["details"] as? String == "Second draft" && shown["target"] as? Int == 80000 && shown["due"] as? String == "2027-03-31")
        await sandbox.ok("edit", "Novel", "--target", "0")
        await sandbox.ok("edit", "Novel", "--due", "")
        shown = try #require(await sandbox.showJSON("Novel"))
        #expect(shown["target"] is NSNull && shown["due"] is NSNull && shown["details"] as? String == "Second draft")
        await sandbox.ok("edit", "Novel", "--target", "12")
        await sandbox.ok("edit", "Novel", "--target", "")
        #expect(try #require(await sandbox.showJSON("Novel"))["target"] is NSNull)
    }

    @Test("a target that is not a whole number or a date that is not a real YYYY-MM-DD: exit 2, saying what is expected")
    func badValues() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Novel")
        let store = sandbox.storeBytes()
        let expectations = [
            ("--target", "ten", "use a whole number of words, such as 80000 or 80,000"),
            ("--target", "2.5", "it may be a decimal, but a target is a whole number of words"),
            ("--target", "1,5", "it may be a decimal, but a target is a whole number of words"),
            ("--target", "-1", "use a whole number of words"),
            ("--due", "2027-02-29", "use a real date as YYYY-MM-DD"), ("--due", "31/03/2027", "use a real date as YYYY-MM-DD"),
        ]
        for (option, value, expected) in expectations {
            let result = await sandbox.run("edit", "Novel", option, value)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("“\(value)” is not a valid value for \(option): \(expected)"), "\(result)")
            let added = await sandbox.run("add", "Other", option, value)
            #expect(added.status == 2, "\(added)")
        }
        #expect(sandbox.storeBytes() == store)
        let folder = await sandbox.run("edit", "Novel", "--due", "2027-01-01", "--no-folder")
        #expect(folder.status == 2 && folder.stderr.contains("--due, --no-folder"), "\(folder)")
        let nothing = await sandbox.run("edit", "Novel")
        #expect(nothing.status == 2 && nothing.stderr.contains("--target") && nothing.stderr.contains("--due"), "\(nothing)")
    }

    @Test("add --target --due, and export and import carry them")
    func addExportImport() async throws {
        let sandbox = try Sandbox()
        let added = await sandbox.ok("add", "Novel", "--target", "90000", "--due", "2028-02-29", "--no-folder")
        #expect(added.lines.contains("The target of “Novel”: 90,000 words."), "\(added)")
        #expect(added.lines.contains("“Novel” is due on February 29, 2028."), "\(added)")
        let exported = await sandbox.ok("export")
        let document = try #require(parseJSON(exported.stdoutBytes) as? [String: Any])
        let project = try #require((document["projects"] as? [[String: Any]])?.first)
        #expect(project["target"] as? Int == 90000 && project["due"] as? String == "2028-02-29")
        let other = try Sandbox()
        let imported = await other.run(["import", "-"], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported)")
        let shown = try #require(await other.showJSON("Novel"))
        #expect(shown["target"] as? Int == 90000 && shown["due"] as? String == "2028-02-29")
    }

    @Test("a version-2 store written before targets is read as having none, and keeps working")
    func storeWithoutTargets() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeStore(Array(exportDocument([DocumentProject(id: uuid("22222222", 2), name: "Old", type: "novel")], version: 2).utf8))
        let old = try #require(await sandbox.showJSON("Old"))
        #expect(old["target"] is NSNull && old["due"] is NSNull && old["words"] is NSNull)
        await sandbox.ok("edit", "Old", "--target", "10")
        #expect(try #require(await sandbox.showJSON("Old"))["target"] as? Int == 10)
    }

    @Test("a target typed as the tool writes it in each language, or as digits; what may be a decimal refused")
    func groupedTargets() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Novel")
        let accepted = [
            ("en_US.UTF-8", "90,000"), ("fr_FR.UTF-8", "90\u{202F}000"), ("fr_FR.UTF-8", "90\u{A0}000"), ("fr_FR.UTF-8", "90 000"),
            ("de_DE.UTF-8", "90.000"), ("es_ES.UTF-8", "90.000"), ("fr_FR.UTF-8", "90000"), ("de_DE.UTF-8", "90000"),
        ]
        for (locale, typed) in accepted {
            let result = await sandbox.run(["edit", "Novel", "--target", typed], environment: ["LANG": locale])
            #expect(result.status == 0, "\(locale) \(typed): \(result)")
            #expect(try #require(await sandbox.showJSON("Novel"))["target"] as? Int == 90_000, "\(locale) \(typed)")
            await sandbox.ok("edit", "Novel", "--target", "0")
        }
        let store = sandbox.storeBytes()
        let refused = [
            ("fr_FR.UTF-8", "80,5", "on peut y lire un nombre décimal"), ("de_DE.UTF-8", "90,000", "Das kann eine Dezimalzahl sein"),
            ("es_ES.UTF-8", "1,5", "puede ser un número decimal"), ("en_US.UTF-8", "80.000", "it may be a decimal"),
        ]
        for (locale, typed, said) in refused {
            let result = await sandbox.run(["edit", "Novel", "--target", typed], environment: ["LANG": locale])
            #expect(result.status == 2 && result.stderr.contains(said), "\(locale) \(typed): \(result)")
        }
        #expect(sandbox.storeBytes() == store)
    }

    @Test("numbers grouped and plurals chosen in French, German and Spanish")
    func otherLanguages() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Poem", "-t", "poetry", "--target", "12345", "--due", day(1, in: "UTC"))
        try write("one", at: sandbox.root + "/Writing/Poem/Draft/poem.md")
        let expectations: [(String, [String])] = [
            // 12,345 missing this morning (add counted the empty folder) over 2 days: 6,173 a day.
            ("fr_FR.UTF-8", ["12\u{202F}345 mots, 0\u{202F}% écrits", "1 jour restant", "6\u{202F}173 mots à écrire", "Total\u{A0}: 1 mot dans 1 fichier"]),
            ("de_DE.UTF-8", ["12.345 Wörter, 0\u{A0}% geschrieben", "noch 1 Tag", "6.173 Wörter zu schreiben", "Gesamt: 1 Wort in 1 Datei"]),
            ("es_ES.UTF-8", ["12.345 palabras, 0\u{A0}% escrito", "queda 1 día", "6173 palabras por escribir", "En total: 1 palabra en 1 archivo"]),
        ]
        for (locale, texts) in expectations {
            let shown = await sandbox.run(["show", "Poem"], environment: ["LANG": locale])
            let files = await sandbox.run(["files", "Poem"], environment: ["LANG": locale])
            for text in texts {
                #expect(shown.stdout.contains(text) || files.stdout.contains(text), "\(locale) lacks “\(text)”:\n\(shown)\n\(files)")
            }
        }
    }
}
