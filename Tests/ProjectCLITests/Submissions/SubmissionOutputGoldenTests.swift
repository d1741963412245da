import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// What `submissions`, `submissions --pending`, `market list` and `market show` print over 150
/// submissions, in each language, against the text the build before the tables were made faster
/// printed: a speed-up must not change one byte. The store has what a table must get right: names
/// wider than their bytes (accents, CJK, emoji), a deleted project named with a control character,
/// one day and thousands of days, every status, and pieces past their market's usual time.
/// `PROJECT_WRITE_GOLDEN=1` writes the golden files anew, for a change meant to change the tables.
@Suite("submissions: the tables print what they printed")
struct SubmissionOutputGoldenTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// The commands whose output is compared, each printed after a `$` line naming it.
    static let commands: [[String]] = [
        ["submissions"], ["submissions", "--pending"], ["market", "list"],
        ["market", "show", "Ploughshares"], ["market", "show", "Revue des Deux Mondes"],
    ]

    /// 2026-11-22, the day the store's "today" is.
    static let today = Date(timeIntervalSince1970: 1_795_336_200)

    @Test("each table, in English, French, German and Spanish, is byte for byte what it was", arguments: ["en", "fr", "de", "es"])
    func sameBytes(language: String) throws {
        let harness = try ToolHarness()
        let imported = harness.run(["import", try Self.writeDocument(in: harness)])
        try #require(imported.status == 0, "\(imported.error)")
        let locale = ["en": "en_US", "fr": "fr_FR", "de": "de_DE", "es": "es_ES"][language]! + ".UTF-8"
        var environment = harness.environment
        environment["LC_ALL"] = locale
        environment["TZ"] = "UTC"
        var printed = ""
        for command in Self.commands {
            let result = harness.run(command, environment: environment, clock: { Self.today })
            #expect(result.status == 0, "\(command): \(result.error)")
            printed += "$ " + command.joined(separator: " ") + "\n" + result.output
        }
        let golden = Self.goldenFolder.appendingPathComponent("submissions-\(language).txt")
        if ProcessInfo.processInfo.environment["PROJECT_WRITE_GOLDEN"] == "1" {
            try Data(printed.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(printed.utf8.count == expected.utf8.count)
        let (printedLines, expectedLines) = (printed.lines, expected.lines)
        let differing = zip(printedLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differing == nil, "line \((differing?.offset ?? 0) + 1): \(differing.map { "\($0.element.0)" } ?? "") ≠ golden \(differing.map { "\($0.element.1)" } ?? "")")
        #expect(printed == expected)
    }

    /// An import document: one living project, 12 markets and 150 submissions over eleven years,
    /// answered by today, drawn from a fixed seed; a twentieth of them from a project that is gone.
    static func writeDocument(in harness: ToolHarness) throws -> String {
        var random = SeededRandom(seed: 30)
        let marketNames = [
            "Ploughshares", "Revue des Deux Mondes", "Die Zeit – Feuilleton", "文學雜誌", "Poetry 🌊 Review",
            "Granta", "Ñandú Ediciones", "The Red Quarterly", "Agni", "Kenyon Review",
            "Sinn und Form", "Letras Libres",
        ]
        let markets: [[String: Any]] = marketNames.enumerated().map { index, name in
            [
                "id": fixedID(0x100 + index).uuidString.lowercased(), "name": name,
                "kind": MarketKind.allCases[index % MarketKind.allCases.count].rawValue, "url": NSNull(), "deadline": NSNull(),
                "simultaneous": "yes", "multiple": "yes", "notes": NSNull(),
                "response-days": index % 4 == 3 ? NSNull() : String([30, 60, 90][index % 3]) as Any,
            ]
        }
        let folder = harness.folder + "/Poems"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let poems = ["Poem 1.md", "Élégie.md", "雪.md", "Night Song.md", "Ode to Late September.md"]
        let statuses = ["pending", "shortlisted", "accepted", "rejected", "rejected", "withdrawn"]
        let start = 16_801  // 2016-01-01
        let submissions: [[String: Any]] = (0..<150).map { number in
            let sent = start + number * 3_980 / 150
            let pieces: [[String: Any]] = (0..<(1 + random.next(4))).map { piece in
                let status = statuses[random.next(statuses.count)]
                let open = status == "pending" || status == "shortlisted"
                let answered = min(sent + 1 + random.next(200), 20_779)
                return [
                    "file": poems[random.next(poems.count)], "version": String(format: "%08x%04x", number, piece),
                    "number": 1 + random.next(12), "status": status, "responded": open ? NSNull() : Self.isoDay(answered) as Any,
                    "responseNote": NSNull(),
                ]
            }
            let gone = number % 20 == 7
            return [
                "id": fixedID(0x1000 + number).uuidString.lowercased(),
                "market": (markets[number % markets.count]["id"] as? String) ?? "",
                "project": (gone ? fixedID(0x999) : fixedID(1)).uuidString.lowercased(),
                "projectName": gone ? "Sonnets \u{7}d’été" : "Poems", "sent": Self.isoDay(sent), "note": NSNull(),
                "pieces": pieces,
            ]
        }
        let document: [String: Any] = [
            "version": 3, "sort": "name", "root": NSNull(),
            "projects": [[
                "id": fixedID(1).uuidString.lowercased(), "name": "Poems", "type": "poetry",
                "created": "2016-01-01T00:00:00.000Z", "details": NSNull(), "folder": folder,
            ]],
            "markets": markets, "submissions": submissions,
        ]
        let path = harness.folder + "/import.json"
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `YYYY-MM-DD` of a day counted from 1970-01-01.
    static func isoDay(_ day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}

/// A small generator of the same numbers from the same seed on every machine (SplitMix64).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
    }
}
