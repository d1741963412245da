import Foundation
import ScriptFiles
import Testing
@testable import ProjectCLI

/// A novelist's month (issue 42): what `progress` says must follow from what was written, in which
/// project, on which day, with a clock the test sets.
@Suite("progress tells the truth")
struct ProgressTruthTests {
    /// "Salt Orchard", a novel of 50,000 words due on November 30, added on the morning of the 1st
    /// and counted empty.
    func novel() throws -> ProgressWeek {
        let month = try ProgressWeek()
        let added = month.run(["add", "Salt Orchard", "--type", "novel", "--target", "50000", "--due", "2026-11-30"], day: 1, hours: -3)
        #expect(added.status == 0, "\(added.error)")
        return month
    }

    @Test("the pace is taken over the days since the first count, and the projection follows from it")
    func paceSinceFirstCount() throws {
        let month = try novel()
        #expect(month.run(["files", "Salt Orchard"], day: 1, hours: -2).status == 0)
        try month.write(1_712, to: "Salt Orchard")
        let result = month.run(["progress", "Salt Orchard"], day: 1, hours: 8)
        #expect(result.output.contains("Pace: 1,712 words a writing day since November 1, 2026, the first day counted (1 day with words)"), "\(result.output)")
        // 48,288 missing at 1,712 a day: 29 days, not 395 (1,712 over 14 days of which 13 came before the novel).
        #expect(result.output.contains("“Salt Orchard”: at this pace, November 30, 2026: the day it is due"), "\(result.output)")
        let pace = try #require(try month.json(["Salt Orchard"], day: 1)["pace"] as? [String: Any])
        #expect(pace["days"] as? Int == 1)
    }

    @Test("a project is projected from its own words, not from another project's")
    func ownWords() throws {
        let month = try novel()
        #expect(month.run(["add", "Poems"], day: 1, hours: -3).status == 0)
        #expect(month.run(["list", "--words"], day: 1, hours: -2).status == 0)
        for day in 1...5 {
            try month.write(2_000 * day, to: "Poems")
            #expect(month.run(["list", "--words"], day: day, hours: 6).status == 0)
        }
        let result = month.run(["progress"], day: 5, hours: 7)
        #expect(result.output.contains("Pace: 2,000 words a writing day since November 1, 2026"), "\(result.output)")
        #expect(!result.output.contains("“Salt Orchard”: at this pace"), "\(result.output)")
        // Its need is its own, and the poems do not meet it: 50,000 over the 26 days left.
        #expect(result.output.contains("“Salt Orchard” needs 1,924 words today to be done on time: 0 words so far (0%)"), "\(result.output)")
        #expect((try month.json([], day: 5)["projections"] as? [Any])?.isEmpty == true)
    }

    @Test("the first day of a new project: add records the empty folder, so the day's words are the day's")
    func firstDayOfANewProject() throws {
        let month = try novel()
        try month.write(1_712, to: "Salt Orchard")
        #expect(month.run(["files", "Salt Orchard"], day: 1, hours: 8).status == 0)
        let object = try month.json(["--days", "1"], day: 1)
        #expect(month.dayWords(object) == [1_712])
        #expect((object["streak"] as? [String: Any])?["current"] as? Int == 1)
        // The morning's count was 0: 50,000 over the 30 days left, today included.
        #expect((object["today"] as? [String: Any])?["quota"] as? Int == 1_667)
    }

    @Test("add --folder records the folder's count then: what is written after it is the day's")
    func addFolder() throws {
        let month = try ProgressWeek()
        let folder = month.harness.root + "/Kept"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (0..<500).map { "w\($0)" }.joined(separator: " ").write(toFile: folder + "/text.md", atomically: true, encoding: .utf8)
        let added = month.run(["add", "Kept", "--folder", folder], day: 1, hours: -3)
        #expect(added.status == 0, "\(added.error)")
        try month.write(800, to: "Kept")
        #expect(month.dayWords(try month.json(["--days", "1"], day: 1)) == [300])
    }

    @Test("a daily goal set today judges today and the days after, not the streak already written")
    func goalsHaveDates() throws {
        let month = try novel()
        for day in 1...4 {
            try month.write(1_000 * day, to: "Salt Orchard")
            #expect(month.run(["files", "Salt Orchard"], day: day, hours: 6).status == 0)
        }
        #expect(month.run(["progress", "--goal", "1667"], day: 5, hours: -4).status == 0)
        try month.write(5_700, to: "Salt Orchard")
        let met = try #require(try month.json([], day: 5)["streak"] as? [String: Any])
        #expect(met["current"] as? Int == 5 && met["longest"] as? Int == 5, "\(met)")
        // The 6th falls short of the goal in force: the streak is yesterday's, still 5.
        try month.write(6_000, to: "Salt Orchard")
        let short = try #require(try month.json([], day: 6)["streak"] as? [String: Any])
        #expect(short["current"] as? Int == 5, "\(short)")
        // Cleared on the 7th: the 7th is judged by words again (100 count), the 6th still by the
        // goal it had (300 did not).
        #expect(month.run(["progress", "--goal", "0"], day: 7, hours: -4).status == 0)
        try month.write(6_100, to: "Salt Orchard")
        let cleared = try #require(try month.json([], day: 7)["streak"] as? [String: Any])
        #expect(cleared["current"] as? Int == 1 && cleared["longest"] as? Int == 5, "\(cleared)")
    }

