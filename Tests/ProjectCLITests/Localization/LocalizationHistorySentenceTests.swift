import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// Every sentence `history`, `undo` and `redo` can say, in every language: a text inserted into
/// another (an order, a kind of field) must not repeat the words around it ("nach Name sortiert
/// sortiert"), and a line with an annotation must not give one noun two genders ("« Delta »
/// supprimé (annulée)").
@Suite("history sentences in every language")
struct LocalizationHistorySentenceTests {
    private static let alpha = Project(
        id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Alpha", kind: .novel,
        created: Date(timeIntervalSince1970: 1_700_000_000), details: nil, position: 1)
    private static let beta = Project(
        id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "Beta", kind: .poetry,
        created: Date(timeIntervalSince1970: 1_700_000_000), details: nil, position: 2)

    /// One change of each kind a sentence is built for, with every order and every field.
    private static var changes: [(command: String, operations: [ChangeOperation])] {
        let id = alpha.id
        let day = CalendarDay(year: 2027, month: 3, day: 31)
        let folder = ProjectFolder(recorded: "Alpha", isManaged: true)
        var changes: [(String, [ChangeOperation])] = [
            ("add", [.create(alpha)]),
            ("delete", [.remove(alpha)]),
            ("rename", [.set(id, .name(from: "Alpha", to: "Winter"))]),
            ("move", [.place(id, Placement(fromKey: nil, toKey: nil, fromPosition: 2, toPosition: 1))]),
            ("import", [.create(alpha)]),
            ("import", [.create(alpha), .create(beta)]),
            ("root", [.setRoot(from: nil, to: "/home/writer/Texts")]),
            ("root", [.setRoot(from: "/home/writer/Texts", to: nil)]),
            ("frobnicate", [.set(id, .details(from: nil, to: "x"))]),
            ("frobnicate", [.set(id, .details(from: nil, to: "x")), .set(beta.id, .details(from: nil, to: "y"))]),
        ]
        for from in ProjectOrder.allCases {
            for to in ProjectOrder.allCases where to != from {
                changes.append(("sort", [.setDefaultOrder(from: from, to: to)]))
            }
        }
        let fields: [FieldChange] = [
            .details(from: nil, to: "Second draft"), .details(from: "Second draft", to: nil),
            .target(from: nil, to: 1), .target(from: nil, to: 80_000), .target(from: 80_000, to: nil),
            .due(from: nil, to: day), .due(from: day, to: nil),
            .folder(from: nil, to: folder), .folder(from: folder, to: nil),
            .name(from: "Alpha", to: "Winter"),
        ]
        for field in fields {
            changes.append(("edit", [.set(id, field)]))
            // The same field after another, said with "its".
            changes.append(("edit", [.set(id, .target(from: nil, to: 2)), .set(id, field)]))
        }
        changes.append(("edit", fields.map { .set(id, $0) }))
        return changes
    }

