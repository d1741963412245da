import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Computers for the sync tests, all on this host: each its own `HOME` (so its own store, machine
/// identity and `~/Writing` root), its own name, and git told nothing from outside the test.
final class SyncMachines: @unchecked Sendable {
    let sandbox: Sandbox
    /// A bare repository on local disk: the remote every machine pushes to.
    var remote: String { sandbox.root + "/remote.git" }

    init() throws {
        sandbox = try Sandbox()
    }

    /// A laptop with two projects shares its root through git; the desktop joins it.
    static func laptopAndDesktop() async throws -> SyncMachines {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        await machines.ok("laptop", "add", "My Novel", "--type", "novel")
        await machines.ok("laptop", "add", "Sonnets", "--type", "poetry")
        await machines.ok("laptop", "sync", "--init", machines.remote)
        await machines.ok("desktop", "sync", "--join", machines.remote)
        return machines
    }

    /// A laptop with "My Novel" shares a root both machines use, as if a folder-sync tool delivered
    /// at once; the environment that points a machine at it.
    static func folderShared() async throws -> (SyncMachines, [String: String?]) {
        let machines = try SyncMachines()
        await machines.named("laptop", "desktop")
        let root: [String: String?] = ["PROJECT_ROOT": machines.sandbox.root + "/Shared"]
        #expect(await machines.run("laptop", "add", "My Novel", "--type", "novel", environment: root).status == 0)
        #expect(await machines.run("laptop", "sync", "--init", environment: root).status == 0)
        return (machines, root)
    }

    func home(_ machine: String) -> String { sandbox.root + "/" + machine }
    func root(_ machine: String) -> String { home(machine) + "/Writing" }

    func environment(_ machine: String) -> [String: String?] {
        [
            "HOME": home(machine), "PROJECT_STORE": nil, "GIT_CONFIG_NOSYSTEM": "1",
            "XDG_DATA_HOME": nil, "XDG_STATE_HOME": nil, "XDG_CONFIG_HOME": nil,
        ]
    }

    /// How long a machine's command may take before it is taken for hung: a sync runs several git
    /// commands, and in the full parallel run on two cores one took more than the usual 15 s.
    static let commandTimeout: Double = 60

    /// Runs `project` as `machine`.
    @discardableResult
    func run(_ machine: String, _ arguments: String..., environment extra: [String: String?] = [:]) async -> RunResult {
        await sandbox.run(arguments, environment: environment(machine).merging(extra) { $1 }, timeout: Self.commandTimeout)
    }

    /// Runs `project` as `machine` with its clock set off by `offset` (faketime's form: `+365d`, `-1h`),
    /// with one more `NAME=value` in its environment if given.
    func runWithClock(_ offset: String, _ machine: String, environment setting: String? = nil, _ arguments: [String]) async -> RunResult {
        var environment = sandbox.environment
        for (key, value) in self.environment(machine) { environment[key] = value }
        if let setting, let equals = setting.firstIndex(of: "=") {
            environment[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/faketime")
        process.arguments = ["-f", offset, ProjectBinary.underFaketime] + arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.root)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        do { try process.run() } catch {
            return RunResult(arguments: arguments, status: -1, stdoutBytes: [],
                             stderrBytes: Array("cannot start faketime (bash Tests/install-test-tools.sh installs it): \(error)".utf8), timedOut: false)
        }
        let outputCollector = OutputCollector(reading: output.fileHandleForReading)
        let errorCollector = OutputCollector(reading: errors.fileHandleForReading)
        let (status, timedOut) = await waitForExit(process, timeout: 30)
        return RunResult(arguments: arguments, status: status, stdoutBytes: await outputCollector.result(timeout: 5),
                         stderrBytes: await errorCollector.result(timeout: 5), timedOut: timedOut)
    }

    /// Runs a command that must succeed, as `machine`.
    @discardableResult
    func ok(_ machine: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async -> RunResult {
        let result = await sandbox.run(arguments, environment: environment(machine), timeout: Self.commandTimeout)
        #expect(result.status == 0, "\(machine): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// `first` syncs, then `second`, then `first` again, so that each has the other's changes;
    /// returns what `second`, the one that meets the other's changes, said.
    @discardableResult
    func syncInTurn(_ first: String, _ second: String, sourceLocation: SourceLocation = #_sourceLocation) async -> RunResult {
        await ok(first, "sync", sourceLocation: sourceLocation)
        let told = await ok(second, "sync", sourceLocation: sourceLocation)
        await ok(first, "sync", sourceLocation: sourceLocation)
        return told
    }

    /// Machines named, each with its own name in history and sync.
    func named(_ machines: String...) async {
        for machine in machines { await ok(machine, "sync", "--name", machine) }
    }

    /// `export` as `machine` sees it: the same on every machine once all have synced.
    func export(_ machine: String) async -> String {
        await ok(machine, "export").stdout
    }

    func names(_ machine: String) async -> [String] {
        let result = await ok(machine, "list", "--json", "--sort", "user")
        let list = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return list.compactMap { $0["name"] as? String }
    }

    /// Runs git in `machine`'s root, for what a writer would do by hand.
    @discardableResult
    func git(_ machine: String, _ arguments: String...) -> (status: Int32, output: String) {
        runGit(arguments, in: root(machine), home: home(machine))
    }

    /// Runs git in the sandbox, for a repository no machine has.
    @discardableResult
    func gitAnywhere(_ arguments: [String]) -> (status: Int32, output: String) {
        runGit(arguments, in: sandbox.root, home: sandbox.root)
    }

    private func runGit(_ arguments: [String], in folder: String, home: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["HOME": home, "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
                               "GIT_AUTHOR_NAME": "Anna", "GIT_AUTHOR_EMAIL": "anna@example.org",
                               "GIT_COMMITTER_NAME": "Anna", "GIT_COMMITTER_EMAIL": "anna@example.org"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, "") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func write(_ machine: String, _ path: String, _ text: String) throws {
        let full = root(machine) + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    func read(_ machine: String, _ path: String) -> String? {
        FileManager.default.contents(atPath: root(machine) + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under `machine`'s root, `.git` aside, relative to it.
    func files(_ machine: String) -> [String] {
        let base = root(machine)
        let walker = FileManager.default.enumerator(atPath: base)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path == ".git" || path.hasPrefix(".git/") { walker?.skipDescendants(); continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    /// Waits until no process runs in `machine`'s home or names it (git a killed `sync` started finishing
    /// its work); `false` after 30 s.
    func waitUntilNothingRunsIn(_ machine: String) async -> Bool {
        let home = home(machine)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let busy = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).contains { pid in
                guard pid.allSatisfy(\.isNumber) else { return false }
                let cwd = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")) ?? ""
                let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self) } ?? ""
                return cwd.hasPrefix(home) || command.contains(home)
            }
            if !busy { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Whether git is in the middle of anything in `machine`'s root: it never is after a sync.
    func gitInProgress(_ machine: String) -> Bool {
        ["MERGE_HEAD", "rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD"].contains {
            FileManager.default.fileExists(atPath: root(machine) + "/.git/" + $0)
        }
    }
}
