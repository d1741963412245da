import Foundation
import Testing

@Suite("output rules")
struct OutputTests {
    @Test("results go to standard output, errors to standard error")
    func streams() async throws {
        let sandbox = try Sandbox()
        let added = await sandbox.run("add", "Streams")
        #expect(added.status == 0 && added.stdout != "" && added.stderr == "", "\(added)")
        let duplicate = await sandbox.run("add", "streams")
        #expect(duplicate.status == 1 && duplicate.stdout == "" && duplicate.stderr.contains("Streams"), "\(duplicate)")
        let listed = await sandbox.run("list")
        #expect(listed.stdout.contains("Streams") && listed.stderr == "", "\(listed)")
        let usage = await sandbox.run("list", "--bogus")
        #expect(usage.stdout == "" && usage.stderr != "", "\(usage)")
        let exported = await sandbox.run("export")
        #expect(exported.stdout.contains("Streams") && exported.stderr == "", "\(exported)")
    }

    @Test("details with escape sequences never reach the output as raw control characters")
    func noRawEscapes() async throws {
        let sandbox = try Sandbox()
        let details = "red \u{1B}[31mALERT\u{1B}[0m, bell \u{7}, csi \u{9B}2J, del \u{7F}\nsecond line"
        await sandbox.ok("add", "Dangerous", "-d", details)
        let shown = await sandbox.run("show", "Dangerous")
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("ALERT"), "\(shown)")
        #expect(shown.stdout.contains("second line"), "\(shown)")
        #expect(!shown.stdoutBytes.contains(0x1B), "raw ESC in show:\n\(shown.stdoutBytes)")
        #expect(!shown.stdoutBytes.contains(0x07), "raw BEL in show")
        #expect(!shown.stdoutBytes.contains(0x7F), "raw DEL in show")
        #expect(!shown.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "raw C1 control in show")
        // JSON escapes them, and gives them back intact.
        let json = await sandbox.run("show", "Dangerous", "--json")
        #expect(!json.stdoutBytes.contains(0x1B), "raw ESC in show --json")
        #expect((parseJSON(json.stdoutBytes) as? [String: Any])?["details"] as? String == details)
        let list = await sandbox.run("list", "--json")
        #expect(!list.stdoutBytes.contains(0x1B), "raw ESC in list --json")
        let exported = await sandbox.run("export")
        #expect(!exported.stdoutBytes.contains(0x1B), "raw ESC in export")
        let edited = await sandbox.run("edit", "Dangerous", "-d", "\u{1B}]0;title\u{7}")
        #expect(edited.status == 0)
        #expect(!edited.stdoutBytes.contains(0x1B) && !edited.stderrBytes.contains(0x1B))
        let shownAgain = await sandbox.run("show", "dangerous")
        #expect(!shownAgain.stdoutBytes.contains(0x1B) && !shownAgain.stdoutBytes.contains(0x07), "\(shownAgain)")
    }

    /// Names and the cells a terminal gives them: East Asian wide characters and emoji take two.
    static let cells: [String: Int] = [
        "東京物語": 8, "Ab": 2, "Cafe\u{301} noir": 9, "📚 Books": 8, "한국어 소설": 11, "ｗｉｄｅ": 8, "Plain ASCII name": 16,
        "\u{2764}\u{FE0F} Love": 7,
    ]

    /// Checks that on every line the kind and the date start in the same terminal column, counting
    /// each name's cells from `cells`.
    func expectAligned(
        _ result: RunResult, cells: [String: Int], kinds: [String: String], positions: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        var kindColumns: [Int] = []
        var dateColumns: [Int] = []
        for line in result.lines {
            var rest = Substring(line)
            var column = 0
            if positions {
                let prefix = rest.prefix { $0 == " " || $0.isNumber }
                column += prefix.count
                rest = rest.dropFirst(prefix.count)
            }
            // The longest name that starts the line (so "Ab" does not hide "Ab cd").
            guard let name = cells.keys.filter({ rest.hasPrefix($0 + " ") }).max(by: { $0.count < $1.count }) else {
                Issue.record("line does not start with a known name: \(line.debugDescription)", sourceLocation: sourceLocation)
                continue
            }
            column += cells[name]!
            rest = rest.dropFirst(name.count)
            let spaces = rest.prefix { $0 == " " }
            column += spaces.count
            rest = rest.dropFirst(spaces.count)
            kindColumns.append(column)
            let kind = kinds[name]!
            #expect(rest.hasPrefix(kind), "after \(name) comes \(rest.debugDescription), expected \(kind)", sourceLocation: sourceLocation)
            column += kind.count
            rest = rest.dropFirst(kind.count)
            let gap = rest.prefix { $0 == " " }
            column += gap.count
            dateColumns.append(column)
        }
        let names = result.lines.map { line in cells.keys.first { line.contains($0) } ?? line }
        #expect(kindColumns.count == kinds.count, "\(result)", sourceLocation: sourceLocation)
        #expect(Set(kindColumns).count == 1, "kind columns \(Array(zip(names, kindColumns))) differ:\n\(result.stdout)", sourceLocation: sourceLocation)
        #expect(Set(dateColumns).count == 1, "date columns \(Array(zip(names, dateColumns))) differ:\n\(result.stdout)", sourceLocation: sourceLocation)
        // At least two spaces after the widest name.
        let widest = cells.values.max()! + (positions ? String(kinds.count).count + 2 : 0)
        #expect(kindColumns.allSatisfy { $0 >= widest + 2 }, "kind columns \(kindColumns), widest name \(widest)", sourceLocation: sourceLocation)
    }

    /// Adds the projects named in `cells` with varied kinds, then checks the three list orders.
    func checkAlignment(_ cells: [String: Int], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let sandbox = try Sandbox()
        let types = ["novel", "short-story", "blank", "poetry", "script"]
        let displayed = ["novel": "Novel", "short-story": "Short story", "blank": "Blank", "poetry": "Poetry", "script": "Script"]
        var kinds: [String: String] = [:]
        for (index, name) in cells.keys.sorted().enumerated() {
            let type = types[index % types.count]
            await sandbox.ok("add", name, "-t", type, sourceLocation: sourceLocation)
            kinds[name] = displayed[type]
        }
        expectAligned(await sandbox.run("list"), cells: cells, kinds: kinds, positions: false, sourceLocation: sourceLocation)
        expectAligned(await sandbox.run("list", "--sort", "date"), cells: cells, kinds: kinds, positions: false, sourceLocation: sourceLocation)
        expectAligned(await sandbox.run("list", "--sort", "user"), cells: cells, kinds: kinds, positions: true, sourceLocation: sourceLocation)
    }

    @Test("list columns are aligned by display width: CJK, Hangul and fullwidth characters and emoji take two cells")
    func alignment() async throws {
        try await checkAlignment(Self.cells)
    }

    @Test("list columns: a flag emoji (two regional indicators) takes two cells")
    func alignmentFlag() async throws {
        try await checkAlignment(Self.cells.merging(["\u{1F1EB}\u{1F1F7} France": 9]) { $1 })
    }

    @Test("list columns: an emoji ZWJ sequence (one emoji) takes two cells")
    func alignmentZWJ() async throws {
        try await checkAlignment(Self.cells.merging(["\u{1F469}\u{200D}\u{1F4BB} Code": 7]) { $1 })
    }

    @Test("on a terminal, with NO_COLOR, nothing from the store arrives as raw control characters")
    func terminalOutput() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Dangerous", "-d", "red \u{1B}[31mALERT\u{1B}[0m title \u{1B}]0;owned\u{7} csi \u{9B}2J")
        await sandbox.ok("add", "東京物語", "-t", "novel")
        for arguments in [["show", "Dangerous"], ["list"], ["list", "--sort", "user"], ["show", "東京物語"]] {
            let plain = try TerminalSession(sandbox, arguments, environment: ["NO_COLOR": "1"], stdoutOnTerminal: true)
            let result = await plain.finish()
            #expect(result.status == 0, "\(result)")
            #expect(!result.terminal.contains("\u{1B}"), "with NO_COLOR nothing may be an escape sequence:\n\(result.terminal.debugDescription)")
            #expect(!result.terminal.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 7 }, "\(result.terminal.debugDescription)")
            let coloured = try TerminalSession(sandbox, arguments, stdoutOnTerminal: true)
            let colouredResult = await coloured.finish()
            #expect(colouredResult.status == 0, "\(colouredResult)")
            #expect(!colouredResult.terminal.contains("\u{1B}[31mALERT"), "\(colouredResult.terminal.debugDescription)")
            #expect(!colouredResult.terminal.contains("\u{1B}]0;owned"), "\(colouredResult.terminal.debugDescription)")
            #expect(!colouredResult.terminal.contains("\u{9B}"), "\(colouredResult.terminal.debugDescription)")
        }
        // Standard output to a pipe: no colour at all.
        for arguments in [["list"], ["show", "Dangerous"], ["list", "--sort", "user"], ["types"], ["help"]] {
            let piped = await sandbox.run(arguments)
            #expect(!piped.stdoutBytes.contains(0x1B), "no escape sequences when standard output is not a terminal:\n\(piped)")
        }
    }

    @Test("JSON is never translated", arguments: ["fr_FR.UTF-8", "de_DE.UTF-8", "es_ES.UTF-8"])
    func jsonUntranslated(_ language: String) async throws {
        let sandbox = try await fixtureSandbox()
        for arguments in [["list", "--json"], ["show", "Banana", "--json"], ["export"], ["list", "--json", "--sort", "user"]] {
            let english = await sandbox.run(arguments)
            let translated = await sandbox.run(arguments, environment: ["LANG": language])
            #expect(english.status == 0 && translated.status == 0, "\(translated)")
            #expect(translated.stdout == english.stdout, "\(arguments) under \(language):\n\(translated)")
        }
        // The messages themselves do follow the language, so the comparison above means something.
        let help = await sandbox.run(["help"], environment: ["LANG": language])
        #expect(help.stdout != (await sandbox.run("help")).stdout, "help under \(language) should be translated")
    }

    @Test("positions are right-aligned so names line up with ten or more projects")
    func positionWidth() async throws {
        let sandbox = try Sandbox()
        let names = (1...11).map { "Project \(Character(UnicodeScalar(UInt8(64 + $0))))" }
        for name in names { await sandbox.add(name) }
        let result = await sandbox.run("list", "--sort", "user")
        #expect(result.lines.count == 11, "\(result)")
        let nameColumns = result.lines.compactMap { line in line.range(of: "Project ").map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        #expect(nameColumns.count == 11 && Set(nameColumns).count == 1, "\(result)")
    }
}