    /// The first word said twice in a row, ignoring letter case, if any.
    private static func doubledWord(in sentence: String) -> String? {
        let words = sentence.split { !$0.isLetter }.map { $0.lowercased() }
        return zip(words, words.dropFirst()).first { $0 == $1 }?.0
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func noWordIsDoubled(language: String) {
        let sentences = HistorySentence(
            localizer: Localizer(language: language), locales: LocaleSettings(environment: ["LANG": "\(language).UTF-8"]),
            root: nil, home: "/home/writer")
        let machine = Machine(id: UUID(), name: "desk")
        var said = 0
        for (index, change) in Self.changes.enumerated() {
            let recorded = Change(
                revision: index, time: Date(timeIntervalSince1970: 1_800_000_000),
                clock: HybridTime(milliseconds: 1_800_000_000_000, counter: index), machine: machine,
                kind: .command(change.command), operations: change.operations)
            let entry = History(changes: [recorded]).entries[0]
            for undone in [false, true] {
                let sentence = sentences.describe(entry, names: [Self.alpha.id: "Alpha", Self.beta.id: "Beta"], undone: undone)
                #expect(!sentence.isEmpty && !sentence.contains("history."), "\(language) \(change): no sentence")
                #expect(Self.doubledWord(in: sentence) == nil, "\(language) \(change.command)\(undone ? " undone" : ""): “\(sentence)”")
                said += 1
            }
        }
        #expect(said == Self.changes.count * 2)
    }

    /// What agreement each language asks of a history line, where participles agree with their noun.
    /// English and German have no such agreement to check: "(undone)", "(rückgängig gemacht)".
    private struct Agreement: Sendable {
        /// The nouns an annotation may name, and whether each is feminine.
        let nouns: [String: Bool]
        /// Whether a word is a past participle, and if so whether it is feminine.
        let participle: @Sendable (String) -> Bool?
        /// The participle that governs a project's name at the start of a line, with its gender
        /// ("« Alpha » supprimé", "eliminado «Alpha»"): a project is masculine in both languages.
        let projectParticiple: @Sendable (_ line: String, _ name: String) -> String?

        static let byLanguage: [String: Agreement] = [
            "fr": Agreement(
                nouns: ["modification": true, "projet": false],
                participle: { word in
                    guard word.count > 3, let last = ["ées", "ée", "és", "é"].first(where: word.hasSuffix) else { return nil }
                    return last.hasPrefix("ée")
                },
                projectParticiple: { line, name in
                    let start = "«\u{A0}\(name)\u{A0}» "
                    guard line.hasPrefix(start) else { return nil }
                    return line.dropFirst(start.count).split(separator: " ").first.map(String.init)
                }),
            "es": Agreement(
                nouns: ["cambio": false, "proyecto": false],
                participle: { word in
                    guard word.count > 4, let last = ["ados", "adas", "idos", "idas", "ado", "ada", "ido", "ida", "echo", "echa"]
                        .first(where: word.hasSuffix) else { return nil }
                    return last.hasSuffix("a") || last.hasSuffix("as")
                },
                projectParticiple: { line, name in
                    let words = line.components(separatedBy: " «\(name)»")
                    guard words.count > 1 else { return nil }
                    return words[0].split(separator: " ").last.map(String.init)
                }),
        ]
    }

    /// Where `line`, with `annotation` after it, mixes genders; `nil` when it does not. An
    /// annotation names the noun its participle agrees with ("(modification annulée)"): a participle
    /// alone would agree with whatever noun the line ends with ("« Delta » supprimé (annulée)").
    private static func genderMix(line: String, annotated: String, name: String, language: String) -> String? {
        guard let rules = Agreement.byLanguage[language] else { return nil }
        if let word = rules.projectParticiple(line, name), rules.participle(word) == true {
            return "“\(word)” is feminine, and governs the project “\(name)”"
        }
        guard annotated.hasPrefix(line) else { return "the annotation does not follow the line" }
        let words = annotated.dropFirst(line.count).split { !$0.isLetter }.map { $0.lowercased() }
        guard let index = words.firstIndex(where: { rules.participle($0) != nil }) else { return nil }
        guard index > 0, let feminine = rules.nouns[words[index - 1]] else {
            return "“\(words[index])” names no noun to agree with"
        }
        return rules.participle(words[index]) == feminine ? nil : "“\(words[index])” does not agree with “\(words[index - 1])”"
    }

    /// Each line of `history`, as it reads once undone, overridden by a later change on another
    /// machine, or dropped because its project was deleted there: one gender for one noun.
    @Test(arguments: ["en", "fr", "de", "es"])
    func annotationsAgree(language: String) {
        let localizer = Localizer(language: language)
        let sentences = HistorySentence(
            localizer: localizer, locales: LocaleSettings(environment: ["LANG": "\(language).UTF-8"]),
            root: nil, home: "/home/writer")
        let machine = Machine(id: UUID(), name: "desk")
        var checked = 0
        for (index, change) in Self.changes.enumerated() {
            let recorded = Change(
                revision: index, time: Date(timeIntervalSince1970: 1_800_000_000),
                clock: HybridTime(milliseconds: 1_800_000_000_000, counter: index), machine: machine,
                kind: .command(change.command), operations: change.operations)
            let entry = History(changes: [recorded]).entries[0]
            let line = sentences.describe(entry, names: [Self.alpha.id: "Alpha", Self.beta.id: "Beta"])
            for key in ["history.undone", "history.overridden", "history.dropped"] {
                let annotated = localizer.text(key, ["line": line, "machine": "laptop"])
                #expect(annotated.count > line.count && !annotated.contains("history."), "\(language) \(key): “\(annotated)”")
                let mix = Self.genderMix(line: line, annotated: annotated, name: "Alpha", language: language)
                #expect(mix == nil, "\(language) \(key): “\(annotated)”: \(mix ?? "")")
                checked += 1
            }
        }
        #expect(checked == Self.changes.count * 3)
    }

    @Test func theCheckFindsGendersMixed() {
        #expect(Self.genderMix(line: "«\u{A0}Delta\u{A0}» supprimé", annotated: "«\u{A0}Delta\u{A0}» supprimé (annulée)", name: "Delta", language: "fr") != nil)
        #expect(Self.genderMix(line: "«\u{A0}Delta\u{A0}» supprimé", annotated: "«\u{A0}Delta\u{A0}» supprimé (modification annulé)", name: "Delta", language: "fr") != nil)
        #expect(Self.genderMix(line: "«\u{A0}Delta\u{A0}» supprimé", annotated: "«\u{A0}Delta\u{A0}» supprimé (modification annulée)", name: "Delta", language: "fr") == nil)
        #expect(Self.genderMix(line: "«\u{A0}Delta\u{A0}» détachée", annotated: "«\u{A0}Delta\u{A0}» détachée (modification annulée)", name: "Delta", language: "fr") != nil)
        #expect(Self.genderMix(line: "desvinculada «Delta» de su carpeta", annotated: "desvinculada «Delta» de su carpeta (cambio deshecho)", name: "Delta", language: "es") != nil)
        #expect(Self.genderMix(line: "desvinculado «Delta» de su carpeta", annotated: "desvinculado «Delta» de su carpeta (deshecho)", name: "Delta", language: "es") != nil)
        #expect(Self.genderMix(line: "desvinculado «Delta» de su carpeta", annotated: "desvinculado «Delta» de su carpeta (cambio deshecho)", name: "Delta", language: "es") == nil)
        #expect(Self.genderMix(line: "„Delta“ gelöscht", annotated: "„Delta“ gelöscht (rückgängig gemacht)", name: "Delta", language: "de") == nil)
    }

    @Test func theCheckFindsADoubledWord() {
        #expect(Self.doubledWord(in: "Listen standardmäßig nach Name sortiert Sortiert") == "sortiert")
        #expect(Self.doubledWord(in: "Listen standardmäßig nach Namen sortiert") == nil)
    }
}
