import Foundation
import ScriptFiles
import Testing
@testable import ProjectCLI

/// A writer's week, with a clock the test sets: what `progress` shows at a terminal, in a pipe, as
/// JSON and CSV, and what it refuses.
final class ProgressWeek {
    let harness: ToolHarness
    var environment: [String: String]

    init() throws {
        harness = try ToolHarness()
        environment = harness.environment.merging([
            "XDG_STATE_HOME": harness.folder + "/state", "TZ": "UTC", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]) { $1 }
    }

    /// Noon UTC on 2026-11-`day`, plus `hours`.
    static func noon(_ day: Int, hours: Int = 0) -> Date {
        Date(timeIntervalSince1970: Double(CalendarDayNumber.november(day) * 86_400 + (12 + hours) * 3600))
    }

    @discardableResult
    func run(_ arguments: [String], day: Int, hours: Int = 0, outputIsTerminal: Bool = false, columns: Int? = nil,
             extra: [String: String] = [:]) -> RunResult {
        let now = Self.noon(day, hours: hours)
        return harness.run(arguments, outputIsTerminal: outputIsTerminal, columns: columns,
                           environment: environment.merging(extra) { $1 }, clock: { now })
    }

    /// Writes `words` words into the project's one file.
    func write(_ words: Int, to project: String) throws {
        let text = (0..<words).map { "w\($0)" }.joined(separator: " ")
        try text.write(toFile: harness.root + "/" + project + "/text.md", atomically: true, encoding: .utf8)
    }

    /// Runs git in the root, committing as of `date` when given.
    func git(_ arguments: String..., date: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", harness.root] + arguments
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": harness.folder,
                           "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.org",
                           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.org"]
        if let date { environment["GIT_COMMITTER_DATE"] = date; environment["GIT_AUTHOR_DATE"] = date }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// Deletes every record kept beside the store, as for projects added before `add` recorded a
    /// count: the git backfill reads the commits before the first count.
    func forgetCounts() throws {
        for folder in ["/progress", "/progress-digests"] where FileManager.default.fileExists(atPath: harness.folder + folder) {
            try FileManager.default.removeItem(atPath: harness.folder + folder)
        }
    }

    func json(_ arguments: [String], day: Int) throws -> [String: Any] {
        let result = run(["progress", "--json"] + arguments, day: day)
        #expect(result.status == 0, "\(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    func dayWords(_ object: [String: Any]) -> [Int] {
        (object["days"] as? [[String: Any]] ?? []).compactMap { $0["words"] as? Int }
    }
}

enum CalendarDayNumber {
    static func november(_ day: Int) -> Int { 20_758 + day - 1 }
}

@Suite("progress")
struct ProgressCommandTests {
    /// Winter written on Nov 1, 2, 3, 5 (a gap on the 4th) and cut on the 6th.
    func week() throws -> ProgressWeek {
        let week = try ProgressWeek()
        #expect(week.run(["add", "Winter"], day: 1).status == 0)
        for (day, words) in [(1, 100), (2, 400), (3, 700), (5, 900), (6, 850)] {
            try week.write(words, to: "Winter")
            #expect(week.run(["files", "Winter"], day: day).status == 0)
        }
        return week
    }

    @Test("the days, a gap and a negative day, the streak and today, as JSON")
    func json() throws {
        let week = try week()
        let object = try week.json(["--days", "7"], day: 6)
        // Nov 1 starts from the empty folder add counted. The 4th has no count: 0, and the 5th
        // shows the two days' change.
        #expect(week.dayWords(object) == [0, 100, 300, 300, 0, 200, -50])
        let dates = (object["days"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
        #expect(dates.first == "2026-10-31" && dates.last == "2026-11-06")
        #expect((object["today"] as? [String: Any])?["words"] as? Int == -50)
        let streak = try #require(object["streak"] as? [String: Any])
        // Today's -50 does not count; yesterday's 200 does, and the 4th had none.
        #expect(streak["current"] as? Int == 1)
        #expect(streak["longest"] as? Int == 3)
    }

    @Test("CSV: a header, then a row a day and project")
    func csv() throws {
        let week = try week()
        #expect(week.run(["add", "Poems, short"], day: 6).status == 0)
        let result = week.run(["progress", "--csv", "--days", "2"], day: 6)
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n") == [
            "date,project,words,added,removed",
            "2026-11-05,Winter,200,200,0", "2026-11-05,\"Poems, short\",0,0,0",
            "2026-11-06,Winter,-50,0,50", "2026-11-06,\"Poems, short\",0,0,0",
        ])
    }