    @Test("the goal and a project's need are shown apart, each met by the same words, never added up")
    func goalAndNeedApart() throws {
        let month = try novel()
        #expect(month.run(["progress", "--goal", "1667"], day: 1, hours: -2).status == 0)
        try month.write(1_800, to: "Salt Orchard")
        let result = month.run(["progress"], day: 1, hours: 8)
        #expect(result.output.hasPrefix("Today: 1,800 words (daily goal 1,667 ✓)\n“Salt Orchard” needs 1,667 words today to be done on time: 1,800 words ✓\n"), "\(result.output)")
        let today = try #require(try month.json([], day: 1)["today"] as? [String: Any])
        #expect(today["quota"] as? Int == 1_667)
        let needs = try #require(today["needs"] as? [[String: Any]])
        #expect(needs.count == 1 && needs.first?["need"] as? Int == 1_667 && needs.first?["words"] as? Int == 1_800)
        let short = month.run(["progress"], day: 1, hours: 8, extra: ["LANG": "de_DE.UTF-8"])
        #expect(short.output.contains("Heute: 1.800 Wörter (Tagesziel 1.667 ✓)"), "\(short.output)")
    }

    @Test("show and progress give the same need all day: the words missing this morning over the days left")
    func oneNeed() throws {
        let month = try novel()
        try month.write(1_000, to: "Salt Orchard")
        #expect(month.run(["files", "Salt Orchard"], day: 1, hours: 8).status == 0)
        try month.write(3_000, to: "Salt Orchard")
        // The morning of the 2nd: 49,000 missing over 29 days, today included.
        let shown = month.run(["show", "Salt Orchard"], day: 2, hours: 6)
        #expect(shown.output.contains("1,690 words to write, today included, to reach the target in time"), "\(shown.output)")
        let progress = month.run(["progress", "Salt Orchard"], day: 2, hours: 6)
        #expect(progress.output.contains("“Salt Orchard” needs 1,690 words today to be done on time: 2,000 words ✓"), "\(progress.output)")
    }

    @Test("--days is bounded: a hundred years at most, refused beyond with exit 2, in words that say which")
    func boundedDays() throws {
        let month = try novel()
        for value in ["99999999999", "100000000", "36526", "0", "-3", "ten"] {
            let result = month.run(["progress", "--days", value], day: 1)
            #expect(result.status == 2, "\(value)")
            #expect(result.error.contains("use a whole number of days, from 1 to 36,525"), "\(value): \(result.error)")
        }
        let longest = month.run(["progress", "--json", "--days", "36525"], day: 1)
        #expect(longest.status == 0)
        #expect(month.dayWords(try #require(try JSONSerialization.jsonObject(with: Data(longest.output.utf8)) as? [String: Any])).count == 36_525)
    }

    @Test("the header wraps at spaces at a terminal, as show and help do: no word cut at 80 or 40 columns")
    func headerWraps() throws {
        let month = try novel()
        #expect(month.run(["files", "Salt Orchard"], day: 1, hours: -2).status == 0)
        try month.write(1_712, to: "Salt Orchard")
        for columns in [80, 40] {
            let result = month.run(["progress", "Salt Orchard", "--days", "3"], day: 1, hours: 8, outputIsTerminal: true, columns: columns,
                                   extra: ["NO_COLOR": "1"])
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            let header = lines.prefix { !$0.isEmpty }
            #expect(header.allSatisfy { cells($0) < columns }, "\(columns): \(header)")
            #expect(header.count > 4, "\(columns): wrapped: \(header)")
            // Every word of the unwrapped text is whole in the wrapped one.
            let piped = month.run(["progress", "Salt Orchard", "--days", "3"], day: 1, hours: 8)
            let words = piped.output.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.flatMap { $0.split(separator: " ") }
            #expect(header.flatMap { $0.split(separator: " ") } == words, "\(columns): \(header)")
        }
    }

