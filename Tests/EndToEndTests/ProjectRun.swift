import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing

// Runs the built `project` binary as a separate process against a store in a private temporary
// folder, with a controlled environment, and captures its exit status, standard output and
// standard error separately.

// MARK: The binary

enum ProjectBinary {
    /// The `project` executable: the path in `PROJECT_BINARY` (Tests/run-all.sh runs these tests
    /// again against the static release build, the binary writers install), else the one beside the
    /// test runner (`/proc/self/exe`), which is where `swift build` puts it.
    static let path: String = {
        if let variable = ProcessInfo.processInfo.environment["PROJECT_BINARY"], !variable.isEmpty {
            return variable
        }
        if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let candidate = URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("project").path
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return "/nonexistent/project (build it, or set PROJECT_BINARY)"
    }()

    /// The binary a test runs under faketime. faketime sets the clock of a program that asks the C
    /// library for the time through the dynamic linker; the static build writers install
    /// (`PROJECT_BINARY` in Tests/run-all.sh) carries its own C library, which no preload reaches,
    /// so then this build's own binary, linked dynamically, is the one run.
    static let underFaketime: String = {
        guard isStatic(path),
              let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return path }
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("project").path
    }()

    /// An ELF executable without a program interpreter is linked statically.
    static func isStatic(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path), let header = try? file.read(upToCount: 4096), header.count >= 64 else { return false }
        let bytes = [UInt8](header)
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let (table, size, count) = (integer(0x20, 8), integer(0x36, 2), integer(0x38, 2))
        let types = (0..<count).map { table + $0 * size }.filter { $0 + 4 <= bytes.count }.map { integer($0, 4) }
        return !types.contains(3)  // PT_INTERP
    }
}

// MARK: Randomness

/// The seed of this run's random tests: `RELIABILITY_SEED` when set (to repeat a run), else the clock.
let testSeed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["RELIABILITY_SEED"], let seed = UInt64(text) { return seed }
    return UInt64(Date().timeIntervalSince1970 * 1000)
}()

/// A generator that repeats with its seed (SplitMix64), one stream per test: the seed is printed so
/// that a failure can be repeated.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64, test: String) {
        print("\(test): RELIABILITY_SEED=\(seed)")
        state = seed &+ UInt64(truncatingIfNeeded: test.utf8.reduce(0) { $0 &* 31 &+ Int($1) })
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

// MARK: Results

struct RunResult: CustomStringConvertible, Sendable {
    let arguments: [String]
    /// The exit status; -1 when the process was killed (see `timedOut`) or died of a signal.
    let status: Int32
    let stdoutBytes: [UInt8]
    let stderrBytes: [UInt8]
    let timedOut: Bool

    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

    /// Standard output split into lines, without the empty string after the last newline.
    var lines: [String] { Self.lines(stdout) }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String {
        "project \(arguments.map { "'\($0)'" }.joined(separator: " "))\n→ exit \(status)\(timedOut ? " (killed after a timeout)" : "")\n"
            + "--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)--------------"
    }
}

/// Collects everything read from a file descriptor on a background thread.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    init(reading handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.lock()
                bytes.append(contentsOf: buffer[0..<count])
                lock.unlock()
            }
            try? handle.close()
            lock.lock()
            finished = true
            lock.unlock()
        }
    }

    private var finished = false

    /// Everything read until end of file, or what arrived within `timeout` seconds.
    func result(timeout: Double) async -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        while !isFinished && Date() < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return snapshot
    }

    private var snapshot: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    private var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }
}

/// Waits for `process` to end, killing it after `timeout` seconds; returns (status, timedOut).
/// Waits without blocking a thread, so that many tests can run their processes at once. On a busy
/// machine the test runner's threads, and Foundation's, can look late at a process that ended in
/// time: `isRunning` still says so past the deadline. The kernel is asked before it is taken for
/// hung: a process that has exited is a zombie, or gone, and is then only waited for.
func waitForExit(_ process: Process, timeout: Double) async -> (Int32, Bool) {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
        try? await Task.sleep(for: .milliseconds(3))
    }
    var timedOut = false
    if process.isRunning, !hasExited(process.processIdentifier) {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    if timedOut || process.terminationReason != .exit { return (-1, timedOut) }
    return (process.terminationStatus, false)
}

/// Whether the kernel says `pid` has ended: its `/proc` entry is gone (reaped) or in state `Z` or
/// `X` (ended, not yet reaped). Its state follows the command name, which may hold spaces and
/// parentheses, after the last `)`.
func hasExited(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
    return state == "Z" || state == "X"
}