    @Test("the chart fits 40 and 120 columns, its largest day filling the width; a pipe gets 80 and no colour")
    func chartWidths() throws {
        let week = try week()
        for columns in [40, 120] {
            let result = week.run(["progress", "--days", "7"], day: 6, outputIsTerminal: true, columns: columns, extra: ["NO_COLOR": "1"])
            let chart = result.output.split(separator: "\n").suffix(7)
            #expect(chart.count == 7)
            #expect(chart.allSatisfy { cells($0) <= columns }, "\(chart)")
            // The last column is left free, as a terminal wraps a line that fills it.
            #expect(chart.contains { cells($0) == columns - 1 }, "\(chart)")
            #expect(!result.output.contains("\u{1B}"))
        }
        let coloured = week.run(["progress", "--days", "7"], day: 6, outputIsTerminal: true, columns: 60)
        #expect(coloured.output.contains("\u{1B}[32m") && coloured.output.contains("\u{1B}[31m"))
        let piped = week.run(["progress", "--days", "7"], day: 6)
        #expect(!piped.output.contains("\u{1B}"))
        #expect(piped.output.split(separator: "\n").suffix(7).contains { cells($0) == ProgressView.pipeWidth - 1 })
        #expect(piped.output.contains("Today: -50 words"))
        #expect(piped.output.contains("Streak: 1 day in a row (longest: 3 days)"))
        // On the 18th, the 5th (200) and the 6th (-50) are all the last 14 days hold: one day with words.
        let lastDay = week.run(["progress", "--days", "1"], day: 18)
        #expect(lastDay.output.contains("Pace: 150 words a writing day over the last 14 days (1 day with words)"), "\(lastDay.output)")
    }

    @Test("a daily goal across projects: set, counted in the quota and the streak, cleared")
    func goal() throws {
        let week = try week()
        #expect(week.run(["progress", "--goal", "250"], day: 6).output == "Daily goal: 250 words a day, across all projects.\n")
        let object = try week.json([], day: 6)
        #expect((object["today"] as? [String: Any])?["goal"] as? Int == 250)
        #expect((object["today"] as? [String: Any])?["quota"] as? Int == 250)
        // The days before the goal are judged as they were, by words written: the 1st to the 3rd.
        #expect((object["streak"] as? [String: Any])?["longest"] as? Int == 3)
        try week.write(1_200, to: "Winter")
        let met = try week.json([], day: 7)
        #expect((met["streak"] as? [String: Any])?["current"] as? Int == 1)
        #expect(week.run(["progress", "--goal", "0"], day: 7).output == "Daily goal cleared.\n")
        #expect((try week.json([], day: 7)["today"] as? [String: Any])?["goal"] is NSNull)
    }

    @Test("the pace and the projected date beside the due date")
    func pace() throws {
        let week = try week()
        #expect(week.run(["edit", "Winter", "--target", "2000", "--due", "2026-11-20"], day: 6).status == 0)
        let result = week.run(["progress", "Winter"], day: 6)
        // 850 words in the 6 days since the first count, on 4 writing days: 213 a writing day;
        // 1,150 missing at 850/6 a day take 9 days.
        #expect(result.output.contains("Pace: 213 words a writing day since November 1, 2026, the first day counted (4 days with words)"), "\(result.output)")
        #expect(result.output.contains("“Winter”: at this pace, November 15, 2026: 5 days before it is due (November 20, 2026)"), "\(result.output)")
    }

