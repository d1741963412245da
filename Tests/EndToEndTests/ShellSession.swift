import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// An interactive bash, zsh or fish on a pseudo-terminal, as a person would have it: the test types
/// keys (TAB included) and reads what the shell draws. The shell runs in its own session with the
/// terminal as its controlling one (`setsid --ctty`), from a sandbox that is its `HOME`, with no rc
/// file of the user's. Closing the terminal hangs the shell up; every wait has a timeout.
final class ShellSession: @unchecked Sendable {
    private let master: Int32
    private let process: Process
    private var bytes: [UInt8] = []
    private var searchStart = 0
    let name: String

    init(_ name: String, arguments: [String], environment: [String: String], folder: String) throws {
        self.name = name
        let pty = try PTYFunctions.load()
        master = pty.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, pty.grantpt(master) == 0, pty.unlockpt(master) == 0 else { throw POSIXError(.EIO) }
        var path = [CChar](repeating: 0, count: 256)
        guard pty.ptsnameR(master, &path, path.count) == 0 else { throw POSIXError(.EIO) }
        let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw POSIXError(.EIO) }
        defer { close(slave) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--ctty", "--wait", name] + arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        // A test runs on a thread of Swift's concurrency, which blocks most signals, and a program
        // inherits the mask of the thread that starts it: a shell a person starts blocks none (else
        // Ctrl-Z would not stop its jobs).
        var none = sigset_t(), blocked = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &blocked)
        defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }
        try process.run()
    }

    deinit {
        close(master)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// What the shell drew so far, escape sequences included.
    var screen: String { String(decoding: bytes, as: UTF8.self) }

    func type(_ text: String) {
        var rest = Array(text.utf8)[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            rest = rest.dropFirst(count)
        }
    }

    /// Waits until `text` appears after the previous match; records an issue and returns false on timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let wanted = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) > 0 {
                var buffer = [UInt8](repeating: 0, count: 8192)
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 { bytes += buffer[0..<count] }
            }
            if let found = Self.find(wanted, in: bytes, from: searchStart) {
                searchStart = found
                return true
            }
            if !process.isRunning && poll(&descriptor, 1, 0) <= 0 { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("\(name): timed out waiting for \(text.debugDescription); the terminal shows:\n\(screen)", sourceLocation: sourceLocation)
        return false
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count - start else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index + needle.count
        }
        return nil
    }
}
