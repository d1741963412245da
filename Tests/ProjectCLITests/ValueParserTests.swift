import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// Kinds, orders and numbers as typed on the command line.
@Suite struct ValueParserTests {
    func addInvocation(type: String) -> Invocation {
        Invocation(spec: AddCommand.spec, arguments: ["X"], values: ["type": type], flags: [])
    }

    @Test(arguments: [
        ("short-story", ProjectKind.shortStory), ("short story", .shortStory), ("Short_Story", .shortStory),
        ("SHORTSTORY", .shortStory), ("shortstory", .shortStory), ("Short Story", .shortStory),
        ("novel", .novel), ("Novel", .novel), ("NOVEL", .novel), ("blank", .blank), ("Poetry", .poetry),
        ("script", .script), ("SCRIPT", .script),
    ])
    func kinds(_ typed: String, _ kind: ProjectKind) throws {
        #expect(try addInvocation(type: typed).kind(AddCommand.type, localizer: english) == kind)
        #expect(ProjectKind(typed: typed, localizer: english) == kind)
    }

    @Test(arguments: ["novels", "poem", "", "short-stories", "story", "1", "sci-fi"])
    func badKind(_ typed: String) {
        #expect(throws: UsageError.badValue(option: "--type", value: typed, expected: .kind, command: "add")) {
            try addInvocation(type: typed).kind(AddCommand.type, localizer: english)
        }
    }

    @Test func kindNotGiven() throws {
        let invocation = Invocation(spec: AddCommand.spec, arguments: ["X"], values: [:], flags: [])
        #expect(try invocation.kind(AddCommand.type, localizer: english) == nil)
    }

    @Test func everyKindIsAcceptedByItsIdentifierAndItsDisplayName() {
        for kind in ProjectKind.allCases {
            #expect(ProjectKind(typed: kind.rawValue, localizer: english) == kind)
            #expect(ProjectKind(typed: english.text(kind.nameKey), localizer: english) == kind)
            #expect(english.text(kind.nameKey) != kind.nameKey, "no English name for \(kind)")
        }
    }

    @Test(arguments: [
        ("name", ProjectOrder.name), ("date", .date), ("user", .user), ("Name", .name), ("USER", .user),
    ])
    func orders(_ typed: String, _ order: ProjectOrder) throws {
        let invocation = Invocation(spec: ListCommand.spec, arguments: [], values: ["sort": typed], flags: [])
        #expect(try invocation.order(ListCommand.sort) == order)
    }

    @Test(arguments: ["names", "created", "", "own", " name"])
    func badOrder(_ typed: String) {
        let invocation = Invocation(spec: ListCommand.spec, arguments: [], values: ["sort": typed], flags: [])
        #expect(throws: UsageError.badValue(option: "--sort", value: typed, expected: .order, command: "list")) {
            try invocation.order(ListCommand.sort)
        }
    }

    @Test(arguments: [("1", 1), ("12", 12), ("0", 0), ("-3", -3), ("+2", 2)])
    func numbers(_ typed: String, _ number: Int) throws {
        let invocation = Invocation(spec: MoveCommand.spec, arguments: ["X"], values: ["to": typed], flags: [])
        #expect(try invocation.number(MoveCommand.to) == number)
    }

    @Test(arguments: ["one", "1.5", "", "2x", " 3", "99999999999999999999999"])
    func badNumber(_ typed: String) {
        let invocation = Invocation(spec: MoveCommand.spec, arguments: ["X"], values: ["to": typed], flags: [])
        #expect(throws: UsageError.badValue(option: "--to", value: typed, expected: .positiveNumber, command: "move")) {
            try invocation.number(MoveCommand.to)
        }
    }

    /// `--target` and `--goal` take 1 to 1,000,000,000 words, and 0 or nothing to clear; past the
    /// range, however many digits, the refusal says the range as the locale groups it.
    @Test(arguments: [("1", 1), ("1000000000", 1_000_000_000), ("1,000,000,000", 1_000_000_000), ("0", nil), ("", nil)] as [(String, Int?)])
    func wordsInTheRange(_ typed: String, _ words: Int?) throws {
        let numbers = NumberText(locale: Locale(identifier: "en_US"))
        let edit = Invocation(spec: EditCommand.spec, arguments: ["X"], values: ["target": typed], flags: [])
        #expect(try edit.wordTarget(EditCommand.target, numbers: numbers) == .set(words))
        let progress = Invocation(spec: ProgressCommand.spec, arguments: [], values: ["goal": typed], flags: [])
        #expect(try progress.wordTarget(ProgressCommand.goal, numbers: numbers, kept: .dailyGoal) == .set(words))
    }

    @Test(arguments: ["1000000001", "1,000,000,001", "1000000000000000000", "9223372036854775807", "99999999999999999999999"])
    func wordsPastTheRange(_ typed: String) {
        let numbers = NumberText(locale: Locale(identifier: "fr_FR"))
        let edit = Invocation(spec: EditCommand.spec, arguments: ["X"], values: ["target": typed.replacingOccurrences(of: ",", with: " ")], flags: [])
        let range = UsageError.Expectation.inRange(.wordTarget, minimum: "1", maximum: "1\u{202F}000\u{202F}000\u{202F}000")
        #expect(throws: UsageError.badValue(option: "--target", value: typed.replacingOccurrences(of: ",", with: " "), expected: range, command: "edit")) {
            try edit.wordTarget(EditCommand.target, numbers: numbers)
        }
        let progress = Invocation(spec: ProgressCommand.spec, arguments: [], values: ["goal": typed.replacingOccurrences(of: ",", with: " ")], flags: [])
        #expect(throws: UsageError.self) { try progress.wordTarget(ProgressCommand.goal, numbers: numbers, kept: .dailyGoal) }
    }

    @Test func valueNotGiven() throws {
        let invocation = Invocation(spec: MoveCommand.spec, arguments: ["X"], values: [:], flags: ["top"])
        #expect(try invocation.number(MoveCommand.to) == nil)
        #expect(invocation.isSet(MoveCommand.top))
        #expect(!invocation.isSet(MoveCommand.bottom))
    }
}
