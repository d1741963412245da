import Foundation
import Testing

/// A poet's submissions through the binary: markets, packets sent and pinned to their versions,
/// the warnings and refusals, responses, the figures, the lists as text, JSON and CSV.
@Suite("submissions: the commands")
struct SubmissionCommandTests {
    /// A day `offset` days from today, as the sandbox's zone (UTC) has it: `YYYY-MM-DD`.
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .day, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Poems with five poems, and three markets: Agni (takes anything), Strict (no simultaneous
    /// submissions, one at a time, answers in 30 days) and Prize (deadline in 5 days).
    static func poet(_ sandbox: Sandbox) async throws -> String {
        await sandbox.ok("add", "Poems", "--type", "poetry")
        let folder = await sandbox.ok("path", "Poems").stdout.trimmingCharacters(in: .newlines)
        for number in 1...5 { try VersionsTests.write(folder + "/Poem \(number).md", "Poem \(number), first draft.\n") }
        await sandbox.ok("market", "add", "Agni", "--url", "https://example.org")
        await sandbox.ok("market", "add", "Strict", "--simultaneous", "no", "--multiple", "no", "--response-days", "30")
        await sandbox.ok("market", "add", "Prize", "--kind", "competition", "--deadline", day(5))
        return folder
    }

    @Test("submit pins each piece to a version, taken when today's text has none; the version opens after the file changes and after it is gone")
    func pinnedVersions() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.poet(sandbox)
        let sent = await sandbox.ok("submit", "Poems", "Poem 1.md", "Poem 2.md", "--to", "Agni", "--date", Self.day(-40))
        #expect(sent.stdout.hasPrefix("Recorded submission 1 (id "), "\(sent)")
        #expect(sent.stdout.contains("): 2 pieces of “Poems” sent to “Agni” on "), "\(sent)")
        #expect(sent.stdout.contains("  Poem 1.md, version 1\n"))
        let json = try #require(parseJSON(await sandbox.ok("submissions", "--json").stdout.utf8.map { $0 }) as? [String: Any])
        let piece = try #require(((json["submissions"] as? [[String: Any]])?.first?["pieces"] as? [[String: Any]])?.first)
        let version = try #require(piece["version"] as? String)
        let path = try #require(piece["versionPath"] as? String)
        #expect(VersionsTests.read(path) == "Poem 1, first draft.\n")
        try VersionsTests.write(folder + "/Poem 1.md", "Poem 1, rewritten.\n")
        #expect(VersionsTests.read(await sandbox.ok("path", "Poems", "--version", "Poem 1.md", version).stdout.trimmingCharacters(in: .newlines))
                == "Poem 1, first draft.\n")
        try FileManager.default.removeItem(atPath: folder + "/Poem 1.md")
        #expect(VersionsTests.read(await sandbox.ok("path", "Poems", "--version", "Poem 1.md", version).stdout.trimmingCharacters(in: .newlines))
                == "Poem 1, first draft.\n")
        // Today's text already a version: pinned to it, nothing kept twice.
        #expect(await sandbox.run("submit", "Poems", "Poem 2.md", "--to", "Prize", "--force").status == 0)
        let versions = await sandbox.ok("versions", "Poems", "Poem 2.md", "--json")
        #expect(((parseJSON(versions.stdoutBytes) as? [String: Any])?["versions"] as? [Any])?.count == 1, "\(versions)")
    }

    @Test("a market's rules refuse, exit 1 and nothing recorded; each warning says --force records anyway, and it does")
    func warningsAndRefusals() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        await sandbox.ok("submit", "Poems", "Poem 1.md", "--to", "Agni", "--date", Self.day(-10))
        let before = sandbox.storeBytes()
        let refused = await sandbox.run("submit", "Poems", "Poem 1.md", "--to", "Strict")
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            Error: Not recorded:
              Poem 1.md is pending at “Agni”, and “Strict” takes no simultaneous submissions.
            --force records it anyway.

            """, "\(refused)")
        let pending = await sandbox.run("submit", "Poems", "Poem 1.md", "--to", "Prize")
        #expect(pending.status == 1 && pending.stderr.contains("Poem 1.md is pending at “Agni”"), "\(pending)")
        #expect(sandbox.storeBytes() == before)
        let forced = await sandbox.run("submit", "Poems", "Poem 1.md", "--to", "Prize", "--force")
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("Warning: Poem 1.md is pending at “Agni”"), "\(forced)")
        #expect(forced.stderr.contains("Note: The deadline of “Prize” is "), "\(forced)")
        #expect(forced.stderr.contains(", in 5 days."), "\(forced)")
        // One at a time at Strict.
        await sandbox.ok("submit", "Poems", "Poem 3.md", "--to", "Strict")
        let second = await sandbox.run("submit", "Poems", "Poem 4.md", "--to", "Strict")
        #expect(second.status == 1 && second.stderr.contains("“Strict” already has a submission of yours pending"), "\(second)")
        // A deadline today is said as today.
        await sandbox.ok("market", "edit", "Prize", "--deadline", Self.day(0))
        let today = await sandbox.run("submit", "Poems", "Poem 4.md", "--to", "Prize")
        #expect(today.status == 0 && today.stderr.contains("The deadline of “Prize” is today, ") && !today.stderr.contains("in 0 days"), "\(today)")
        await sandbox.ok("undo")
        // A date sent that is no date: said, with nothing of clearing it.
        let noDate = await sandbox.run("submit", "Poems", "Poem 4.md", "--to", "Agni", "--date", "")
        #expect(noDate.status == 2 && noDate.stderr.contains("such as 2027-03-31") && !noDate.stderr.contains("clears"), "\(noDate)")
        // A deadline passed.
        await sandbox.ok("market", "edit", "Prize", "--deadline", Self.day(-1))
        let late = await sandbox.run("submit", "Poems", "Poem 5.md", "--to", "Prize")
        #expect(late.status == 1 && late.stderr.contains("The deadline of “Prize” has passed"), "\(late)")
    }

    @Test("an acceptance says where else the piece is pending; the figures of market show are right")
    func acceptanceAndFigures() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        await sandbox.ok("submit", "Poems", "Poem 1.md", "Poem 2.md", "Poem 3.md", "--to", "Agni", "--date", Self.day(-60))
        #expect(await sandbox.run("submit", "Poems", "Poem 1.md", "--to", "Prize", "--date", Self.day(-50), "--force").status == 0)
        await sandbox.ok("submit", "Poems", "Poem 4.md", "--to", "Agni", "--date", Self.day(-20))
        let accepted = await sandbox.ok("response", "1", "accepted", "--piece", "Poem 1.md", "--date", Self.day(-50))
        #expect(accepted.stdout == """
            Recorded the answer from “Agni” for 1 piece (Poem 1.md): accepted.
            Poem 1.md is still pending at “Prize”: withdraw it there, and record it with: project response "Prize" withdrawn --piece "Poem 1.md"

            """, "\(accepted)")
        await sandbox.ok("response", "Prize", "withdrawn", "--piece", "Poem 1.md")
        await sandbox.ok("response", "1", "rejected", "--date", Self.day(-30))
        let shown = await sandbox.ok("market", "show", "Agni").stdout
        // Agni: 2 submissions, 4 pieces; 1 accepted after 10 days, 2 rejected after 30; Poem 4 out 20 days.
        #expect(shown.contains("Sent:                      2 submissions, 4 pieces\n"), "\(shown)")
        #expect(shown.contains("Answers:                   1 accepted, 2 rejected, 0 withdrawn\n"), "\(shown)")
        #expect(shown.contains("Acceptance rate:           33.3%\n"), "\(shown)")
        #expect(shown.contains("Median response time:      30 days\n"), "\(shown)")
        #expect(shown.contains("Longest response time:     30 days\n"), "\(shown)")
        #expect(shown.contains("Pending:                   1 piece, out for 20 days\n"), "\(shown)")
        let stats = try #require((parseJSON(await sandbox.ok("market", "show", "Agni", "--json").stdout.utf8.map { $0 }) as? [String: Any])?["statistics"] as? [String: Any])
        #expect(stats["accepted"] as? Int == 1 && stats["rejected"] as? Int == 2 && stats["longestPendingDays"] as? Int == 20)
        #expect(abs((stats["acceptanceRate"] as? Double ?? 0) - 1.0 / 3.0) < 0.001)
    }

    @Test("submissions lists newest first, --pending longest waiting first marking the overdue; CSV one row a piece, quoted")
    func lists() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.poet(sandbox)
        try VersionsTests.write(folder + "/Poem, \"the sixth\".md", "Six.\n")
        await sandbox.ok("submit", "Poems", "Poem 1.md", "--to", "Strict", "--date", Self.day(-45))
        await sandbox.ok("submit", "Poems", "Poem 2.md", "Poem, \"the sixth\".md", "--to", "Agni", "--date", Self.day(-3), "-m", "with a letter")
        let all = await sandbox.ok("submissions").stdout
        #expect(RunResult.lines(all).map { String($0.prefix(2)) } == ["# ", "2 ", "  ", "1 "], "\(all)")
        let pending = await sandbox.ok("submissions", "--pending").stdout
        #expect(RunResult.lines(pending)[1].hasPrefix("1 ") && pending.contains("out 45 days, past the usual time"), "\(pending)")
        let csv = await sandbox.ok("submissions", "--csv").stdout
        // A byte-order mark first, so that a spreadsheet reads the accents as UTF-8.
        #expect(csv.utf8.starts(with: [0xEF, 0xBB, 0xBF]), "\(csv)")
        let rows = csv.dropFirst().components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 4 && rows[0].hasPrefix("number,id,sent,market,project,") && rows[0].hasSuffix(",market_kind,version_path"))
        #expect(rows[2].contains(",\"Poem, \"\"the sixth\"\".md\","), "\(csv)")
        #expect(rows[1].contains(",pending,,3,no,with a letter,,magazine,/"), "\(csv)")
        // Each piece's version path is the file of the version sent, with its text.
        let path = String(rows[1].split(separator: ",").last!)
        #expect(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self).hasPrefix("Poem ") } == true, "\(path)")
        #expect(await sandbox.ok("submissions", "--market", "Strict", "--csv").stdout.components(separatedBy: "\r\n").count == 3)
        // The CSV as LibreOffice Calc reads it, by default settings: accents intact.
        await sandbox.ok("market", "add", "Revue Été", "--kind", "competition")
        await sandbox.ok("submit", "Poems", "Poem 4.md", "--to", "Revue Été", "--date", Self.day(-1))
        let csvPath = sandbox.root + "/submissions.csv"
        try Data(await sandbox.ok("submissions", "--csv").stdout.utf8).write(to: URL(fileURLWithPath: csvPath))
        let converted = try SpreadsheetReading.asCalcReadsIt(csvPath)
        // The mark is taken as the character set's, not as part of the first cell.
        #expect(converted.hasPrefix("number,id,sent,market,"), "\(converted)")
        #expect(converted.contains("Revue Été") && converted.contains("competition"), "\(converted)")
    }

    @Test("bad input: a clear error, exit 1, nothing recorded")
    func badInput() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        await sandbox.ok("submit", "Poems", "Poem 1.md", "--to", "Agni", "--date", Self.day(-5))
        let before = sandbox.storeBytes()
        let cases: [([String], String)] = [
            (["submit", "Poems", "--to", "Nowhere"], "No market is named “Nowhere”"),
            (["submit", "Prose", "--to", "Agni"], "Prose"),
            (["submit", "Poems", "../outside.md", "--to", "Agni"], "outside.md"),
            (["response", "7", "accepted"], "No submission is “7”"),
            (["response", "1", "accepted", "--date", Self.day(2)], "which is still to come"),
            (["response", "1", "accepted", "--date", Self.day(-6)], "before the submission was sent"),
            (["response", "1", "accepted", "--piece", "Poem 2.md"], "Poem 2.md is not a piece of that submission"),
            (["submit", "Poems", "Poem 3.md", "--to", "Agni", "--date", Self.day(1)], "which is still to come. Nothing was recorded."),
            (["submit", "Poems", "Poem 3.md", "--to", "Agni", "--date", "9999-12-31"], "which is still to come. Nothing was recorded."),
            (["market", "add", "agni"], "A market named “agni” already exists"),
            (["market", "rename", "Prize", "AGNI"], "A market named “AGNI” already exists"),
            (["market", "show", "Nowhere"], "No market is named “Nowhere”"),
            (["market", "add", ""], "A market needs a name: the name was empty."),
            (["market", "rename", "Agni", " "], "A market needs a name: the name was empty."),
        ]
        for (arguments, words) in cases {
            let result = await sandbox.run(arguments)
            #expect(result.status == 1 && result.stderr.contains(words), "\(arguments): \(result)")
        }
        #expect(sandbox.storeBytes() == before)
        // Refused before anything is kept for it: Poem 3 still has no version.
        #expect(await sandbox.ok("versions", "Poems", "Poem 3.md").stdout.contains("no versions yet"))
        #expect(await sandbox.run("response", "1", "maybe").status == 2)
        #expect(await sandbox.run("market", "add", "X", "--simultaneous", "perhaps").status == 2)
    }

    @Test("an answer naming no piece never overwrites one given: refused, each piece's answer said; naming the piece changes it and says what it replaces; the withdraw advice once")
    func answersKept() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        await sandbox.ok("submit", "Poems", "Poem 1.md", "Poem 2.md", "--to", "Agni", "--date", Self.day(-20))
        #expect(await sandbox.run("submit", "Poems", "Poem 1.md", "--to", "Prize", "--date", Self.day(-10), "--force").status == 0)
        let accepted = await sandbox.ok("response", "Agni", "accepted", "--piece", "Poem 1.md", "--date", Self.day(-2))
        #expect(accepted.stdout.contains("Poem 1.md is still pending at “Prize”"), "\(accepted)")
        let rejected = await sandbox.ok("response", "Agni", "rejected", "--date", Self.day(-1))
        #expect(rejected.stdout.contains("for 1 piece (Poem 2.md): rejected") && !rejected.stdout.contains("still pending"), "\(rejected)")
        let before = sandbox.storeBytes()
        let refused = await sandbox.run("response", "Agni", "withdrawn")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("Nothing of that submission is still pending, so nothing was recorded."), "\(refused)")
        #expect(refused.stderr.contains("  Poem 1.md: accepted on ") && refused.stderr.contains("  Poem 2.md: rejected on "), "\(refused)")
        #expect(refused.stderr.contains("--piece <file>"), "\(refused)")
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.ok("market", "show", "Agni").stdout.contains("1 accepted"))
        let changed = await sandbox.ok("response", "Agni", "withdrawn", "--piece", "Poem 1.md")
        #expect(changed.stdout.contains("Poem 1.md was accepted on ") && changed.stdout.contains("this answer replaces it"), "\(changed)")
    }

    @Test("the number submit prints is the one response takes: five packets one evening are 1 to 5, a send recorded late is 6, and its id works too")
    func numbersStayPut() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        var ids: [String] = []
        for number in 1...5 {
            await sandbox.ok("market", "add", "Mag \(number)")
            let sent = await sandbox.ok("submit", "Poems", "Poem \(number).md", "--to", "Mag \(number)")
            #expect(sent.stdout.hasPrefix("Recorded submission \(number) (id "), "\(sent)")
            ids.append(String(sent.stdout.dropFirst("Recorded submission \(number) (id ".count).prefix(8)))
        }
        let late = await sandbox.run("submit", "Poems", "Poem 1.md", "--to", "Mag 2", "--date", Self.day(-60), "--force")
        #expect(late.status == 0 && late.stdout.hasPrefix("Recorded submission 6 (id "), "\(late)")
        for number in 1...5 {
            let answered = await sandbox.ok("response", String(number), "rejected")
            #expect(answered.stdout.contains("from “Mag \(number)”"), "\(number): \(answered)")
        }
        await sandbox.ok("undo")
        let byID = await sandbox.ok("response", ids[4], "accepted")
        #expect(byID.stdout.contains("from “Mag 5”"), "\(byID)")
    }

    @Test("a forgotten send recorded late pins the text of its day and is judged as things stood then; --version names another")
    func recordedLate() async throws {
        let sandbox = try Sandbox()
        let folder = try await Self.poet(sandbox)
        let earlier = { (offset: String, arguments: [String]) async -> RunResult in
            await sandbox.run(arguments, launcher: ["/usr/bin/faketime", "-f", offset, ProjectBinary.underFaketime])
        }
        try VersionsTests.write(folder + "/Ode.md", "Ode, as it was in September.\n")
        #expect(await earlier("-80d", ["snapshot", "Poems", "Ode.md", "-m", "september"]).status == 0)
        try VersionsTests.write(folder + "/Ode.md", "Ode, revised in October.\n")
        #expect(await earlier("-40d", ["snapshot", "Poems", "Ode.md", "-m", "october"]).status == 0)
        try VersionsTests.write(folder + "/Ode.md", "Ode, as it is today.\n")
        // Sent to Strict (no simultaneous submissions) 30 days ago: October's text.
        let october = await sandbox.ok("submit", "Poems", "Ode.md", "--to", "Strict", "--date", Self.day(-30))
        #expect(october.stdout.contains("  Ode.md, version 2\n"), "\(october)")
        // The September send to Agni, forgotten: not refused for being at Strict, which it was not yet.
        let september = await sandbox.run("submit", "Poems", "Ode.md", "--to", "Agni", "--date", Self.day(-70))
        #expect(september.status == 0 && september.stdout.contains("  Ode.md, version 1\n"), "\(september)")
        let csv = await sandbox.ok("submissions", "--csv").stdout
        let pinned = csv.split(separator: "\r\n").filter { $0.contains(",Agni,") }.map { String($0.split(separator: ",").last!) }
        #expect(pinned.count == 1 && (try? String(contentsOfFile: pinned[0], encoding: .utf8)) == "Ode, as it was in September.\n", "\(csv)")
        // Named: the version given; a version names one file.
        let named = await sandbox.run("submit", "Poems", "Ode.md", "--to", "Prize", "--version", "1", "--force")
        #expect(named.status == 0 && named.stdout.contains("  Ode.md, version 1\n"), "\(named)")
        let two = await sandbox.run("submit", "Poems", "Ode.md", "Poem 1.md", "--to", "Prize", "--version", "1")
        #expect(two.status == 1 && two.stderr.contains("--version names the version of one file"), "\(two)")
    }

    @Test("submission shows one whole, every answer and note, a shortlisting the acceptance replaced included; --delete takes it out, undo brings it back")
    func oneSubmission() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        await sandbox.ok("submit", "Poems", "Poem 1.md", "Poem 2.md", "--to", "Agni", "--date", Self.day(-30), "-m", "A packet of two")
        await sandbox.ok("submit", "Poems", "Poem 3.md", "--to", "Prize", "--date", Self.day(-20))
        await sandbox.ok("response", "Agni", "shortlisted", "--piece", "Poem 1.md", "--date", Self.day(-10), "-m", "On the shortlist")
        await sandbox.ok("response", "Agni", "accepted", "--piece", "Poem 1.md", "--date", Self.day(-2), "-m", "Send more in spring!")
        let shown = await sandbox.ok("submission", "1").stdout
        let lines = RunResult.lines(shown).map { String($0) }
        #expect(lines.contains { $0.hasPrefix("Submission:") && $0.contains("1 (id ") }, "\(shown)")
        #expect(lines.contains { $0.hasPrefix("Market:") && $0.hasSuffix("Agni") } && lines.contains { $0.hasSuffix("A packet of two") }, "\(shown)")
        let ode = try #require(lines.firstIndex(of: "  Poem 1.md (v1)"), "\(shown)")
        #expect(lines[ode + 1].hasPrefix("    earlier: shortlisted on ") && lines[ode + 1].hasSuffix("“On the shortlist”"), "\(shown)")
        #expect(lines[ode + 2].hasPrefix("    accepted on ") && lines[ode + 2].hasSuffix("“Send more in spring!”"), "\(shown)")
        #expect(lines[ode + 3] == "  Poem 2.md (v1)" && lines[ode + 4] == "    pending", "\(shown)")
        let removed = await sandbox.ok("submission", "2", "--delete")
        #expect(removed.stdout == "Took out submission 2: 1 piece of “Poems” sent to “Prize”. project undo brings it back.\n", "\(removed)")
        #expect(await sandbox.ok("history").stdout.contains("took out the submission of 1 piece of “Poems” to “Prize”"))
        #expect(await sandbox.run("submission", "2").status == 1)
        await sandbox.ok("undo")
        #expect(await sandbox.ok("submission", "2").stdout.contains("Prize"))
        #expect(await sandbox.ok("submission", "1").stdout.contains("Agni"))
        // Rows follow a rename of the project; a market or project with nothing there says so of it.
        await sandbox.ok("rename", "Poems", "Odes")
        #expect(await sandbox.ok("submissions").stdout.contains(" Odes "))
        #expect(await sandbox.ok("submission", "1").stdout.contains("Odes"))
        #expect(await sandbox.ok("submissions", "--market", "Strict").stdout == "Nothing sent to “Strict” yet.\n")
        #expect(await sandbox.ok("submissions", "--market", "Prize", "--pending").stdout.hasPrefix("#"))
        await sandbox.ok("response", "2", "withdrawn")
        #expect(await sandbox.ok("submissions", "--market", "Prize", "--pending").stdout == "Nothing is pending at “Prize”.\n")
        #expect(await sandbox.ok("submissions", "--market", "Prize").stdout.contains("withdrawn  after "))
    }

    @Test("history says each change; a market deleted with its submissions comes back with undo; a deleted project's submissions stay")
    func historyAndUndo() async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        await sandbox.ok("submit", "Poems", "Poem 1.md", "Poem 2.md", "--to", "Agni", "--date", Self.day(-5))
        await sandbox.ok("response", "Agni", "rejected")
        let history = await sandbox.ok("history").stdout
        #expect(history.contains("recorded the answer from “Agni” for 2 pieces: rejected\n") && history.contains("sent 2 pieces of “Poems” to “Agni”\n"), "\(history)")
        #expect(await sandbox.ok("history", "--json").stdout.contains("\"sent 2 pieces of “Poems” to “Agni”\""))
        #expect(await sandbox.ok("undo").stdout == "Undone: recorded the answer from “Agni” for 2 pieces: rejected.\n")
        let deleted = await sandbox.ok("market", "delete", "Agni")
        #expect(deleted.stdout == "Deleted the market “Agni” and the 1 submission it held. project undo brings them back.\n")
        #expect(await sandbox.ok("submissions").stdout.hasPrefix("Nothing sent yet."))
        await sandbox.ok("undo")
        #expect(await sandbox.ok("submissions").stdout.contains("Agni"))
        await sandbox.ok("delete", "Poems", "--yes")
        #expect(await sandbox.ok("submissions").stdout.contains("Poems (deleted)"))
        await sandbox.ok("undo")
        #expect(!(await sandbox.ok("submissions").stdout.contains("(deleted)")))
        #expect(await sandbox.ok("show", "Poems").stdout.contains("Submissions:\n"))
        // A market deleted for good is named by its name in the history, as a deleted project is.
        await sandbox.ok("market", "edit", "Agni", "--notes", "Reads in spring")
        await sandbox.ok("market", "delete", "Agni")
        let after = await sandbox.ok("history").stdout
        #expect(after.contains("changed the market “Agni” (Notes)\n") && after.contains("sent 2 pieces of “Poems” to “Agni”\n"), "\(after)")
        #expect(after.contains("recorded the answer from “Agni” for 2 pieces: rejected"), "\(after)")
    }

    @Test("in French, German and Spanish", arguments: [
        ("fr_FR.UTF-8", "Envoi 1 (id ", "Taux d’acceptation"), ("de_DE.UTF-8", "Einsendung 1 (ID ", "Annahmequote"),
        ("es_ES.UTF-8", "Registrado el envío 1 (id ", "Tasa de aceptación"),
    ])
    func languages(locale: String, recorded: String, rate: String) async throws {
        let sandbox = try Sandbox()
        _ = try await Self.poet(sandbox)
        let sent = await sandbox.run(["submit", "Poems", "Poem 1.md", "--to", "Agni"], environment: ["LANG": locale])
        #expect(sent.status == 0 && sent.stdout.hasPrefix(recorded), "\(sent)")
        let shown = await sandbox.run(["market", "show", "Agni"], environment: ["LANG": locale])
        #expect(shown.stdout.contains(rate), "\(shown)")
        let refused = await sandbox.run(["submit", "Poems", "Poem 1.md", "--to", "Strict"], environment: ["LANG": locale])
        #expect(refused.status == 1 && refused.stderr.contains("--force"), "\(refused)")
    }
}

/// A CSV file as LibreOffice Calc reads it when left to tell the character set itself, as its import
/// dialog does: converted by Calc to a UTF-8 CSV, the text of each cell as Calc took it.
enum SpreadsheetReading {
    static func asCalcReadsIt(_ path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let output = folder + "/read-by-calc"
        _ = try Tool.run("soffice", [
            "-env:UserInstallation=file://\(folder)/libreoffice-profile", "--headless",
            // Separator 44 (,), quote 34 ("), character set 0: Calc finds it, from the byte-order mark.
            "--infilter=Text - txt - csv (StarCalc):44,34,0", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76",
            "--outdir", output, path,
        ])
        let converted = output + "/" + (path as NSString).lastPathComponent
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: converted)), as: UTF8.self)
    }
}