    @Test("the words of a mistake: a goal's, the days', and a list whose only project was deleted")
    func wording() throws {
        let month = try novel()
        let goal = month.run(["progress", "--goal", "abc"], day: 1)
        #expect(goal.status == 2)
        #expect(goal.error.contains("use a whole number of words a day, such as 1667 or 1,667; 0 or an empty value clears the goal"), "\(goal.error)")
        #expect(!goal.error.contains("target"), "\(goal.error)")
        let decimal = month.run(["progress", "--goal", "1,5"], day: 1, extra: ["LANG": "fr_FR.UTF-8"])
        #expect(decimal.error.contains("objectif quotidien"), "\(decimal.error)")
        try month.write(500, to: "Salt Orchard")
        #expect(month.run(["files", "Salt Orchard"], day: 1).status == 0)
        #expect(month.run(["delete", "Salt Orchard", "--yes"], day: 1).status == 0)
        let deleted = month.run(["progress"], day: 1)
        #expect(deleted.output.contains("Nothing recorded for the projects in the list. The records of deleted projects are kept"), "\(deleted.output)")
        #expect(!deleted.output.contains("Nothing recorded yet"))
        let fresh = try ProgressWeek()
        #expect(fresh.run(["progress"], day: 1).output.contains("Nothing recorded yet"))
    }

    @Test("a day with an open session and writing outside it: added − removed is the day's words")
    func addedAndRemovedAddUp() throws {
        let month = try novel()
        let editor = month.harness.folder + "/editor.sh"
        let file = month.harness.root + "/Salt Orchard/text.md"
        // The session writes 500 words after 1,000 written in another editor that morning.
        try writeClosedOnExec(Array("#!/bin/sh\nprintf ' more%.0s' $(seq 500) >> \"$1/text.md\"\n".utf8), to: editor)
        chmod(editor, 0o755)
        try month.write(1_000, to: "Salt Orchard")
        #expect(month.run(["open", "Salt Orchard"], day: 1, extra: ["EDITOR": editor]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: " ").count == 1_500)
        let day = try #require((try month.json(["--days", "1"], day: 1)["days"] as? [[String: Any]])?.first)
        #expect(day["words"] as? Int == 1_500 && day["added"] as? Int == 1_500 && day["removed"] as? Int == 0, "\(day)")
        let csv = month.run(["progress", "--csv", "--days", "1"], day: 1)
        #expect(csv.output.hasSuffix("2026-11-01,Salt Orchard,1500,1500,0\n"), "\(csv.output)")
    }

    /// Writes `words` words into `file` under the root and commits everything as of `date`.
    func commit(_ month: ProgressWeek, _ words: Int, to file: String, date: String) throws {
        let path = month.harness.root + "/" + file
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (0..<words).map { "w\($0)" }.joined(separator: " ").write(toFile: path, atomically: true, encoding: .utf8)
        try month.git("add", "-A")
        try month.git("commit", "-q", "-m", "words", date: date)
    }

    @Test("a folder kept in git, adopted after the first progress, gets its past: each project is backfilled when it first appears")
    func adoptedLater() throws {
        let month = try ProgressWeek()
        try FileManager.default.createDirectory(atPath: month.harness.root, withIntermediateDirectories: true)
        try month.git("init", "-q")
        #expect(month.run(["add", "Poems"], day: 1).status == 0)
        try commit(month, 100, to: "Poems/a.md", date: "2026-11-01T18:00:00+00:00")
        #expect(month.run(["progress"], day: 2).status == 0)
        // The novel, kept in git since the 2nd, is adopted on the 5th.
        try commit(month, 400, to: "Salt Orchard/text.md", date: "2026-11-02T18:00:00+00:00")
        try commit(month, 1_000, to: "Salt Orchard/text.md", date: "2026-11-03T18:00:00+00:00")
        let added = month.run(["add", "Salt Orchard", "--folder", month.harness.root + "/Salt Orchard"], day: 5)
        #expect(added.status == 0, "\(added.error)")
        let first = month.run(["progress", "Salt Orchard", "--json", "--days", "5"], day: 5)
        // The commit of the 1st is read too (the novel's folder was not in it yet: 0 words).
        #expect(first.error == "Read the root's git history back to November 1, 2026: 3 days with a commit.\n", "\(first.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        #expect(month.dayWords(object) == [0, 400, 600, 0, 0], "\(first.output)")
        let again = month.run(["progress", "Salt Orchard", "--json", "--days", "5"], day: 5)
        #expect(again.error.isEmpty, "read once")
        #expect(again.output == first.output)
    }

    @Test("the backfill follows a folder git saw renamed before the project was adopted")
    func renamedInGit() throws {
        let month = try ProgressWeek()
        try FileManager.default.createDirectory(atPath: month.harness.root, withIntermediateDirectories: true)
        try month.git("init", "-q")
        try commit(month, 100, to: "Draft/text.md", date: "2026-11-01T18:00:00+00:00")
        try month.git("mv", "Draft", "Salt Orchard")
        try month.git("commit", "-q", "-m", "renamed", date: "2026-11-02T09:00:00+00:00")
        try commit(month, 300, to: "Salt Orchard/text.md", date: "2026-11-02T18:00:00+00:00")
        #expect(month.run(["add", "Salt Orchard", "--folder", month.harness.root + "/Salt Orchard"], day: 4).status == 0)
        let object = try month.json(["--days", "4"], day: 4)
        // The 1st read in Draft/: 100 words, so the 2nd wrote 200.
        #expect(month.dayWords(object) == [100, 200, 0, 0], "\(object)")
    }
}
