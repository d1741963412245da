import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Counts the hostile runs, for docs/reliability.md.
let hostileRuns = Locked(0)

/// Runs `body` and reports how many hostile runs it made.
func countingHostileRuns(_ name: String, _ body: () throws -> Void) rethrows {
    let before = hostileRuns.current
    try body()
    reportFigure("hostile-input \(name): \(hostileRuns.current - before) runs")
}

extension Reliability {
    /// Promise: whatever the arguments, standard input or import document, the tool answers with a
    /// clear error or does the right thing: exit 0 to 3, never a crash (a signal) or a hang, and
    /// nothing from the store reaches the terminal as a raw control character.
    @Suite struct HostileInput {
        /// Runs, and records an issue unless the tool ended by itself with a documented status, in
        /// time, with no raw control character in what it wrote (`--json` and `export` included:
        /// JSON escapes them), and with the expected status when one is given.
        @discardableResult
        static func check(
            _ tool: Tool, _ arguments: [Argument], input: [UInt8]? = nil, expect expected: Int32? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> Outcome {
            let outcome = try tool.run(arguments, input: input, timeout: 30)
            hostileRuns.withLock { $0 += 1 }
            #expect(outcome.endedCleanly, "a crash or a hang: \(outcome)", sourceLocation: sourceLocation)
            if let expected {
                #expect(outcome.status == expected, "expected exit \(expected): \(outcome)", sourceLocation: sourceLocation)
            }
            let raw = rawControlCharacters(in: outcome.stdout) + rawControlCharacters(in: outcome.stderr)
            #expect(raw.isEmpty, "raw \(raw) reached the terminal: \(outcome)", sourceLocation: sourceLocation)
            return outcome
        }

        static let escapes = "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{9B}1m\u{7F}\u{85}\u{2028}"

        @Test(.timeLimit(.minutes(2)))
        func controlCharactersAndTerminalEscapesNeverReachTheTerminalRaw() throws {
            try countingHostileRuns("controlCharactersAndTerminalEscapesNeverReachTheTerminalRaw") { try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                // Names with control characters are refused, and the refusal shows them escaped.
                for name in ["\u{1B}[31mRed", "Tab\tName", "New\nLine", "Bell\u{07}", "Del\u{7F}", "C1\u{9B}31m", "Next\u{85}Line",
                             "Line\u{2028}Separator", "Para\u{2029}graph", "Null\u{0}".replacingOccurrences(of: "\u{0}", with: "\u{1}"), Self.escapes] {
                    try Self.check(tool, ["add", Argument(name)], expect: 1)
                    try Self.check(tool, ["add", "Fine", "-t", Argument(name)], expect: 2)
                    try Self.check(tool, ["show", Argument(name)], expect: 1)
                    try Self.check(tool, ["list", "--sort", Argument(name)], expect: 2)
                    try Self.check(tool, [Argument(name)], expect: 2)
                    try Self.check(tool, [Argument("--" + name)], expect: 2)
                }
                #expect(try tool.projects().isEmpty)

                // Details may hold them all: kept exactly, shown escaped (new lines kept).
                let details = "line one\nline two \(Self.escapes)\ttab\r"
                try Self.check(tool, ["add", "Plain", "-d", Argument(details)], expect: 0)
                try Self.check(tool, ["add", "Other", "--details=\(details)"], expect: 0)
                try Self.check(tool, ["edit", "Other", "-d", Argument(details + details)], expect: 0)
                for arguments: [Argument] in [
                    ["list"], ["list", "--sort", "user"], ["list", "--sort", "date"], ["list", "--search", Argument(Self.escapes)],
                    ["show", "Plain"], ["show", "other"], ["sort"], ["types"], ["help"], ["help", "add"],
                ] {
                    try Self.check(tool, arguments, expect: 0)
                }
                let shown = try Self.check(tool, ["show", "Plain"], expect: 0)
                #expect(shown.out.contains("line one\n"), "the details' new line was not kept: \(shown.out)")
                #expect(shown.out.contains("^["), "ESC is not shown as ^[: \(shown.out)")
                // In JSON they are escapes, and come back exactly.
                let json = try Self.check(tool, ["show", "Plain", "--json"], expect: 0)
                let object = try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any]
                #expect(object?["details"] as? String == details, "the details did not survive: \(json.out)")
                let export = try Self.check(tool, ["export"], expect: 0)
                let document = try StoredDocument(export.stdout)
                #expect(document.projects.map(\.details) == [details, details + details])
                // A store written by hand with every control character in its details.
                let every = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init) + (0x7F...0x9F).compactMap(Unicode.Scalar.init)))
                let store = folder + "/hand.json"
                try writeFile(store, StoredDocument(sort: "user", projects: [
                    StoredProject(id: fixedID("c0", 1), name: "Hand", type: "novel", created: "2025-01-01T00:00:00.000Z", details: every, position: 1),
                ]).bytes)
                let hand = tool.on(store)
                for arguments: [Argument] in [["list"], ["show", "Hand"], ["show", "Hand", "--json"], ["list", "--json"], ["export"], ["show", "c000"]] {
                    try Self.check(hand, arguments, expect: 0)
                }
            } }
        }

        /// Every argument that is not UTF-8 is refused (exit 2) by every command, with a message
        /// naming which argument; nothing is stored and nothing is made on disk. (Before folders the
        /// tool stored U+FFFD in its place; a folder path that is not UTF-8 could not be recorded.)
        @Test(.timeLimit(.minutes(2)))
        func invalidUTF8InArgumentsIsRefused() throws {
            try countingHostileRuns("invalidUTF8InArgumentsIsRefused") { try withTemporaryFolder { folder in
                var tool = try Tool(store: folder + "/projects.json")
                let root = folder + "/root"
                tool.environment["PROJECT_ROOT"] = root
                // A project with a folder, so that every command has something it could change.
                try tool.expect(0, ["add", "Good", "-t", "novel"])
                let store = try #require(fileBytes(folder + "/projects.json"))
                let tree = folderTree(folder)

                let broken: [[UInt8]] = [[0xFF], [0xFE, 0x41], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x41, 0x80, 0x42]]
                for bytes in broken {
                    let bad = Argument(bytes: bytes)
                    let name = Argument(bytes: Array("Bad ".utf8) + bytes)
                    let badFolder = Argument(bytes: Array("\(folder)/odd-".utf8) + bytes)
                    // The bad argument in every place of every command: the command, an option, an
                    // option's value, a name, a position, a folder, the store, after `--`.
                    let lines: [[Argument]] = [
                        [bad], [Argument(bytes: [0x2D, 0x2D] + bytes)], ["list", Argument(bytes: [0x2D, 0x2D] + bytes)],
                        ["list", "--search", bad], ["list", "--type", bad], ["list", "--sort", bad], ["list", bad],
                        ["show", name], ["show", "Good", "--json", bad],
                        ["add", name], ["add", name, "--no-folder"], ["add", "New", "-d", bad], ["add", "New", "-t", bad],
                        ["add", "New", "--folder", badFolder], ["add", "--", name],
                        ["rename", "Good", name], ["rename", name, "New"],
                        ["edit", "Good", "-d", bad], ["edit", "Good", "--folder", badFolder], ["edit", name, "--new-folder"],
                        ["delete", name, "--yes"], ["delete", "Good", "--yes", bad],
                        ["move", "Good", "--to", bad], ["move", "Good", "--before", name], ["move", name, "--top"],
                        ["sort", bad], ["export", bad], ["import", badFolder], ["types", bad], ["help", bad],
                        ["path", name], ["open", name], ["open", "Good", "--shell", bad], ["root", badFolder],
                        ["--store", badFolder, "add", "In an odd file"], ["--store", badFolder, "list"],
                        [Argument(bytes: Array("--store=".utf8) + badFolder.bytes), "add", "In an odd file"],
                    ]
                    for arguments in lines {
                        let position = arguments.firstIndex { String(validating: $0.bytes, as: UTF8.self) == nil }! + 1
                        let outcome = try Self.check(tool, arguments, expect: 2)
                        #expect(outcome.err.contains("Argument \(position) ") && outcome.err.contains("UTF-8"),
                                "the message should say that argument \(position) is not UTF-8: \(outcome)")
                        #expect(outcome.stdout.isEmpty, "a refused command printed: \(outcome)")
                    }
                }
                // Nothing was stored or made: the store is byte for byte as it was, and no file or
                // folder appeared or vanished anywhere (no odd store, no folder in the root).
                #expect(fileBytes(folder + "/projects.json") == store, "the store changed")
                #expect(folderTree(folder) == tree, "files changed: \(Set(folderTree(folder)).symmetricDifference(tree).sorted())")
                // The same commands with valid text still work, so the refusals were about the bytes.
                try Self.check(tool, ["add", "Bad name", "-d", "fine"], expect: 0)
                try Self.check(tool, ["rename", "Bad name", "Fine name"], expect: 0)
                checkInvariants(try tool.projects(), "after invalid UTF-8")

                // An import document that is not UTF-8: refused, nothing imported.
                let before = try #require(fileBytes(folder + "/projects.json"))
                var document = exportDocument(count: 2, prefix: "Imported")
                document.replaceSubrange(document.firstRange(of: Array("Imported 2".utf8))!, with: [0x49, 0xFF, 0xFF])
                try writeFile(folder + "/bad.json", document)
                try Self.check(tool, ["import", Argument(folder + "/bad.json")], expect: 1)
                try Self.check(tool, ["import", "-"], input: document, expect: 1)
                #expect(fileBytes(folder + "/projects.json") == before)
            } }
        }

        @Test(.timeLimit(.minutes(3)))
        func hugeArgumentsAndDocuments() throws {
            try countingHostileRuns("hugeArgumentsAndDocuments") { try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                try Self.check(tool, ["add", "Small"], expect: 0)
                // Linux allows one argument up to 128 KiB: 120,000 bytes each.
                let huge = String(repeating: "a", count: 120_000)
                let hugeWide = String(repeating: "語", count: 40_000)
                try Self.check(tool, ["add", Argument(huge)], expect: 1)
                try Self.check(tool, ["add", Argument(hugeWide)], expect: 1)
                try Self.check(tool, ["add", Argument(String(repeating: "e\u{301}", count: 40_000))], expect: 1)
                try Self.check(tool, ["add", "Long notes", "-d", Argument(huge)], expect: 0)
                try Self.check(tool, ["edit", "Long notes", "-d", Argument(hugeWide)], expect: 0)
                try Self.check(tool, ["show", "Long notes"], expect: 0)
                try Self.check(tool, ["list"], expect: 0)
                try Self.check(tool, ["show", Argument(huge)], expect: 1)
                try Self.check(tool, ["show", Argument(String(repeating: "abcd", count: 30_000))], expect: 1)
                try Self.check(tool, ["rename", "Small", Argument(huge)], expect: 1)
                try Self.check(tool, ["list", "--search", Argument(huge)], expect: 0)
                try Self.check(tool, ["list", "--type", Argument(huge)], expect: 2)
                try Self.check(tool, [Argument(huge)], expect: 2)
                try Self.check(tool, [Argument("lis" + huge)], expect: 2)
                try Self.check(tool, ["list", Argument("--" + huge)], expect: 2)
                try Self.check(tool, ["move", "Small", "--to", Argument(String(repeating: "9", count: 120_000))], expect: 2)
                try Self.check(tool, ["help", Argument(huge)], expect: 2)
                let many = (0..<5_000).map { Argument("arg\($0)") }
                try Self.check(tool, ["add"] + many, expect: 2)
                try Self.check(tool, ["list"] + Array(repeating: "--json", count: 5_000), expect: 0)

                // A 1 MB import document: 2,500 projects with notes, imported whole.
                var big = exportDocument(count: 2_500, prefix: "Imported", detailsLength: 330, idPrefix: "b1")
                #expect(big.count > 1_000_000, "the document is only \(big.count) bytes")
                try writeFile(folder + "/big.json", big)
                let imported = try Self.check(tool, ["import", Argument(folder + "/big.json")], expect: 0)
                reportFigure("hostile-input 1 MB import: 2,500 projects in \(String(format: "%.1f", imported.seconds)) s")
                #expect(try tool.projects().count == 2_502)
                // The same again clashes everywhere: refused whole, every problem listed, nothing changed.
                let store = try #require(fileBytes(folder + "/projects.json"))
                let again = try Self.check(tool, ["import", "-"], input: big, expect: 1)
                #expect(again.err.contains("5000 problems") || again.err.components(separatedBy: "\n").count > 5_000,
                        "not every problem was listed: \(again.err.prefix(300))")
                #expect(fileBytes(folder + "/projects.json") == store)
                // 1 MB that is not a store document, in several shapes.
                big = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
                try Self.check(tool, ["import", "-"], input: big, expect: 1)
                try Self.check(tool, ["import", "-"], input: Array(#"{"version": 1, "x": "#.utf8) + big, expect: 1)
                try Self.check(tool, ["import", "-"], input: Array(#"{"version": 1, "projects": "#.utf8) + big, expect: 1)
                try Self.check(tool, ["import", "-"], input: Array(repeating: UInt8(ascii: "{"), count: 1_000_000), expect: 1)
                try Self.check(tool, ["import", "-"], input: Array(#"{"version": 1, "projects": [{"name": ""#.utf8) + Array(repeating: UInt8(ascii: "\\"), count: 1_000_000), expect: 1)
                var random = SeededGenerator(seed: 1)
                try Self.check(tool, ["import", "-"], input: (0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &random) }, expect: 1)
                let oneName = StoredDocument(sort: "name", projects: [
                    StoredProject(id: fixedID("b2", 1), name: String(repeating: "n", count: 1_000_000), type: "novel", created: "2025-01-01T00:00:00.000Z", details: nil, position: 1),
                ]).bytes
                try Self.check(tool, ["import", "-"], input: oneName, expect: 1)
                #expect(fileBytes(folder + "/projects.json") == store)
                // A store holding a 1 MB value in an unknown field still works.
                try Self.check(tool, ["import", "-"], input: Array(#"{"version": 1, "note": ""#.utf8) + Array(repeating: 0x78, count: 1_000_000) + Array(#"", "projects": []}"#.utf8), expect: 0)
            } }
        }

        @Test(.timeLimit(.minutes(2)))
        func optionLikeNamesAfterDoubleDash() throws {
            try countingHostileRuns("optionLikeNamesAfterDoubleDash") { try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                let names = ["-draft-", "--type", "-y", "--", "-", "--store=/etc/passwd", "-h", "--help", "--version", "-t=novel"]
                for name in names {
                    try Self.check(tool, ["add", "--", Argument(name)], expect: 0)
                }
                #expect(Set(try tool.projects().map(\.name)) == Set(names))
                try Self.check(tool, ["add", "--type", "novel", "--", "--details"], expect: 0)
                let shown = try Self.check(tool, ["show", "--json", "--", "--type"], expect: 0)
                #expect(shown.out.contains(#""name": "--type""#), "\(shown.out)")
                try Self.check(tool, ["rename", "--", "-draft-", "--draft--"], expect: 0)
                try Self.check(tool, ["edit", "-d", "notes", "--", "-y"], expect: 0)
                try Self.check(tool, ["move", "--top", "--", "--"], expect: 0)
                try Self.check(tool, ["move", "--after=-", "--", "-h"], expect: 0)
                try Self.check(tool, ["delete", "--yes", "--", "--help"], expect: 0)
                try Self.check(tool, ["delete", "--", "--version", "--yes"], expect: 2)
                // Without `--` they are options: a usage error, nothing added.
                try Self.check(tool, ["add", "-draft-"], expect: 2)
                try Self.check(tool, ["add", "--draft"], expect: 2)
                let projects = try tool.projects()
                checkInvariants(projects, "after option-like names")
                #expect(projects.first?.name == "--", "`move --top -- --` did not move the project named --")
                #expect(!projects.contains { $0.name == "--help" })
                #expect(projects.first { $0.name == "-y" }?.details == "notes")
                #expect(fileBytes("/etc/passwd")?.isEmpty == false)
            } }
        }

        @Test(.timeLimit(.minutes(2)))
        func namesThatAreNumbersOrLookLikeIDs() throws {
            try countingHostileRuns("namesThatAreNumbersOrLookLikeIDs") { try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                // Two projects whose ids share a prefix, one named like that prefix, one named like another's id.
                let document = StoredDocument(sort: "user", projects: [
                    StoredProject(id: fixedID("abcd", 1), name: "First", type: "novel", created: "2025-01-01T00:00:00.000Z", details: nil, position: 1),
                    StoredProject(id: fixedID("abcd", 2), name: "Second", type: "novel", created: "2025-01-01T00:00:00.000Z", details: nil, position: 2),
                    StoredProject(id: fixedID("0000", 3), name: "abcd", type: "poetry", created: "2025-01-01T00:00:00.000Z", details: nil, position: 3),
                    StoredProject(id: fixedID("0001", 4), name: fixedID("abcd", 1), type: "script", created: "2025-01-01T00:00:00.000Z", details: nil, position: 4),
                ])
                try Self.check(tool, ["import", "-"], input: document.bytes, expect: 0)
                for name in ["1984", "2", "1", "10", "0", "-1", "4"] {
                    try Self.check(tool, ["add", "--", Argument(name)], expect: 0)
                }
                func shownName(_ reference: String) throws -> String? {
                    let outcome = try Self.check(tool, ["show", "--json", "--", Argument(reference)])
                    return (try? JSONSerialization.jsonObject(with: Data(outcome.stdout)) as? [String: Any])?["name"] as? String
                }
                // A name wins over an id prefix and over a position.
                #expect(try shownName("abcd") == "abcd")
                #expect(try shownName("ABCD") == "abcd")
                #expect(try shownName(fixedID("abcd", 1)) == fixedID("abcd", 1))
                #expect(try shownName("1") == "1")
                #expect(try shownName("2") == "2")
                #expect(try shownName("10") == "10")
                #expect(try shownName("4") == "4")
                // An id, whole or by a prefix of 4 or more, in any case.
                #expect(try shownName(fixedID("abcd", 2)) == "Second")
                #expect(try shownName(fixedID("abcd", 2).uppercased()) == "Second")
                #expect(try shownName("0000") == "abcd")
                // An ambiguous prefix is refused and lists the candidates; too short a prefix is not an id.
                let ambiguous = try Self.check(tool, ["show", "abcd0"], expect: 1)
                #expect(ambiguous.err.contains(fixedID("abcd", 1)) && ambiguous.err.contains(fixedID("abcd", 2)), "\(ambiguous.err)")
                try Self.check(tool, ["show", "abc"], expect: 1)
                try Self.check(tool, ["show", "99"], expect: 1)
                // Numbers as names in moves, and positions as numbers.
                try Self.check(tool, ["move", "2", "--to", "1"], expect: 0)
                try Self.check(tool, ["move", "1984", "--before", "2"], expect: 0)
                for position in ["0", "-1"] {
                    let refused = try Self.check(tool, ["move", "10", "--to", Argument(position)])
                    #expect(refused.status == 1 || refused.status == 2, "position \(position): \(refused)")
                }
                try Self.check(tool, ["move", "10", "--to", "12"], expect: 1)
                try Self.check(tool, ["move", "10", "--to", "1e3"], expect: 2)
                try Self.check(tool, ["move", "10", "--to", "99999999999999999999999"], expect: 2)
                try Self.check(tool, ["rename", "1", "2"], expect: 1)
                try Self.check(tool, ["rename", "abcd", "ABCD"], expect: 0)
                try Self.check(tool, ["delete", "0", "--yes"], expect: 0)
                let projects = try tool.projects()
                checkInvariants(projects, "after number names")
                #expect(projects.prefix(2).map(\.name) == ["1984", "2"], "\(projects)")
                #expect(projects.contains { $0.name == "ABCD" } && !projects.contains { $0.name == "0" })
            } }
        }

        @Test(.timeLimit(.minutes(2)))
        func anImportDocumentWithEveryKindOfMistake() throws {
            try countingHostileRuns("anImportDocumentWithEveryKindOfMistake") { try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                try Self.check(tool, ["import", "-"], input: StoredDocument(sort: "name", projects: [
                    StoredProject(id: fixedID("e0", 1), name: "Existing", type: "novel", created: "2025-01-01T00:00:00.000Z", details: nil, position: 1),
                ]).bytes, expect: 0)
                let store = try #require(fileBytes(folder + "/projects.json"))
                func project(_ number: Int, _ name: String, id: String? = nil) -> StoredProject {
                    StoredProject(id: id ?? fixedID("f0", number), name: name, type: "poetry", created: "2025-02-01T00:00:00.000Z", details: "d", position: number)
                }
                let mistakes = StoredDocument(sort: "name", projects: [
                    project(1, "Fine"),
                    project(2, ""),
                    project(3, "   "),
                    project(4, "Bad\u{1B}[31mName"),
                    project(5, String(repeating: "x", count: 300)),
                    project(6, "EXISTING"),
                    project(7, "Twin"),
                    project(8, "twin"),
                    project(9, "Taken id", id: fixedID("e0", 1)),
                    project(10, "Repeated id", id: fixedID("f0", 1)),
                    project(11, "Line\u{2028}Separator"),
                ])
                let outcome = try Self.check(tool, ["import", "-"], input: mistakes.bytes, expect: 1)
                let lines = outcome.err.split(separator: "\n")
                #expect(outcome.err.contains("9 problems"), "\(outcome.err)")
                for number in [2, 3, 4, 5, 6, 8, 9, 10, 11] {
                    #expect(lines.contains { $0.contains("project \(number)") }, "problem \(number) not listed: \(outcome.err)")
                }
                #expect(!lines.contains { $0.contains("project 1:") }, "the fine project was listed as a problem")
                #expect(fileBytes(folder + "/projects.json") == store, "a refused import changed the store")

                // Mistakes in the document itself: each refused with where and what, nothing imported.
                let good = String(decoding: StoredDocument(sort: "name", projects: [project(1, "Fine")]).bytes, as: UTF8.self)
                let broken: [String] = [
                    "", "null", "[]", "{}", #"{"version": 1}"#, #"{"projects": []}"#, #"{"version": 5, "projects": []}"#,
                    #"{"version": 0, "projects": []}"#, #"{"version": -1, "projects": []}"#, #"{"version": 1e400, "projects": []}"#,
                    #"{"version": 99999999999999999999, "projects": []}"#,
                    good.replacingOccurrences(of: #""type": "poetry""#, with: #""type": "epic""#),
                    good.replacingOccurrences(of: #""type": "poetry", "#, with: ""),
                    good.replacingOccurrences(of: "2025-02-01T00:00:00.000Z", with: "yesterday"),
                    good.replacingOccurrences(of: "2025-02-01T00:00:00.000Z", with: "2025-02-29T00:00:00.000Z"),
                    good.replacingOccurrences(of: fixedID("f0", 1), with: "f0000000-0000-4000-8000-00000000000g"),
                    good.replacingOccurrences(of: #""name": "Fine""#, with: #""name": 42"#),
                    good.replacingOccurrences(of: #""name": "Fine""#, with: #""name": "\ud800""#),
                    good.replacingOccurrences(of: #""name": "Fine""#, with: #""name": "\u00""#),
                    String(good.dropLast(5)), good + "{}", good.replacingOccurrences(of: ",", with: ",,"),
                ]
                for text in broken {
                    let refused = try Self.check(tool, ["import", "-"], input: Array(text.utf8), expect: 1)
                    #expect(refused.err.contains("Nothing was imported"), "\(refused.err)")
                }
                try Self.check(tool, ["import", Argument(folder + "/missing.json")], expect: 1)
                try Self.check(tool, ["import", Argument(folder)], expect: 1)
                #expect(fileBytes(folder + "/projects.json") == store, "a refused import changed the store")
            } }
        }

        /// The locale variables are input too. Found by FuzzArgumentParser (see
        /// Tests/Fuzz/Regressions/FuzzArgumentParser): a malformed name crashed the tool.
        @Test(.timeLimit(.minutes(2)))
        func malformedLocaleVariablesNeverCrash() throws {
            try countingHostileRuns("malformedLocaleVariablesNeverCrash") { try withTemporaryFolder { folder in
                var tool = try Tool(store: folder + "/projects.json")
                try Self.check(tool, ["add", "Draft 10"], expect: 0)
                try Self.check(tool, ["add", "Draft 2", "-d", "notes"], expect: 0)
                let values = [
                    "xxxxxxxxxxxx", "é", "sv\u{FFFD}\u{FFFD}\u{FFFD}_SE", String(repeating: "x", count: 200),
                    "en_US.UTF-8@" + String(repeating: "a", count: 300), "_", "@", "de_DE@collation=phonebook", "zh_Hant_TW", "i-klingon",
                ]
                for variable in ["LC_ALL", "LANG", "LC_COLLATE", "LC_TIME", "LANGUAGE"] {
                    for value in values {
                        tool.environment = tool.environment.filter { !$0.key.hasPrefix("LC_") && $0.key != "LANG" && $0.key != "LANGUAGE" }
                        tool.environment[variable] = value
                        if variable == "LANGUAGE" { tool.environment["LANG"] = "fr_FR.UTF-8" }
                        for arguments: [Argument] in [["list"], ["show", "draft 2"]] {
                            let outcome = try Self.check(tool, arguments)
                            #expect(outcome.status == 0, "\(variable)=\(value): \(outcome)")
                        }
                    }
                }
            } }
        }

        /// Creation dates at the edges of the format, with time-zone offsets, in an import document or
        /// a store: whatever the tool accepts, it must be able to read again after writing it. Found by
        /// FuzzStoreReader (Tests/Fuzz/Regressions/FuzzStoreReader/crash-year-*): a date that is in year
        /// 10000 or -1 once in UTC was accepted, then written so that the store no longer loaded.
        @Test(.timeLimit(.minutes(2)))
        func datesAtTheEdgesOfTheFormatSurviveAWrite() throws {
            try countingHostileRuns("datesAtTheEdgesOfTheFormatSurviveAWrite") { try withTemporaryFolder { folder in
                let dates = [
                    "9999-12-31T23:59:59-01:00", "0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59.999Z", "0000-01-01T00:00:00.000Z",
                    "0001-01-01T00:00:00+23:59", "9999-12-31T00:00:00-23:59", "2038-01-19T03:14:08Z", "1969-12-31T23:59:59.999Z",
                    "2024-02-29T12:00:00.123456789+05:30", "1900-03-01t00:00:00z",
                ]
                for (index, date) in dates.enumerated() {
                    let tool = try Tool(store: folder + "/store\(index).json")
                    let document = StoredDocument(sort: "date", projects: [
                        StoredProject(id: fixedID("da7e", index + 1), name: "Dated", type: "novel", created: date, details: nil, position: 1),
                    ])
                    // Through import: accepted or refused, but the store must load afterwards.
                    let imported = try Self.check(tool, ["import", "-"], input: document.bytes)
                    #expect(imported.status == 0 || imported.status == 1, "\(date): \(imported)")
                    try Self.check(tool, ["add", "Another"], expect: 0)
                    try Self.check(tool, ["list", "--sort", "date"], expect: 0)
                    // As a store written by hand: refused untouched, or usable after a write.
                    let store = folder + "/hand\(index).json"
                    try writeFile(store, document.bytes)
                    let hand = tool.on(store)
                    let listed = try Self.check(hand, ["list"])
                    if listed.status == 0 {
                        try Self.check(hand, ["add", "Another"], expect: 0)
                        try Self.check(hand, ["list"], expect: 0, sourceLocation: #_sourceLocation)
                    } else {
                        #expect(listed.status == 3 && fileBytes(store) == document.bytes, "\(date): \(listed)")
                    }
                }
            } }
        }

        /// A document another program wrote from an export (keys sorted, compact, as `jq -S -c` does)
        /// is the same document, and imports.
        @Test(.timeLimit(.minutes(1)))
        func anExportRewrittenByAnotherProgramImports() throws {
            try countingHostileRuns("anExportRewrittenByAnotherProgramImports") { try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                let document = StoredDocument(sort: "date", projects: [
                    StoredProject(id: fixedID("d0", 1), name: "Compact", type: "novel", created: "2025-01-01T00:00:00.000Z", details: nil, position: 1),
                    StoredProject(id: fixedID("d0", 2), name: "Sorted", type: "poetry", created: "2025-01-02T00:00:00.000Z", details: "x", position: 2),
                ])
                try Self.check(tool, ["import", "-"], input: document.compactSortedBytes, expect: 0)
                #expect(try tool.projects().map(\.name) == ["Compact", "Sorted"])
            } }
        }
    }
}
