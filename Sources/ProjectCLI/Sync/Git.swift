#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// git, run as a program in the root, as git itself runs ssh: the one door `sync` goes through to a
/// repository. Without a terminal, git is told never to ask for a password (it fails instead);
/// at a terminal it asks as it always does, on the terminal itself.
struct Git {
    let program: String
    let root: String
    let environment: [String: String]

    /// What a run of git gave.
    struct Run {
        let status: Int32
        let output: String
        let errors: String

        var succeeded: Bool { status == 0 }
        /// Output lines, without the empty one after the last new line.
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        /// git's own last words on a failure, for the writer.
        var complaint: String {
            let lines = errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return lines.last { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.last ?? "exit \(status)"
        }
    }

    /// git found on `PATH`, working in `root`; `nil` when it is not installed.
    init?(root: String, environment: [String: String], interactive: Bool) {
        guard let program = ProgramSearch.find("git", environment: environment) else { return nil }
        self.program = program
        self.root = root
        var environment = environment
        // Messages parsed nowhere, but the same words whatever the writer's language, for the logs.
        environment["LC_ALL"] = "C"
        if !interactive {
            environment["GIT_TERMINAL_PROMPT"] = "0"
            environment["GCM_INTERACTIVE"] = "never"
            if environment["GIT_SSH_COMMAND"] == nil { environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes" }
        }
        self.environment = environment
    }

    /// Runs `git <arguments>` in the root and waits for it, its output and errors captured.
    @discardableResult
    func run(_ arguments: [String], in folder: String? = nil) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder ?? root, isDirectory: true)
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return Run(status: 127, output: "", errors: "fatal: cannot run \(program)")
        }
        // Both read at once, so that neither pipe fills while git waits on the other.
        let errorBytes = PipeReader(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self), errors: String(decoding: errorBytes.wait(), as: UTF8.self))
    }

    /// The bytes of `path` as the given stage of a merge, or a commit, holds it (`:3:path`, `HEAD:path`).
    func contents(_ object: String) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["cat-file", "blob", object]
        process.currentDirectoryURL = URL(fileURLWithPath: root, isDirectory: true)
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
