import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ProjectCLI
import ProjectStore

// MARK: Terminal

/// An in-memory terminal: records what the tool writes and serves scripted lines of input.
final class FakeTerminal: Terminal {
    private(set) var outputText = ""
    private(set) var errorText = ""
    private var input: [String]
    /// How many lines the tool asked for, including the one that found the end of input.
    private(set) var reads = 0
    let inputIsInteractive: Bool
    let outputIsTerminal: Bool
    let columns: Int?

    init(input: [String] = [], interactive: Bool = false, outputIsTerminal: Bool = false, columns: Int? = nil) {
        self.input = input
        self.inputIsInteractive = interactive
        self.outputIsTerminal = outputIsTerminal
        self.columns = columns
    }

    func output(_ text: String) { outputText += text }
    func error(_ text: String) { errorText += text }

    func readLine() -> String? {
        reads += 1
        return input.isEmpty ? nil : input.removeFirst()
    }

    /// Lines of input not consumed.
    var unreadInput: [String] { input }
}

/// What one run of the tool did.
struct RunResult {
    let status: Int32
    let output: String
    let error: String
    let terminal: FakeTerminal
}

/// A fresh folder for one test's store; the store file itself does not exist yet.
final class ToolHarness {
    let folder: String
    var storePath: String { folder + "/projects.json" }

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ProjectCLITests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folder = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The root of project folders: a folder of the test's own, never the user's.
    var root: String { folder + "/Writing" }

    var environment: [String: String] { ["PROJECT_STORE": storePath, "PROJECT_ROOT": root] }

    @discardableResult
    func run(
        _ arguments: [String], input: [String] = [], interactive: Bool = false, outputIsTerminal: Bool = false,
        columns: Int? = nil, environment: [String: String]? = nil, clock: @escaping @Sendable () -> Date = Date.init
    ) -> RunResult {
        let terminal = FakeTerminal(input: input, interactive: interactive, outputIsTerminal: outputIsTerminal, columns: columns)
        let status = ProjectTool.run(
            arguments: arguments, environment: environment ?? self.environment, terminal: terminal, clock: clock)
        return RunResult(status: status, output: terminal.outputText, error: terminal.errorText, terminal: terminal)
    }

    /// Adds projects, failing the test if any add is refused.
    func add(_ name: String, _ extra: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        let result = run(["add", name] + extra)
        #expect(result.status == 0, "add \(name): \(result.error)", sourceLocation: sourceLocation)
    }

    /// The store as `list --json --sort user` sees it.
    func projects(sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        let result = run(["list", "--json", "--sort", "user"])
        #expect(result.status == 0, sourceLocation: sourceLocation)
        return (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]) ?? []
    }

    func names() -> [String] {
        projects().compactMap { $0["name"] as? String }
    }

    func storeBytes() -> Data? {
        FileManager.default.contents(atPath: storePath)
    }

    func historyBytes() -> Data? {
        FileManager.default.contents(atPath: storePath + ".history")
    }
}

// MARK: Values

let english = Localizer(language: "en")
let utc = TimeZone(identifier: "UTC")!
let posix = Locale(identifier: "en_US_POSIX")

/// 2026-11-22T08:30:00.123Z plus `seconds`.
func moment(_ seconds: Double = 0) -> Date {
    Date(timeIntervalSince1970: 1_795_336_200.123 + seconds)
}

func fixedID(_ number: Int) -> UUID {
    let tail = String(number, radix: 16)
    return UUID(uuidString: "beef0000-0000-4000-8000-" + String(repeating: "0", count: 12 - tail.count) + tail)!
}

func project(
    _ name: String, kind: ProjectKind = .blank, details: String? = nil, position: Int = 1,
    created: Date = moment(), id: UUID? = nil
) -> Project {
    Project(id: id ?? fixedID(position), name: name, kind: kind, created: created, details: details, position: position)
}

/// Display cells counted independently of `TerminalText`, for the characters these tests use:
/// CJK ideographs, kana, Hangul and the emoji block take two cells, combining accents none.
func cells(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
        switch scalar.value {
        case 0x0300...0x036F: total
        case 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF: total + 2
        default: total + 1
        }
    }
}

/// The display column (in cells) where `needle` starts in `line`, or nil.
func column(of needle: String, in line: some StringProtocol) -> Int? {
    guard let range = line.range(of: needle) else { return nil }
    return cells(line[..<range.lowerBound])
}

extension String {
    var lines: [Substring] { split(separator: "\n", omittingEmptySubsequences: false) }

    /// True when any C0 control other than a newline, DEL, or a C1 control is present.
    var hasRawControl: Bool {
        unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar.value != 0x0A) || (0x7F...0x9F).contains(scalar.value)
        }
    }
}

// MARK: Files

