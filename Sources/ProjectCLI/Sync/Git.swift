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

    /// Runs `git <arguments>` in the root (or `folder`) and waits for it, its output and errors captured.
    @discardableResult
    func run(_ arguments: [String], in folder: String? = nil) -> Run {
        let (status, output, errors) = spawn(["-C", folder ?? root] + arguments)
        return Run(status: status, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    /// The bytes of `path` as the given stage of a merge, or a commit, holds it (`:3:path`, `HEAD:path`).
    func contents(_ object: String) -> Data? {
        let (status, output, _) = spawn(["-C", root, "cat-file", "blob", object])
        return status == 0 ? Data(output) : nil
    }

    /// Starts git with `arguments`, standard input from /dev/null, and collects its output and
    /// errors until it ends. `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose
    /// wait on Linux runs the run loop in 50 ms slices: a sync runs git a dozen times.
    private func spawn(_ arguments: [String]) -> (status: Int32, output: [UInt8], errors: [UInt8]) {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard Self.closingPipe(&outputPipe) else { return (127, [], Array("fatal: \(String(cString: strerror(errno)))".utf8)) }
        guard Self.closingPipe(&errorPipe) else {
            close(outputPipe[0]); close(outputPipe[1])
            return (127, [], Array("fatal: \(String(cString: strerror(errno)))".utf8))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        defer { close(outputPipe[0]); close(errorPipe[0]) }
        guard started == 0 else { return (127, [], Array("fatal: cannot run \(program): \(String(cString: strerror(started)))".utf8)) }
        let (output, errors) = Self.drain(outputPipe[0], errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited: its status; killed: 128 and the signal, as shells say it.
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output, errors)
    }

    /// A pipe whose ends git's own children do not inherit.
    private static func closingPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Reads both pipes to their ends at once, so that neither fills while git waits on the other.
    private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [first, second]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0 >= 0 }) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
            for index in polled.indices where open[index] >= 0 && polled[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(open[index], $0.baseAddress!, $0.count) }
                if count > 0 {
                    collected[index] += buffer[..<count]
                } else if count == 0 || errno != EINTR {
                    open[index] = -1
                }
            }
        }
        return (collected[0], collected[1])
    }
}
