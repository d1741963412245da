import Foundation
import ScriptFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

// The reliability tests run the built `project` binary as a user or a script would: as separate
// processes, against stores in temporary folders (never the user's own), with raw argument bytes,
// killed, starved of disk, denied permissions or kept waiting. Every process has a time limit: a
// hang is a failure, reported as one, never a stuck test run.

// MARK: Processes

/// One command-line argument as the bytes the kernel passes, so that invalid UTF-8 can be sent.
struct Argument: ExpressibleByStringInterpolation, CustomStringConvertible {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }
    init(bytes: [UInt8]) { self.bytes = bytes }
    init(stringLiteral text: String) { self.init(text) }

    var description: String {
        let text = String(decoding: bytes, as: UTF8.self)
        let shown = text.count > 60 ? String(text.prefix(40)) + "…(\(bytes.count) bytes)" : text
        return shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
}

/// How a process ended, and what it wrote.
struct Outcome: CustomStringConvertible {
    let command: String
    /// The exit status, or `nil` when a signal ended the process.
    let status: Int32?
    let signal: Int32?
    let stdout: [UInt8]
    let stderr: [UInt8]
    let seconds: Double
    /// The time limit passed and the process was killed.
    let timedOut: Bool

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }

    var description: String {
        let end = timedOut ? "HUNG (killed after \(String(format: "%.1f", seconds)) s)"
            : status.map { "exit \($0)" } ?? "killed by signal \(signal ?? 0)"
        return "`\(command)` → \(end)\n  stdout: \(out.prefix(600))\n  stderr: \(err.prefix(600))"
    }

    /// Ended by itself with one of the documented statuses: no crash, no hang.
    var endedCleanly: Bool { !timedOut && status.map { (0...3).contains($0) } == true }
}

/// A started process: waited for with a time limit, or killed.
final class RunningProcess: @unchecked Sendable {
    let pid: pid_t
    let command: String
    private let stdoutFile: Int32
    private let stderrFile: Int32
    private let started = ContinuousClock.now

    fileprivate init(pid: pid_t, command: String, stdoutFile: Int32, stderrFile: Int32) {
        self.pid = pid
        self.command = command
        self.stdoutFile = stdoutFile
        self.stderrFile = stderrFile
    }

    var elapsed: Double { (ContinuousClock.now - started).seconds }

    func kill(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(pid, signal)
    }

    /// Kills the whole process group (the process was started as a group leader).
    func killGroup(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(-pid, signal)
    }