// MARK: A private store and environment

/// A fresh temporary folder holding the store (and `HOME`) of one test; removed when released.
final class Sandbox: @unchecked Sendable {
    let root: String
    /// `PROJECT_STORE`: a file in a folder that does not exist yet.
    let store: String

    init() throws {
        var template = Array("/tmp/project-e2e-XXXXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        store = root + "/data/projects.json"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The whole environment of the child: nothing is inherited from the test runner.
    var environment: [String: String] {
        ["PROJECT_STORE": store, "LANG": "C.UTF-8", "HOME": root, "TZ": "UTC", "PATH": "/usr/bin:/bin"]
    }

    /// Runs `project` with `arguments`. Standard input is `stdin` through a pipe, else /dev/null
    /// (never a terminal). `environment` entries override the defaults; `nil` removes one.
    @discardableResult
    func run(
        _ arguments: [String], stdin: [UInt8]? = nil, environment overrides: [String: String?] = [:],
        timeout: Double = 15, in directory: String? = nil, launcher: [String] = []
    ) async -> RunResult {
        var environment = self.environment
        for (key, value) in overrides { environment[key] = value }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher.first ?? ProjectBinary.path)
        process.arguments = launcher.isEmpty ? arguments : launcher.dropFirst() + arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? root)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let input = stdin.map { _ in Pipe() }
        if let input {
            process.standardInput = input
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        do {
            try process.run()
        } catch {
            return RunResult(arguments: arguments, status: -1, stdoutBytes: [],
                             stderrBytes: Array("cannot start \(ProjectBinary.path): \(error)".utf8), timedOut: false)
        }
        let outputCollector = OutputCollector(reading: output.fileHandleForReading)
        let errorCollector = OutputCollector(reading: errors.fileHandleForReading)
        if let input, let stdin {
            let writer = input.fileHandleForWriting
            Thread.detachNewThread {
                signal(SIGPIPE, SIG_IGN)
                try? writer.write(contentsOf: Data(stdin))
                try? writer.close()
            }
        }
        let (status, timedOut) = await waitForExit(process, timeout: timeout)
        return RunResult(
            arguments: arguments, status: status,
            stdoutBytes: await outputCollector.result(timeout: 5), stderrBytes: await errorCollector.result(timeout: 5),
            timedOut: timedOut)
    }

    @discardableResult
    func run(_ arguments: String..., stdin: [UInt8]? = nil, environment: [String: String?] = [:]) async -> RunResult {
        await run(arguments, stdin: stdin, environment: environment)
    }

    /// Runs `project` as a user whom file modes stop: this user, or `nobody` when this is root (root
    /// reads whatever the modes say), through util-linux `setpriv`, from a copy of the binary in the
    /// sandbox, which every user may then enter and read. A recorded failure where that is impossible.
    func runWherePermissionsApply(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> RunResult {
        guard geteuid() == 0 else { return await run(arguments) }
        let setpriv = try #require(
            ["/usr/bin/setpriv", "/bin/setpriv"].first { (path: String) in access(path, X_OK) == 0 },
            "`setpriv` (util-linux) is missing; run Tests/install-test-tools.sh", sourceLocation: sourceLocation)
        let binary = root + "/bin/project"
        if access(binary, X_OK) != 0 {
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            // Not `copyItem`, which writes without O_CLOEXEC: see `writeClosedOnExec`.
            let bytes = try #require(FileManager.default.contents(atPath: ProjectBinary.path), sourceLocation: sourceLocation)
            try writeClosedOnExec(Array(bytes), to: binary)
        }
        // Everything the tool reads, readable by all: the modes a test sets on its own files come after.
        for path in [root, root + "/bin", binary, root + "/Writing", store, store + ".lock", (store as NSString).deletingLastPathComponent] {
            chmod(path, 0o755)
        }
        let nobody = "65534"
        return await run(arguments, launcher: [setpriv, "--reuid=" + nobody, "--regid=" + nobody, "--clear-groups", "--", binary])
    }

    /// Runs a command that must succeed (exit 0, nothing on standard error).
    @discardableResult
    func ok(_ arguments: String..., stdin: [UInt8]? = nil, sourceLocation: SourceLocation = #_sourceLocation) async -> RunResult {
        let result = await run(arguments, stdin: stdin)
        #expect(result.status == 0, "expected success:\n\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "expected nothing on standard error:\n\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Adds projects that must be accepted.
    func add(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) async {
        for name in names {
            let result = await run(["add", name])
            #expect(result.status == 0, "adding \(name):\n\(result)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Reading the store through the tool

    /// `project list --json [extra]`, parsed.
    func listJSON(_ extra: String..., sourceLocation: SourceLocation = #_sourceLocation) async -> [[String: Any]] {
        let result = await run(["list", "--json"] + extra)
        #expect(result.status == 0, "list --json failed:\n\(result)", sourceLocation: sourceLocation)
        guard let array = parseJSON(result.stdoutBytes) as? [[String: Any]] else {
            Issue.record("list --json did not print an array of objects:\n\(result)", sourceLocation: sourceLocation)
            return []
        }
        return array
    }

    /// Names from `project list --json [extra]`, in the order printed.
    func names(_ extra: String..., sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
        let result = await run(["list", "--json"] + extra)
        #expect(result.status == 0, "list --json failed:\n\(result)", sourceLocation: sourceLocation)
        guard let array = parseJSON(result.stdoutBytes) as? [[String: Any]] else {
            Issue.record("list --json did not print an array of objects:\n\(result)", sourceLocation: sourceLocation)
            return []
        }
        return array.map { $0["name"] as? String ?? "<no name>" }
    }

    /// Names in the writer's own order.
    func userOrder(sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
        let result = await run(["list", "--json", "--sort", "user"])
        guard let array = parseJSON(result.stdoutBytes) as? [[String: Any]] else {
            Issue.record("list --json --sort user did not print an array:\n\(result)", sourceLocation: sourceLocation)
            return []
        }
        return array.map { $0["name"] as? String ?? "<no name>" }
    }

    /// `project show <reference> --json`, parsed; `nil` (and an issue) when it fails.
    func showJSON(_ reference: String, sourceLocation: SourceLocation = #_sourceLocation) async -> [String: Any]? {
        let result = await run("show", reference, "--json")
        #expect(result.status == 0, "show --json failed:\n\(result)", sourceLocation: sourceLocation)
        guard let object = parseJSON(result.stdoutBytes) as? [String: Any] else {
            Issue.record("show --json did not print an object:\n\(result)", sourceLocation: sourceLocation)
            return nil
        }
        return object
    }

    // MARK: The store file itself

    func storeBytes() -> [UInt8]? {
        FileManager.default.contents(atPath: store).map { [UInt8]($0) }
    }

    func writeStore(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: (store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: store))
    }

    /// Writes a file in the sandbox and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = root + "/" + name
        try writeClosedOnExec(Array(text.utf8), to: path)
        return path
    }
}

// MARK: JSON

func parseJSON(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
}

/// A JSON string literal for `text`.
func jsonString(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
}

/// One project of an export document written by a test.
struct DocumentProject: Sendable {
    var id: String
    var name: String
    var type: String = "blank"
    var created: String = "2020-01-01T00:00:00.000Z"
    var details: String? = nil
}

/// An export document as `project export` writes it: `{"version": 1, "sort": …, "projects": […]}`.
func exportDocument(_ projects: [DocumentProject], sort: String = "name", version: Int = 1) -> String {
    let items = projects.enumerated().map { index, project in
        "{\"id\": \(jsonString(project.id)), \"name\": \(jsonString(project.name)), \"type\": \(jsonString(project.type)), "
            + "\"created\": \(jsonString(project.created)), \"details\": \(project.details.map(jsonString) ?? "null"), "
            + "\"position\": \(index + 1)}"
    }
    return "{\n  \"version\": \(version),\n  \"sort\": \(jsonString(sort)),\n  \"projects\": [\n    "
        + items.joined(separator: ",\n    ") + "\n  ]\n}\n"
}

/// Test ids: `prefix` (hex) followed by a fixed tail, e.g. `uuid("abcd1111", 1)`.
func uuid(_ prefix: String, _ number: Int) -> String {
    let tail = String(number, radix: 16)
    return prefix + "-0000-4000-8000-" + String(repeating: "0", count: 12 - tail.count) + tail
}

// MARK: Matching

func matches(_ text: String, _ pattern: String) -> Bool {
    text.range(of: pattern, options: .regularExpression) != nil
}

let uuidPattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
let timestampPattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"
/// The fields of a project in `list --json` and `show --json`.
let projectFields: Set<String> = ["id", "name", "type", "created", "details", "position", "folder", "target", "due"]
/// `show --json` and `list --words --json` add the words counted.
let countedProjectFields = projectFields.union(["words"])
/// In `export`: every field, the folder as recorded, and whether the tool made it.
let exportedProjectFields = projectFields.union(["managed"])