    @Test("compile records the project's words as files counts them, its notes with its manuscript")
    func compileRecords() throws {
        let week = try ProgressWeek()
        #expect(week.run(["add", "Winter", "--type", "novel"], day: 1).status == 0)
        let folder = week.harness.root + "/Winter"
        func write(_ words: Int, _ file: String) throws {
            try FileManager.default.createDirectory(atPath: folder + "/" + (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try (0..<words).map { "w\($0)" }.joined(separator: " ").write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
        }
        try write(100, "Chapters/01 Snow.md")
        #expect(week.run(["files", "Winter"], day: 1).status == 0)
        try write(400, "Chapters/01 Snow.md")
        try write(50, "Notes/ideas.md")
        let compiled = week.run(["compile", "Winter", "--to", "md", "-o", week.harness.folder + "/Winter.md"], day: 2)
        #expect(compiled.status == 0, "\(compiled.error)")
        // The 2nd is compile's alone (progress on the 3rd counts the same 450 again): the notes'
        // 50 words are in it, as files counts them, not only the manuscript's 300 more.
        #expect(week.dayWords(try week.json(["--days", "2"], day: 3)) == [350, 0])
    }

    @Test("bad input: --days 0, negative, not a number, both formats, an unknown project")
    func badInput() throws {
        let week = try week()
        for value in ["0", "-3", "ten"] {
            let result = week.run(["progress", "--days", value], day: 6)
            #expect(result.status == 2, "\(value)")
            #expect(result.error.contains("--days"))
        }
        #expect(week.run(["progress", "--json", "--csv"], day: 6).status == 2)
        let unknown = week.run(["progress", "Summer"], day: 6)
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("Summer"))
    }

    @Test("a project deleted and brought back by undo keeps its past")
    func undoKeepsThePast() throws {
        let week = try week()
        #expect(week.run(["delete", "Winter", "--yes"], day: 6).status == 0)
        #expect(week.dayWords(try week.json(["--days", "2"], day: 6)) == [0, 0])
        #expect(week.run(["undo"], day: 6).status == 0)
        #expect(week.dayWords(try week.json(["--days", "2"], day: 6)) == [200, -50])
    }

    @Test("in the writer's language and number format")
    func languages() throws {
        let week = try week()
        try week.write(2_900, to: "Winter")
        let french = week.run(["progress", "--days", "1"], day: 7, extra: ["LANG": "fr_FR.UTF-8"])
        #expect(french.output.contains("Aujourd’hui\u{A0}: 2\u{202F}050\u{A0}mots") || french.output.contains("Aujourd’hui\u{A0}: 2\u{202F}050 mots"), "\(french.output)")
        let german = week.run(["progress", "--days", "1"], day: 7, extra: ["LANG": "de_DE.UTF-8"])
        #expect(german.output.contains("Heute: 2.050 Wörter"), "\(german.output)")
        let spanish = week.run(["progress", "--days", "1"], day: 7, extra: ["LANG": "es_ES.UTF-8"])
        #expect(spanish.output.contains("Hoy: 2050 palabras"), "\(spanish.output)")
    }

    @Test("open is a session: a real editor rewrites a paragraph, and the words added and removed are recorded")
    func openSession() throws {
        let week = try ProgressWeek()
        #expect(week.run(["add", "Winter"], day: 1).status == 0)
        let file = week.harness.root + "/Winter/text.md"
        try "Intro stays.\n\nthe cat sat on the mat\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(week.run(["files", "Winter"], day: 1).status == 0)
        let editor = week.harness.folder + "/editor.sh"
        try writeClosedOnExec(Array("#!/bin/sh\nprintf 'Intro stays.\\n\\nthe dog lay on the rug today\\n' > \"$1/text.md\"\n".utf8), to: editor)
        chmod(editor, 0o755)
        let opened = week.run(["open", "Winter"], day: 2, extra: ["EDITOR": editor])
        #expect(opened.status == 0, "\(opened.error)")
        // “the … on the …” stays; four words came in, three went: one more than before.
        #expect(opened.output == "This session: 4 words added, 3 words removed (9 words now).\n")
        let days = try #require(try week.json(["--days", "1"], day: 2)["days"] as? [[String: Any]])
        #expect(days.first?["words"] as? Int == 1)
        #expect(days.first?["added"] as? Int == 4)
        #expect(days.first?["removed"] as? Int == 3)
    }

    @Test("two machines sharing a root: each writes its own file, both show the same days, in either order of writing")
    func twoMachines() throws {
        for laptopFirst in [true, false] {
            let week = try ProgressWeek()
            let laptop = week.environment.merging(["XDG_STATE_HOME": week.harness.folder + "/laptop"]) { $1 }
            let desktop = week.environment.merging([
                "XDG_STATE_HOME": week.harness.folder + "/desktop", "PROJECT_STORE": week.harness.folder + "/desktop/projects.json",
            ]) { $1 }
            week.environment = laptop
            #expect(week.run(["add", "Winter"], day: 1).status == 0)
            try week.write(100, to: "Winter")
            #expect(week.run(["files", "Winter"], day: 1).status == 0)
            // Recorded beside the store before sharing: brought into the shared root with it.
            #expect(week.run(["sync", "--init"], day: 1).status == 0)
            let machines: [(environment: [String: String], words: Int)] = [(laptop, 400), (desktop, 700)]
            for (day, machine) in (laptopFirst ? machines : machines.reversed()).enumerated() {
                week.environment = machine.environment
                try week.write(machine.words, to: "Winter")
                #expect(week.run(["files", "Winter"], day: day + 2).status == 0)
            }
            let logs = try FileManager.default.contentsOfDirectory(atPath: week.harness.root + "/.project/progress")
            #expect(Set(logs.map { ($0 as NSString).pathExtension }) == ["log", "latest"])
            #expect(logs.count == 4, "a log and a list of latest counts for each machine: \(logs)")
            week.environment = laptop
            let onLaptop = week.dayWords(try week.json(["--days", "3"], day: 3))
            week.environment = desktop
            let onDesktop = week.dayWords(try week.json(["--days", "3"], day: 3))
            #expect(onLaptop == (laptopFirst ? [100, 300, 300] : [100, 600, -300]))
            #expect(onDesktop == onLaptop)
        }
    }

    @Test("a root kept in git: the words at the last commit of each day before the first count, read once")
    func backfill() throws {
        let week = try ProgressWeek()
        #expect(week.run(["add", "Winter"], day: 1).status == 0)
        try week.forgetCounts()
        let root = week.harness.root
        try week.git("init", "-q")
        // Nov 1 twice (the last counts), Nov 3 in a zone where it is still Nov 3 (23:30 at UTC−5 is
        // Nov 4 in UTC), and a hidden file and a file of no text format that do not count.
        for (words, date) in [(100, "2026-11-01T09:00:00+00:00"), (150, "2026-11-01T18:00:00+00:00"), (400, "2026-11-03T23:30:00-05:00")] {
            try week.write(words, to: "Winter")
            try "not counted".write(toFile: root + "/Winter/.notes.md", atomically: true, encoding: .utf8)
            try "not counted".write(toFile: root + "/Winter/cover.png", atomically: true, encoding: .utf8)
            try week.git("add", "-A")
            try week.git("commit", "-q", "-m", "words", date: date)
        }
        let first = week.run(["progress", "--json", "--days", "5"], day: 5)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.error == "Read the root's git history back to November 1, 2026: 2 days with a commit.\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        // The 1st wrote the 150 words of its last commit: before the first commit there was nothing.
        #expect(week.dayWords(object) == [150, 0, 250, 0, 0])
        #expect(object["backfilledFrom"] as? String == "2026-11-01")
        let again = week.run(["progress", "--json", "--days", "5"], day: 5)
        #expect(again.error.isEmpty, "read once")
        #expect(again.output == first.output)
    }

    @Test("the backfill follows a folder renamed since: each commit read where the project's folder was then")
    func backfillAcrossRename() throws {
        let week = try ProgressWeek()
        #expect(week.run(["add", "Draft"], day: 1).status == 0)
        try week.forgetCounts()
        try week.git("init", "-q")
        try week.write(100, to: "Draft")
        try week.git("add", "-A")
        try week.git("commit", "-q", "-m", "words", date: "2026-11-01T09:00:00+00:00")
        // Renamed on the morning of the 2nd (the store's history says when), written after.
        #expect(week.run(["rename", "Draft", "Winter"], day: 2, hours: -3).status == 0)
        #expect(FileManager.default.fileExists(atPath: week.harness.root + "/Winter/text.md"))
        try week.write(300, to: "Winter")
        try week.git("add", "-A")
        try week.git("commit", "-q", "-m", "words", date: "2026-11-02T18:00:00+00:00")
        let object = try week.json(["--days", "3"], day: 3)
        // The 1st counted in Draft/: 100 words, so the 2nd wrote 200, not 300.
        #expect(week.dayWords(object) == [100, 200, 0], "\(object)")
        #expect(object["backfilledFrom"] as? String == "2026-11-01")
    }

    @Test("the commands that count no words record nothing and open no file of progress; add records its folder's first count")
    func uncountedCommands() throws {
        let week = try ProgressWeek()
        for command in [["add", "Notes", "--no-folder"], ["list"], ["show", "Notes"], ["rename", "Notes", "Ideas"], ["history"]] {
            #expect(week.run(command, day: 1).status == 0, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: week.harness.folder + "/progress"))
        #expect(week.run(["add", "Winter"], day: 1).status == 0)
        func logLines() throws -> [String] {
            let folder = week.harness.folder + "/progress"
            let logs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".log") }
            return try logs.flatMap { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8).split(separator: "\n").map(String.init) }
        }
        let lines = try logLines()
        #expect(lines.count == 1 && lines.first?.hasSuffix(" 0") == true, "\(lines)")
        for command in [["edit", "Winter", "-d", "x"], ["list"], ["history"]] {
            #expect(week.run(command, day: 1).status == 0, "\(command)")
        }
        #expect(try logLines() == lines)
        #expect(week.run(["list", "--words"], day: 1).status == 0)
        #expect(FileManager.default.fileExists(atPath: week.harness.folder + "/progress"))
    }
}

