import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ProjectCLI
import ProjectStore
import ProjectStoreFile

/// `files`, the words in `show` and `list --words`, and the target and due date of `edit` and `add`,
/// run in process against a temporary root on the real disk.
@Suite struct WordsCommandTests {
    let tool: ToolHarness

    init() throws {
        tool = try ToolHarness()
    }

    /// Writes `text` at `path` inside the project's folder, making the folders on the way.
    func write(_ text: String, at path: String, in project: String) throws {
        let url = URL(fileURLWithPath: tool.root + "/" + project + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A novel with chapters numbered past 9, a folder of the writer's own, a note and an image.
    func novel() throws {
        tool.add("Novel", "-t", "novel")
        try write("one two three", at: "Chapters/Chapter 10.md", in: "Novel")
        try write("# Four *five*", at: "Chapters/Chapter 2.md", in: "Novel")
        try write("six", at: "notes.txt", in: "Novel")
        try write("not text", at: "cover.png", in: "Novel")
        try write("seven eight", at: "Appendix/a.md", in: "Novel")
        try write("hidden words", at: ".git/HEAD.md", in: "Novel")
    }

    /// The date `days` after today on the writer's calendar, as `--due` takes it.
    func day(_ days: Int) -> String {
        let later = Calendar.current.date(byAdding: .day, value: days, to: Date())!
        return CalendarDay(later, in: .current).description
    }

    // MARK: files

    @Test func filesShowsTheTreeInManuscriptOrderWithTotals() throws {
        try novel()
        let result = tool.run(["files", "Novel"])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        let lines = result.output.lines.map { String($0) }
        #expect(lines[0] == "Files of “Novel” in \(tool.root)/Novel")
        #expect(lines[1] == "Chapters/        5")
        #expect(lines[2] == "  Chapter 2.md   2")
        #expect(lines[3] == "  Chapter 10.md  3")
        // The kind's folders in their order, then the writer's own, then files by name.
        #expect(lines[4].hasPrefix("Scenes/"))
        #expect(lines.firstIndex { $0.hasPrefix("Appendix/") }! > lines.firstIndex { $0.hasPrefix("Set Aside/") }!)
        #expect(lines.contains("  a.md           2"))
        #expect(lines.contains("cover.png"), "a file that is not text is listed without a count: \(lines)")
        #expect(lines.contains("notes.txt        1"))
        #expect(!result.output.contains(".git") && !result.output.contains("HEAD"))
        #expect(result.output.hasSuffix("\nTotal: 8 words in 4 files\n"))
    }

    /// Wide characters take two cells: the numbers still end in one column.
    @Test func wordsStayInOneColumnWhateverTheNames() throws {
        tool.add("Tokyo")
        try write("東京の夜", at: "東京.md", in: "Tokyo")
        try write(Array(repeating: "word", count: 12_345).joined(separator: " "), at: "a.md", in: "Tokyo")
        try write("x", at: "Notes/é.txt", in: "Tokyo")
        let lines = tool.run(["files", "Tokyo"]).output.lines.dropFirst().dropLast(2)
        #expect(lines.count == 4, "\(lines)")
        #expect(Set(lines.map { cells($0) }).count == 1, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("東京.md") && $0.hasSuffix("  4") })
        #expect(lines.contains { $0.hasPrefix("a.md") && $0.hasSuffix("  12,345") })
    }

    @Test func filesJSONHasTheShapeOfTheContract() throws {
        try novel()
        let result = tool.run(["files", "novel", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["name", "folder", "words", "files"])
        #expect(object["name"] as? String == "Novel")
        #expect(object["folder"] as? String == tool.root + "/Novel")
        #expect(object["words"] as? Int == 8)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == [
            "Chapters/Chapter 2.md", "Chapters/Chapter 10.md", "Appendix/a.md", "cover.png", "notes.txt",
        ])
        #expect(files.map { $0["words"] as? Int } == [2, 3, 2, nil, 1])
        #expect(files[3]["words"] is NSNull)
        for file in files {
            #expect(Set(file.keys) == ["path", "words", "modified"])
            let modified = try #require(file["modified"] as? String)
            #expect(modified.contains(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/))
        }
    }

    /// The manuscript's files as compile takes them, from the same folder on disk.
    func compiledFiles(of project: String, language: String = "en") throws -> [String] {
        let assembly = ManuscriptAssembly(kind: .novel, folder: tool.root + "/" + project) { kindFolder in
            CommandContext.namesOnDisk(of: kindFolder, firstIn: language)
        }
        return try assembly.manuscript(from: DiskManuscriptSource(), collator: NameCollator(locale: Locale(identifier: "en")))
            .parts.flatMap(\.files)
    }

    @Test(arguments: [("en_US.UTF-8", "Chapters"), ("fr_FR.UTF-8", "Chapters"), ("en_US.UTF-8", "Chapitres")])
    func filesListsANovelsChaptersInTheOrderCompileTakesThem(locale: String, chapters: String) throws {
        tool.add("Novel", "-t", "novel")
        if chapters != "Chapters" {
            try FileManager.default.moveItem(atPath: tool.root + "/Novel/Chapters", toPath: tool.root + "/Novel/" + chapters)
        }
        // Loose chapter files and chapter folders of scenes, numbered together by the writer.
        try write("one", at: "\(chapters)/Chapter 1.md", in: "Novel")
        try write("two a", at: "\(chapters)/Chapter 2/Scene 1.md", in: "Novel")
        try write("two b", at: "\(chapters)/Chapter 2/Scene 2.md", in: "Novel")
        try write("three", at: "\(chapters)/Chapter 3.md", in: "Novel")
        try write("ten", at: "\(chapters)/Chapter 10/Scene 1.md", in: "Novel")
        try write("ten b", at: "\(chapters)/Chapter 10/Part/Scene 2.md", in: "Novel")
        try write("eleven", at: "\(chapters)/Chapter 11.md", in: "Novel")
        try write("an epilogue", at: "\(chapters)/Epilogue.md", in: "Novel")
        var environment = tool.environment
        environment["LANG"] = locale
        let result = tool.run(["files", "Novel", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let listed = try #require(object["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
            .filter { $0.hasPrefix(chapters + "/") && $0.hasSuffix(".md") }
        let compiled = try compiledFiles(of: "Novel")
        #expect(compiled == [
            "Chapter 1.md", "Chapter 2/Scene 1.md", "Chapter 2/Scene 2.md", "Chapter 3.md", "Chapter 10/Part/Scene 2.md",
            "Chapter 10/Scene 1.md", "Chapter 11.md", "Epilogue.md",
        ].map { chapters + "/" + $0 })
        #expect(listed == compiled)
        // The tree for people shows the same order.
        let tree = tool.run(["files", "Novel"], environment: environment).output.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let chapterLines = tree.filter { $0.hasPrefix("Chapter ") || $0.hasPrefix("Epilogue") }.map { $0.components(separatedBy: "  ")[0] }
        #expect(chapterLines == ["Chapter 1.md", "Chapter 2/", "Chapter 3.md", "Chapter 10/", "Chapter 11.md", "Epilogue.md"], "\(tree)")
    }

    @Test func filesOfAnEmptyFolderSaysSo() {
        tool.add("Empty")
        let result = tool.run(["files", "Empty"])
        #expect(result.status == 0)
        #expect(result.output.lines.map(String.init) == ["Files of “Empty” in \(tool.root)/Empty", "The folder is empty.", ""])
    }

    @Test func filesRefusesAProjectWithoutAFolderOrWithItsFolderGone() throws {
        tool.add("Entry", "--no-folder")
        let none = tool.run(["files", "Entry"])
        #expect(none.status == 1 && none.output.isEmpty)
        #expect(none.error.contains("“Entry” has no folder"), "\(none.error)")
        tool.add("Gone")
        try FileManager.default.removeItem(atPath: tool.root + "/Gone")
        let gone = tool.run(["files", "Gone", "--json"])
        #expect(gone.status == 1)
        #expect(gone.error.contains("\(tool.root)/Gone, is not on disk"), "\(gone.error)")
        // With --json, the refusal is also a JSON object on standard output, no listing.
        let object = try JSONSerialization.jsonObject(with: Data(gone.output.utf8)) as? [String: [String: Any]]
        #expect((object?["error"]?["message"] as? String)?.contains("\(tool.root)/Gone, is not on disk") == true, "\(gone.output)")
    }

    /// A folder replaced by a named pipe is no folder to count: refused, and nothing hangs.
    @Test func filesRefusesAFolderThatIsAPipe() throws {
        tool.add("Piped")
        let path = tool.root + "/Piped"
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let result = tool.run(["files", "Piped"])
        #expect(result.status == 1)
        #expect(result.error.contains("is not on disk"), "\(result.error)")
    }

    /// A pipe and a dangling link inside are listed without a count, never opened.
    @Test func pipesAndDanglingLinksInsideAreListedWithoutACount() throws {
        tool.add("Odd")
        let folder = tool.root + "/Odd"
        #expect(mkfifo(folder + "/pipe.md", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.md", withDestinationPath: folder + "/nothing.md")
        try write("a b", at: "real.md", in: "Odd")
        let result = tool.run(["files", "Odd"])
        #expect(result.status == 0)
        #expect(result.output.lines.contains("pipe.md") && result.output.lines.contains("gone.md"), "\(result.output)")
        #expect(result.output.contains("Total: 2 words in 1 file\n"))
    }

    // Unreadable files and folders: root reads whatever the modes say and this tool runs in process,
    // so those tests are end-to-end, where the binary runs as `nobody` when the tests run as root
    // (EndToEndTests/WordsTests.swift).

    @Test func aFileThatIsNotUTF8IsCountedWithItsBadBytesAsSeparators() throws {
        tool.add("Bytes")
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" au lait".utf8) + [0xFF, 0xFE] + Array("fin".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: tool.root + "/Bytes/latin1.txt"))
        let result = tool.run(["files", "Bytes", "--json"])
        #expect(result.status == 0 && result.error.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        // "caf", "au", "lait", "fin": the bad bytes split words and are none themselves.
        #expect(object["words"] as? Int == 4)
    }

    // MARK: show

    @Test func showGivesTheWordsTheLastChangeAndProgress() throws {
        try novel()
        #expect(tool.run(["edit", "Novel", "--target", "100", "--due", day(9)]).status == 0)
        let result = tool.run(["show", "Novel"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.lines
        func value(_ label: String) -> String? {
            lines.first { $0.hasPrefix(label + " ") }.map { String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
        }
        #expect(value("Words") == "8 words in 4 files")
        #expect(value("Last change")?.isEmpty == false)
        #expect(value("Target") == "100 words, 8% written")
        #expect(value("Due")?.hasSuffix(", 9 days left") == true, "\(result.output)")
        // 92 words missing over 10 days, today included: 9.2, rounded up.
        #expect(value("Each day") == "10 words to write, today included, to reach the target in time")
    }

    @Test(arguments: [
        (1, 0, "1 day left"), (0, 0, "due today"), (-1, 0, "overdue by 1 day"), (-3, 0, "overdue by 3 days"),
        (-2, 8, "2 days ago"),
    ])
    func dueDatesInWords(offset: Int, target: Int, expected: String) throws {
        try novel()
        _ = tool.run(["edit", "Novel", "--due", day(offset), "--target", String(target)])
        let due = tool.run(["show", "Novel"]).output.lines.first { $0.hasPrefix("Due ") }
        #expect(due?.hasSuffix(", " + expected) == true, "\(String(describing: due))")
    }

    @Test func showJSONHasTheWordsTargetAndDue() throws {
        try novel()
        _ = tool.run(["edit", "Novel", "--target", "50000", "--due", "2027-03-31"])
        tool.add("Entry", "--no-folder")
        let counted = try #require(try JSONSerialization.jsonObject(with: Data(tool.run(["show", "Novel", "--json"]).output.utf8)) as? [String: Any])
        #expect(counted["words"] as? Int == 8)
        #expect(counted["target"] as? Int == 50000)
        #expect(counted["due"] as? String == "2027-03-31")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(tool.run(["show", "Entry", "--json"]).output.utf8)) as? [String: Any])
        #expect(entry["words"] is NSNull && entry["target"] is NSNull && entry["due"] is NSNull)
    }

    // MARK: list

    @Test func listWordsAddsTheWordsAndThePercentOfTheTarget() throws {
        try novel()
        _ = tool.run(["edit", "Novel", "--target", "16"])
        tool.add("Entry", "--no-folder")
        let result = tool.run(["list", "--words"])
        #expect(result.status == 0)
        let lines = result.output.lines
        #expect(lines.first { $0.hasPrefix("Novel ") }?.hasSuffix("  8 words  50%") == true, "\(result.output)")
        #expect(lines.first { $0.hasPrefix("Entry ") }?.hasSuffix("  —") == true, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(tool.run(["list", "--words", "--json"]).output.utf8)) as? [[String: Any]])
        #expect(json.map { $0["words"] as? Int } == [nil, 8])
        #expect(json[0]["words"] is NSNull)
    }

    /// `list` alone never looks at a folder, so it is as fast as the store.
    @Test func listWithoutWordsReadsNoFolder() throws {
        try novel()
        let spy = FolderSpy()
        let terminal = FakeTerminal()
        #expect(ProjectTool.run(arguments: ["list"], environment: tool.environment, terminal: terminal, folders: spy) == 0)
        #expect(!terminal.outputText.contains("words"))
        #expect(spy.looks == 0)
        #expect(ProjectTool.run(arguments: ["list", "--words"], environment: tool.environment, terminal: terminal, folders: spy) == 0)
        #expect(spy.looks == 1)
    }

    // MARK: edit and add

    @Test func editSetsAndClearsTheTargetAndTheDueDate() throws {
        tool.add("Novel")
        let set = tool.run(["edit", "Novel", "--target", "80000", "--due", "2027-03-31", "-d", "notes"])
        #expect(set.status == 0)
        #expect(set.output == "Updated the details of “Novel”.\nThe target of “Novel”: 80,000 words.\n“Novel” is due on March 31, 2027.\n")
        var stored = try #require(tool.projects().first)
        #expect(stored["target"] as? Int == 80000 && stored["due"] as? String == "2027-03-31" && stored["details"] as? String == "notes")
        #expect(tool.run(["edit", "Novel", "--target", "0"]).output == "“Novel” has no word target any more.\n")
        #expect(tool.run(["edit", "Novel", "--due", ""]).output == "“Novel” has no due date any more.\n")
        _ = tool.run(["edit", "Novel", "--target", "5"])
        #expect(tool.run(["edit", "Novel", "--target", ""]).status == 0)
        stored = try #require(tool.projects().first)
        #expect(stored["target"] is NSNull && stored["due"] is NSNull && stored["details"] as? String == "notes")
    }

    @Test(arguments: [
        ("--target", "-5"), ("--target", "1.5"), ("--target", "many"), ("--target", " 5"), ("--target", "+5"),
        ("--target", "99999999999999999999"), ("--due", "2027-02-30"), ("--due", "2027-3-31"), ("--due", "tomorrow"),
        ("--due", "2027-03-31T00:00"),
    ])
    func badTargetsAndDatesAreUsageErrors(option: String, value: String) throws {
        tool.add("Novel")
        let before = tool.storeBytes()
        let result = tool.run(["edit", "Novel", option, value])
        #expect(result.status == 2)
        let expected = switch (option, value) {
        case ("--target", "1.5"): "it may be a decimal, but a target is a whole number of words"
        case ("--target", _): "use a whole number of words"
        default: "use a real date as YYYY-MM-DD"
        }
        #expect(result.error.contains("for \(option): \(expected)"), "\(result.error)")
        #expect(tool.storeBytes() == before)
        #expect(tool.run(["add", "Other", option, value]).status == 2)
        #expect(tool.names() == ["Novel"])
    }

    @Test func folderOptionsGoAloneInAnEdit() {
        tool.add("Novel")
        let result = tool.run(["edit", "Novel", "--target", "5", "--no-folder"])
        #expect(result.status == 2)
        #expect(result.error.contains("--target, --no-folder"), "\(result.error)")
    }

    @Test func addTakesATargetAndADueDate() throws {
        let result = tool.run(["add", "Novel", "--target", "1234", "--due", "2027-01-15", "--no-folder"])
        #expect(result.status == 0)
        #expect(result.output.contains("The target of “Novel”: 1,234 words.\n“Novel” is due on January 15, 2027.\n"), "\(result.output)")
        let stored = try #require(tool.projects().first)
        #expect(stored["target"] as? Int == 1234 && stored["due"] as? String == "2027-01-15")
        let plain = tool.run(["add", "Plain", "--target", "0", "--due", "", "--no-folder"])
        #expect(plain.status == 0 && !plain.output.contains("target") && !plain.output.contains("due"))
    }

    @Test func aDueDateAlreadyPastIsKeptAndSaidToBePast() throws {
        tool.add("Novel")
        let late = tool.run(["edit", "Novel", "--due", day(-3)])
        #expect(late.status == 0 && late.error.isEmpty, "\(late.error)")
        #expect(late.output.hasPrefix("“Novel” is due on "), "\(late.output)")
        #expect(late.output.hasSuffix(", a date already past (3 days ago).\n"), "\(late.output)")
        #expect(try #require(tool.projects().first)["due"] as? String == day(-3))
        #expect(tool.run(["edit", "Novel", "--due", day(-1)]).output.hasSuffix("(1 day ago).\n"))
        // Today and later are not past.
        for days in [0, 1] {
            let output = tool.run(["edit", "Novel", "--due", day(days)]).output
            #expect(output.hasPrefix("“Novel” is due on ") && !output.contains("past"), "\(output)")
        }
        let added = tool.run(["add", "Old Poem", "--due", "2001-06-01", "--no-folder"])
        #expect(added.status == 0)
        #expect(added.output.contains("“Old Poem” is due on June 1, 2001, a date already past ("), "\(added.output)")
        #expect(tool.projects().last?["due"] as? String == "2001-06-01")
    }

    @Test(arguments: [
        ("fr_FR.UTF-8", "«\u{A0}Roman\u{A0}» est à rendre le ", "une date déjà passée (il y a 2 jours)."),
        ("de_DE.UTF-8", "„Roman“ ist am ", "fällig – ein Datum, das schon vorbei ist (vor 2 Tagen)."),
        ("es_ES.UTF-8", "«Roman» se entrega el ", "una fecha ya pasada (hace 2 días)."),
        ("en_US.UTF-8", "“Roman” is due on ", "a date already past (2 days ago)."),
    ])
    func aPastDueDateIsSaidInTheWritersLanguage(locale: String, start: String, end: String) throws {
        tool.add("Roman")
        var environment = tool.environment
        environment["LANG"] = locale
        let result = tool.run(["edit", "Roman", "--due", day(-2)], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(start) && result.output.hasSuffix(end + "\n"), "\(result.output)")
    }

    // MARK: Languages

    @Test(arguments: [
        ("fr_FR.UTF-8", "1\u{202F}000 mots, 0\u{202F}% écrits", "Total\u{A0}: 1 mot dans 1 fichier"),
        ("de_DE.UTF-8", "1.000 Wörter, 0\u{A0}% geschrieben", "Gesamt: 1 Wort in 1 Datei"),
        ("es_ES.UTF-8", "1000 palabras, 0\u{A0}% escrito", "En total: 1 palabra en 1 archivo"),
    ])
    func numbersAndPluralsInTheUsersLanguage(locale: String, target: String, total: String) throws {
        tool.add("Poem")
        try write("one", at: "poem.md", in: "Poem")
        _ = tool.run(["edit", "Poem", "--target", "1000", "--due", day(2)])
        var environment = tool.environment
        environment["LANG"] = locale
        let shown = tool.run(["show", "Poem"], environment: environment).output
        #expect(shown.contains(target), "\(shown)")
        let files = tool.run(["files", "Poem"], environment: environment).output
        #expect(files.hasSuffix(total + "\n"), "\(files)")
    }

    /// A due date in a sentence is written in full, as each language writes the first of a month in
    /// running text: French "1er janvier", not ICU's "1 janv." of a column.
    @Test(arguments: [
        ("C.UTF-8", "“Novel” is due on January 1, 2027.", "set the due date of “Novel” to January 1, 2027"),
        ("fr_FR.UTF-8", "«\u{A0}Novel\u{A0}» est à rendre le 1er janvier 2027.", "échéance de «\u{A0}Novel\u{A0}» fixée au 1er janvier 2027"),
        ("de_DE.UTF-8", "„Novel“ ist am 1. Januar 2027 fällig.", "Fälligkeitsdatum von „Novel“ auf 1. Januar 2027 gesetzt"),
        ("es_ES.UTF-8", "«Novel» se entrega el 1 de enero de 2027.", "fijada la entrega de «Novel» para el 1 de enero de 2027"),
    ])
    func dueDatesInSentencesAreWrittenInFull(locale: String, sentence: String, history: String) throws {
        tool.add("Novel")
        var environment = tool.environment
        environment["LANG"] = locale
        let set = tool.run(["edit", "Novel", "--due", "2027-01-01"], environment: environment)
        #expect(set.output == sentence + "\n", "\(set)")
        let lines = tool.run(["history"], environment: environment).output
        #expect(lines.contains(history), "\(lines)")
    }

    @Test func frenchCountsZeroAndOneAsSingular() throws {
        tool.add("Vide")
        var environment = tool.environment
        environment["LANG"] = "fr_FR.UTF-8"
        _ = tool.run(["edit", "Vide", "--due", day(1)])
        let shown = tool.run(["show", "Vide"], environment: environment).output
        #expect(shown.contains("0 mot dans 0 fichier"), "\(shown)")
        #expect(shown.contains("1 jour restant"), "\(shown)")
    }
}

/// The disk, with a count of how often a command looked at a folder.
final class FolderSpy: FolderSystem, @unchecked Sendable {
    private let disk = DiskFolders()
    private let lock = NSLock()
    private var count = 0

    var looks: Int { lock.withLock { count } }

    func entry(at path: String) -> FolderEntry {
        lock.withLock { count += 1 }
        return disk.entry(at: path)
    }

    func makeFolder(_ path: String) throws(FolderSystemError) { try disk.makeFolder(path) }
    func move(_ source: String, to destination: String) throws(FolderSystemError) { try disk.move(source, to: destination) }
    func copyContents(of template: String, into folder: String) throws(FolderSystemError) {
        try disk.copyContents(of: template, into: folder)
    }
    func removeIfOnlyEmptyFolders(_ path: String) -> Bool { disk.removeIfOnlyEmptyFolders(path) }
    func removeEmptyFolder(_ path: String) { disk.removeEmptyFolder(path) }
    func subfolders(of path: String) throws(FolderSystemError) -> [String] { try disk.subfolders(of: path) }
    func fileCount(in path: String) -> Int { disk.fileCount(in: path) }
    func sync(_ folder: String) { disk.sync(folder) }
}
