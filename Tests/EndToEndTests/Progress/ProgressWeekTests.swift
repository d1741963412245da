import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A writer's week as the writer lives it: the binary run under faketime, a real editor in `open`
/// sessions, `files` counting what was written without one, then what `progress` says.
@Suite("progress: a writer's week under faketime")
struct ProgressWeekTests {
    static var binary: String { ProjectBinary.underFaketime }

    let sandbox: Sandbox
    let editor: String
    let wanted: String

    init() throws {
        sandbox = try Sandbox()
        // The editor rewrites the text with as many words as the test asks for, w0 w1 w2…: words are
        // added or removed at its end.
        editor = sandbox.root + "/editor.sh"
        wanted = sandbox.root + "/wanted"
        try writeClosedOnExec(Array("""
            #!/bin/sh
            n=$(cat '\(wanted)'); i=0; out=''
            while [ $i -lt $n ]; do out="$out w$i"; i=$((i + 1)); done
            printf '%s\\n' "$out" > "$1/text.md"
            """.utf8), to: editor)
        chmod(editor, 0o755)
    }

    /// `project` at `time` on 2026-11-`day` (1 to 9), UTC.
    @discardableResult
    func run(_ arguments: [String], day: Int, at time: String) async -> RunResult {
        let clock = "2026-11-0\(day) \(time):00"
        let result = await sandbox.run(arguments, environment: ["EDITOR": editor], launcher: ["/usr/bin/faketime", clock, Self.binary])
        #expect(result.status == 0, "\(arguments) on the \(day): \(result)")
        return result
    }

    /// An `open` session in which the editor leaves `words` words.
    func session(_ words: Int, day: Int) async throws -> RunResult {
        try String(words).write(toFile: wanted, atomically: true, encoding: .utf8)
        return await run(["open", "Winter"], day: day, at: "10:00")
    }

    @Test("seven days of sessions and counts: each day's words, the streak and the pace, at a terminal, as JSON and CSV")
    func week() async throws {
        #expect(access("/usr/bin/faketime", X_OK) == 0, "faketime is missing: bash Tests/install-test-tools.sh installs it")
        await run(["add", "Winter", "--target", "5000", "--due", "2026-12-01"], day: 1, at: "08:00")
        let folder = await run(["path", "Winter"], day: 1, at: "08:00").stdout.trimmingCharacters(in: .newlines)
        func write(_ words: Int) throws {
            try ((0..<words).map { "w\($0)" }.joined(separator: " ") + "\n").write(toFile: folder + "/text.md", atomically: true, encoding: .utf8)
        }
        try write(100)
        await run(["files", "Winter"], day: 1, at: "09:00")
        let first = try await session(300, day: 1)
        #expect(first.stdout == "This session: 200 words added, 0 words removed (300 words now).\n")
        try await session(650, day: 2)
        // Nothing on the 3rd. Words cut on the 4th.
        let cut = try await session(600, day: 4)
        #expect(cut.stdout == "This session: 0 words added, 50 words removed (600 words now).\n")
        try await session(1_000, day: 5)
        // Written without open on the 6th, counted by files in the evening.
        try write(1_250)
        await run(["files", "Winter"], day: 6, at: "18:00")
        try await session(1_600, day: 7)

        let json = await run(["progress", "--json", "--days", "7"], day: 7, at: "20:00")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.compactMap { $0["date"] as? String } == (1...7).map { "2026-11-0\($0)" })
        // The 1st from the empty folder add counted: the 100 words before the session are the day's too.
        #expect(days.compactMap { $0["words"] as? Int } == [300, 350, 0, -50, 400, 250, 350])
        // The 1st: 200 in the session, 100 written before it outside any.
        #expect(days.compactMap { $0["added"] as? Int } == [300, 350, 0, 0, 400, 250, 350])
        #expect(days.compactMap { $0["removed"] as? Int } == [0, 0, 0, 50, 0, 0, 0])
        #expect((object["today"] as? [String: Any])?["words"] as? Int == 350)
        // The 5th to the 7th in a row; the 1st and 2nd before the gap.
        #expect(object["streak"] as? [String: Int] == ["current": 3, "longest": 3])
        let pace = try #require(object["pace"] as? [String: Any])
        #expect(pace["words"] as? Int == 1_600 && pace["writingDays"] as? Int == 5 && pace["perWritingDay"] as? Int == 320, "\(pace)")

        let csv = await run(["progress", "--csv", "--days", "7"], day: 7, at: "20:00")
        #expect(RunResult.lines(csv.stdout) == [
            "date,project,words,added,removed",
            "2026-11-01,Winter,300,300,0", "2026-11-02,Winter,350,350,0", "2026-11-03,Winter,0,0,0", "2026-11-04,Winter,-50,0,50",
            "2026-11-05,Winter,400,400,0", "2026-11-06,Winter,250,250,0", "2026-11-07,Winter,350,350,0",
        ])

        let text = await run(["progress", "--days", "7"], day: 7, at: "20:00")
        #expect(text.stdout.contains("Streak: 3 days in a row (longest: 3 days)"), "\(text.stdout)")
        #expect(text.stdout.contains("Pace: 320 words a writing day since November 1, 2026, the first day counted (5 days with words)"), "\(text.stdout)")
        // 3,400 words missing at 1,600 words in the 7 days since the first count: 15 days more.
        #expect(text.stdout.contains("“Winter”: at this pace, November 22, 2026: 9 days before it is due (December 1, 2026)"), "\(text.stdout)")
    }
}