    /// Waits for the end, killing the process when `timeout` passes first.
    func wait(timeout: Double = 30) -> Outcome {
        var status: Int32 = 0
        var timedOut = false
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { break }
            if elapsed > timeout, !timedOut {
                timedOut = true
                kill(SIGKILL)
            }
            usleep(timedOut ? 1_000 : 2_000)
        }
        let seconds = elapsed
        let exited = status & 0x7F == 0
        return Outcome(
            command: command,
            status: exited ? (status >> 8) & 0xFF : nil,
            signal: exited ? nil : status & 0x7F,
            stdout: Self.drain(stdoutFile), stderr: Self.drain(stderrFile),
            seconds: seconds, timedOut: timedOut)
    }

    private static func drain(_ descriptor: Int32) -> [UInt8] {
        defer { close(descriptor) }
        lseek(descriptor, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}

enum Spawn {
    /// Starts `arguments[0]` (a path) with exactly these argument bytes and environment. Standard
    /// output and error go to unnamed files, so nothing blocks however much is written; standard
    /// input is `input`, or /dev/null.
    static func start(
        _ arguments: [[UInt8]], environment: [String: String], input: [UInt8]? = nil, newProcessGroup: Bool = false
    ) throws -> RunningProcess {
        let stdoutFile = try anonymousFile()
        let stderrFile = try anonymousFile()
        let stdinFile = try anonymousFile()
        defer { close(stdinFile) }
        if let input {
            var written = 0
            while written < input.count {
                let count = input.withUnsafeBytes { write(stdinFile, $0.baseAddress! + written, input.count - written) }
                guard count > 0 else { throw SpawnError("cannot write standard input: \(String(cString: strerror(errno)))") }
                written += count
            }
            lseek(stdinFile, 0, SEEK_SET)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, stdinFile, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdoutFile, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrFile, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newProcessGroup {
            flags |= Int16(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, flags)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = cStrings(arguments)
        let envp = cStrings(environment.sorted { $0.key < $1.key }.map { Array("\($0.key)=\($0.value)".utf8) })
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv + [nil], envp + [nil])
        guard result == 0 else {
            close(stdoutFile)
            close(stderrFile)
            throw SpawnError("cannot start \(String(decoding: arguments[0], as: UTF8.self)): \(String(cString: strerror(result)))")
        }
        let command = arguments.map { Argument(bytes: $0).description }.joined(separator: " ")
        return RunningProcess(pid: pid, command: command, stdoutFile: stdoutFile, stderrFile: stderrFile)
    }

    /// Runs to the end (or to the time limit) and returns how it went.
    static func run(
        _ arguments: [[UInt8]], environment: [String: String], input: [UInt8]? = nil, timeout: Double = 30
    ) throws -> Outcome {
        try start(arguments, environment: environment, input: input).wait(timeout: timeout)
    }

    private static func anonymousFile() throws -> Int32 {
        var template = Array("\(FileManager.default.temporaryDirectory.path)/ReliabilityTests-output-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        guard descriptor >= 0 else { throw SpawnError("cannot make a temporary file: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    private static func cStrings(_ list: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
        list.map { bytes in
            let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The full path of a program on PATH, or `nil`.
func which(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
    for folder in (path + ":/usr/sbin:/sbin:/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(folder)/\(program)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

// MARK: The tool

/// The built `project` binary, run against one store.
struct Tool: Sendable {
    /// Beside the test bundle in the build folder (`swift test` builds it first), or `PROJECT_BINARY`.
    static let binary: String? = {
        if let given = ProcessInfo.processInfo.environment["PROJECT_BINARY"] { return given }
        return builtProduct("project")
    }()

    static func builtProduct(_ name: String) -> String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if access(candidate, X_OK) == 0 { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The binary, or a recorded failure saying why it is missing.
    static func require() throws -> String {
        guard let binary else {
            throw SpawnError("the `project` binary was not found beside \(CommandLine.arguments[0]); build it (swift build) or set PROJECT_BINARY")
        }
        return binary
    }

    let store: String
    var program: [String]
    var environment: [String: String]

    /// `prefix` runs before the binary, e.g. `setpriv` to run it as another user.
    init(store: String, binary: String? = nil, prefix: [String] = []) throws {
        self.store = store
        program = prefix + [try binary ?? Tool.require()]
        environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": StoreFolder.parent(store),
            "XDG_DATA_HOME": StoreFolder.parent(store),
            // The machine's identity cannot be kept there, so none is left beside the store these
            // tests list: each change is then made by a machine of its own, which they do not look at.
            "XDG_STATE_HOME": "/dev/null/state",
            "PROJECT_STORE": store,
            "LANG": "C.UTF-8",
        ]
    }

    func start(_ arguments: [Argument], input: [UInt8]? = nil) throws -> RunningProcess {
        try Spawn.start(program.map { Array($0.utf8) } + arguments.map(\.bytes), environment: environment, input: input)
    }

    func run(_ arguments: [Argument], input: [UInt8]? = nil, timeout: Double = 30) throws -> Outcome {
        try start(arguments, input: input).wait(timeout: timeout)
    }

    func run(_ arguments: Argument..., input: [UInt8]? = nil, timeout: Double = 30) throws -> Outcome {
        try run(arguments, input: input, timeout: timeout)
    }

    /// Runs and records a failure unless the status is `expected`.
    @discardableResult
    func expect(
        _ expected: Int32, _ arguments: [Argument], input: [UInt8]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        let outcome = try run(arguments, input: input)
        #expect(outcome.status == expected && !outcome.timedOut, "expected exit \(expected): \(outcome)", sourceLocation: sourceLocation)
        return outcome
    }

    /// The store as `project list --json` shows it (which must succeed), in the writer's order.
    func projects(sourceLocation: SourceLocation = #_sourceLocation) throws -> [StoredProject] {
        let outcome = try run("list", "--sort", "user", "--json")
        guard outcome.status == 0 else {
            Issue.record("the store does not load: \(outcome)", sourceLocation: sourceLocation)
            return []
        }
        return try StoredProject.list(outcome.stdout)
    }
}

enum StoreFolder {
    static func parent(_ path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}

// MARK: Stores

/// One project as the JSON of `list --json`, `export` and the store file show it, read with
/// Foundation's own JSON parser, independently of the tool's. `folder` is as the source writes it:
/// absolute in `list --json` and `show --json`, as recorded (relative inside the root) in the store
/// and `export`; `managed` is only in the store and `export` (false where absent).
struct StoredProject: Equatable, Hashable, CustomStringConvertible {
    var id: String
    var name: String
    var type: String
    var created: String
    var details: String?
    var position: Int
    var folder: String? = nil
    var managed: Bool = false

    var description: String { "#\(position) \(name) [\(type)] \(id.prefix(8))\(folder.map { " folder \($0)" } ?? "")" }

    init(
        id: String, name: String, type: String, created: String, details: String?, position: Int,
        folder: String? = nil, managed: Bool = false
    ) {
        (self.id, self.name, self.type, self.created, self.details, self.position) = (id, name, type, created, details, position)
        (self.folder, self.managed) = (folder, managed)
    }

    init(_ object: Any) throws {
        guard let fields = object as? [String: Any],
              let id = fields["id"] as? String, let name = fields["name"] as? String,
              let type = fields["type"] as? String, let created = fields["created"] as? String,
              let position = fields["position"] as? Int
        else { throw SpawnError("not a project: \(object)") }
        let details = fields["details"]
        guard details is NSNull || details is String else { throw SpawnError("bad details in \(object)") }
        let folder = fields["folder"]
        guard folder == nil || folder is NSNull || folder is String else { throw SpawnError("bad folder in \(object)") }
        let managed = fields["managed"]
        guard managed == nil || managed is Bool else { throw SpawnError("bad managed in \(object)") }
        self.init(
            id: id, name: name, type: type, created: created, details: details as? String, position: position,
            folder: folder as? String, managed: managed as? Bool ?? false)
    }

    /// The project as `list --json` shows it: the folder as an absolute path (a recorded one is
    /// relative to `root` unless it starts with `/`), no `managed`.
    func listed(root: String) -> StoredProject {
        var copy = self
        copy.folder = folder.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 }
        copy.managed = false
        return copy
    }

    /// An array of projects.
    static func list(_ bytes: [UInt8]) throws -> [StoredProject] {
        guard let array = try JSONSerialization.jsonObject(with: Data(bytes)) as? [Any] else {
            throw SpawnError("not a JSON array: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return try array.map(StoredProject.init)
    }
}

/// A whole store document: `{"version": 2, "sort": …, "root": …, "projects": […]}`, or version 1
/// (before folders: no `root`, no project `folder` or `managed`).
struct StoredDocument: Equatable {
    var version: Int
    var sort: String
    var root: String?
    var projects: [StoredProject]

    /// Version 1 unless asked: the format of a store from before folders, which the tool still reads.
    init(version: Int = 1, sort: String, root: String? = nil, projects: [StoredProject]) {
        self.version = version
        self.sort = sort
        self.root = root
        self.projects = projects
    }

    init(_ bytes: [UInt8]) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let version = object["version"] as? Int, (1...3).contains(version),
              let sort = object["sort"] as? String,
              let projects = object["projects"] as? [Any]
        else { throw SpawnError("not a version 1, 2 or 3 store document: \(String(decoding: bytes.prefix(200), as: UTF8.self))") }
        let root = object["root"]
        guard root == nil || root is NSNull || root is String else { throw SpawnError("bad root: \(String(describing: root))") }
        self.init(version: version, sort: sort, root: root as? String, projects: try projects.map(StoredProject.init))
    }

    /// The document laid out as `export` writes it: one project a line; in version 1 without the
    /// root and the folders, `position` last.
    var bytes: [UInt8] {
        func string(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
        }
        let lines = projects.map { project in
            "    {\"id\": \(string(project.id)), \"name\": \(string(project.name)), \"type\": \(string(project.type)), "
                + "\"created\": \(string(project.created)), \"details\": \(project.details.map(string) ?? "null"), "
                + "\"position\": \(project.position)"
                + (version >= 2 ? ", \"folder\": \(project.folder.map(string) ?? "null"), \"managed\": \(project.managed)" : "")
                + "}"
        }
        let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
        let root = version >= 2 ? "  \"root\": \(root.map(string) ?? "null"),\n" : ""
        return Array("{\n  \"version\": \(version),\n  \"sort\": \(string(sort)),\n\(root)  \"projects\": \(list)\n}\n".utf8)
    }

    /// The same document as another program might write it: compact, keys sorted (`jq -S -c`).
    var compactSortedBytes: [UInt8] {
        let projects = projects.map { project -> [String: Any] in
            var fields: [String: Any] = [
                "id": project.id, "name": project.name, "type": project.type, "created": project.created,
                "details": project.details.map { $0 as Any } ?? NSNull(), "position": project.position]
            if version >= 2 {
                fields["folder"] = project.folder.map { $0 as Any } ?? NSNull()
                fields["managed"] = project.managed
            }
            return fields
        }
        var object: [String: Any] = ["version": version, "sort": sort, "projects": projects]
        if version >= 2 { object["root"] = root.map { $0 as Any } ?? NSNull() }
        return [UInt8](try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}

/// Records an issue for every broken rule of a store: names unique ignoring case, ids unique,
/// positions exactly 1…n.
func checkInvariants(_ projects: [StoredProject], _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let positions = projects.map(\.position)
    #expect(positions == Array(0..<projects.count).map { $0 + 1 }, "\(context): positions are not 1…\(projects.count)", sourceLocation: sourceLocation)
    let ids = projects.map(\.id)
    #expect(Set(ids).count == ids.count, "\(context): ids repeat", sourceLocation: sourceLocation)
    let names = projects.map { $0.name.lowercased() }
    #expect(Set(names).count == names.count, "\(context): names repeat ignoring case", sourceLocation: sourceLocation)
}

/// An id in lower case whose text starts with `prefix` (hex digits), numbered by `number`.
func fixedID(_ prefix: String, _ number: Int) -> String {
    let head = (prefix + String(repeating: "0", count: 8)).prefix(8)
    let tail = String(number, radix: 16)
    return "\(head)-0000-4000-8000-\(String(repeating: "0", count: 12 - tail.count))\(tail)"
}

/// An export document with `count` projects named `"\(prefix) n"`, details of about `detailsLength` characters.
func exportDocument(count: Int, prefix: String = "Project", detailsLength: Int = 0, idPrefix: String = "5eed") -> [UInt8] {
    let kinds = ["blank", "novel", "poetry", "script", "short-story"]
    let projects = (0..<count).map { index in
        StoredProject(
            id: fixedID(idPrefix, index + 1), name: "\(prefix) \(index + 1)", type: kinds[index % kinds.count],
            created: "2025-0\(index % 9 + 1)-1\(index % 10)T08:30:00.\(String(format: "%03d", index % 1000))Z",
            details: detailsLength == 0 ? nil : String(repeating: "Notes about chapter \(index). ", count: detailsLength / 25 + 1),
            position: index + 1)
    }
    return StoredDocument(sort: "name", projects: projects).bytes
}

// MARK: Files and folders

/// A fresh folder (real path, readable by every user so tests can run the tool as `nobody`),
/// removed afterwards.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array("\(FileManager.default.temporaryDirectory.path)/ReliabilityTests-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SpawnError("mkdtemp: \(String(cString: strerror(errno)))") }
    let folder = String(cString: made)
    chmod(folder, 0o755)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}

func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

func writeFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw SpawnError("cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
        guard count > 0 else { throw SpawnError("cannot write \(path): \(String(cString: strerror(errno)))") }
        written += count
    }
}

/// A copy of the tool in `<folder>/bin`, for running it as another user, who may not enter the
/// build folder. Written through `writeFile`, closed on exec, since `copyItem` is not: a program
/// another test started meanwhile would hold it open for writing, and it would not run ("Text file
/// busy"); returned once no program started while it was written holds it any more.
func copyOfTool(in folder: String) throws -> String {
    let source = try Tool.require()
    guard let bytes = fileBytes(source) else { throw SpawnError("cannot read \(source)") }
    let bin = folder + "/bin"
    mkdir(bin, 0o755)
    try writeFile(bin + "/project", bytes, mode: 0o755)
    // Whatever the umask took away: every user runs it.
    chmod(bin + "/project", 0o755)
    waitUntilNoOneWrites(bin + "/project")
    return bin + "/project"
}

/// The names in a folder, sorted.
func folderListing(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// A generator of reproducible random numbers (SplitMix64), so a failing run can be repeated with its seed.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed of this run: `RELIABILITY_SEED` when set (to repeat a run), else the clock.
let runSeed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["RELIABILITY_SEED"], let seed = UInt64(text) { return seed }
    return UInt64(Date().timeIntervalSince1970 * 1000)
}()

/// A line of figures for docs/reliability.md, printed with the test output and appended to
/// `RELIABILITY_FIGURES` when that names a file.
func reportFigure(_ line: String) {
    print("FIGURE \(line)")
    guard let path = ProcessInfo.processInfo.environment["RELIABILITY_FIGURES"] else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// Bytes that must never reach a terminal raw: ESC, BEL, the C1 controls (in UTF-8, C2 80…C2 9F).
func rawControlCharacters(in bytes: [UInt8]) -> [String] {
    var found: [String] = []
    if bytes.contains(0x1B) { found.append("ESC") }
    if bytes.contains(0x07) { found.append("BEL") }
    if bytes.contains(0x7F) { found.append("DEL") }
    if zip(bytes, bytes.dropFirst()).contains(where: { $0 == 0xC2 && (0x80...0x9F).contains($1) }) { found.append("C1") }
    return found
}

/// Whether this process is root, as the tests of mounts and of other users need.
var isRoot: Bool { geteuid() == 0 }

// MARK: Concurrency

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
    var current: Value { withLock { $0 } }
}

/// Runs `body(0)` … `body(count - 1)` on threads of their own, all at once (not limited to the
/// number of cores, as `concurrentPerform` is), and returns when every one has finished.
func onSeparateThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
}

/// Every file and folder under `folder` (symbolic links not followed), as paths relative to it, a
/// folder's with a trailing `/`, sorted: what a test compares to prove nothing appeared or vanished.
func folderTree(_ folder: String) -> [String] {
    var paths: [String] = []
    func walk(_ relative: String) {
        for name in folderListing(relative.isEmpty ? folder : folder + "/" + relative) {
            let path = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard lstat(folder + "/" + path, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                paths.append(path + "/")
                walk(path)
            } else {
                paths.append(path)
            }
        }
    }
    walk("")
    return paths.sorted()
}
