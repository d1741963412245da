import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// Every sentence `history`, `undo` and `redo` can say, in every language: a text inserted into
/// another (an order, a kind of field) must not repeat the words around it ("nach Name sortiert
/// sortiert").
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

    @Test func theCheckFindsADoubledWord() {
        #expect(Self.doubledWord(in: "Listen standardmäßig nach Name sortiert Sortiert") == "sortiert")
        #expect(Self.doubledWord(in: "Listen standardmäßig nach Namen sortiert") == nil)
    }
}
