import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `project` running with a pseudo-terminal as its standard input and standard error (so it sees a
/// person at a terminal and prompts there) and a pipe as its standard output. The test reads the
/// prompts from the terminal's master side and types answers into it. Every wait has a timeout,
/// and the child is killed if it outlives one.
final class TerminalSession: @unchecked Sendable {
    private let master: Int32
    private let process: Process
    private let stdoutCollector: OutputCollector?
    private var transcriptBytes: [UInt8] = []
    /// Where the next `waitFor` starts looking.
    private var searchStart: String.Index?
    private var masterOpen = true
    let arguments: [String]

    /// With `stdoutOnTerminal`, standard output goes to the terminal too (and `stdout` stays empty);
    /// `columns` sets the window's width, as a resized window would.
    init(_ sandbox: Sandbox, _ arguments: [String], environment overrides: [String: String?] = [:],
         stdoutOnTerminal: Bool = false, columns: Int? = nil) throws {
        self.arguments = arguments
        let pty = try PTYFunctions.load()
        master = pty.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw POSIXError(.EIO) }
        guard pty.grantpt(master) == 0, pty.unlockpt(master) == 0 else {
            close(master)
            throw POSIXError(.EIO)
        }
        var name = [CChar](repeating: 0, count: 256)
        guard pty.ptsnameR(master, &name, name.count) == 0 else {
            close(master)
            throw POSIXError(.EIO)
        }
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw POSIXError(.EIO)
        }
        // No echo: the transcript is exactly what the program wrote to the terminal.
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(slave, TCSANOW, &settings)
        if let columns {
            var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            guard ioctl(slave, UInt(TIOCSWINSZ), &size) == 0 else {
                close(slave)
                close(master)
                throw POSIXError(.EIO)
            }
        }

        process = Process()
        process.executableURL = URL(fileURLWithPath: ProjectBinary.path)
        process.arguments = arguments
        var environment = sandbox.environment
        for (key, value) in overrides { environment[key] = value }
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.root)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        let output = Pipe()
        process.standardInput = terminal
        process.standardError = terminal
        process.standardOutput = stdoutOnTerminal ? terminal : output
        do {
            try process.run()
        } catch {
            close(slave)
            close(master)
            throw error
        }
        // The child has its own copies; keeping ours would hide the end of the session.
        if fcntl(slave, F_GETFD) != -1 { close(slave) }
        if stdoutOnTerminal {
            try? output.fileHandleForReading.close()
            try? output.fileHandleForWriting.close()
            stdoutCollector = nil
        } else {
            stdoutCollector = OutputCollector(reading: output.fileHandleForReading)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if masterOpen { close(master) }
    }

    /// Everything the program wrote to the terminal so far (prompts, errors), without carriage returns.
    var transcript: String {
        String(decoding: transcriptBytes, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    }

    /// Reads what is available on the terminal within `milliseconds`; false at end of input.
    @discardableResult
    private func pump(milliseconds: Int32) -> Bool {
        guard masterOpen else { return false }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return ready == 0 || errno == EINTR }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
        guard count > 0 else { return count < 0 && errno == EINTR }
        transcriptBytes.append(contentsOf: buffer[0..<count])
        return true
    }

    /// Waits until `text` appears on the terminal after the previous match; records an issue on timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while pumpAvailable() {}
            let current = transcript
            let start = searchStart.flatMap { $0 <= current.endIndex ? $0 : nil } ?? current.startIndex
            if let found = current.range(of: text, range: start..<current.endIndex) {
                searchStart = found.upperBound
                return true
            }
            if Date() >= deadline || !masterOpen || !process.isRunning && !pumpAvailable() {
                Issue.record(
                    "timed out waiting for \(text.debugDescription) on the terminal of project \(arguments); it shows:\n\(current)",
                    sourceLocation: sourceLocation)
                return false
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Reads whatever is waiting on the terminal, without blocking; true if something was read.
    private func pumpAvailable() -> Bool {
        let before = transcriptBytes.count
        pump(milliseconds: 0)
        return transcriptBytes.count > before
    }

    /// Types `text` (add "\n" to end the line).
    func type(_ text: String) {
        guard masterOpen else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }

    /// Types the end-of-input character (Control-D) at the start of a line.
    func typeEndOfInput() {
        type("\u{4}")
    }

    /// Hangs up: closes the master side, so the program's next read finds no more input.
    func hangUp() {
        guard masterOpen else { return }
        close(master)
        masterOpen = false
    }

    /// Waits for the program to end (killing it after `timeout` seconds) and collects the rest.
    func finish(timeout: Double = 10) async -> TerminalResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            while pumpAvailable() {}
            try? await Task.sleep(for: .milliseconds(5))
        }
        let (status, timedOut) = await waitForExit(process, timeout: 0)
        // Drain what is left on the terminal.
        while masterOpen {
            let before = transcriptBytes.count
            guard pump(milliseconds: 50), transcriptBytes.count > before else { break }
        }
        return TerminalResult(
            arguments: arguments, status: status, stdout: String(decoding: await stdoutCollector?.result(timeout: 5) ?? [], as: UTF8.self),
            terminal: transcript, timedOut: timedOut)
    }
}

struct PTYFunctions {
    typealias OpenFunction = @convention(c) (Int32) -> Int32
    typealias FDFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    let posixOpenpt: OpenFunction
    let grantpt: FDFunction
    let unlockpt: FDFunction
    let ptsnameR: NameFunction

    static func load() throws -> PTYFunctions {
        let library = dlopen(nil, RTLD_NOW)
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw POSIXError(.ENOSYS) }
            return unsafeBitCast(address, to: type)
        }
        return PTYFunctions(
            posixOpenpt: try symbol("posix_openpt", as: OpenFunction.self),
            grantpt: try symbol("grantpt", as: FDFunction.self),
            unlockpt: try symbol("unlockpt", as: FDFunction.self),
            ptsnameR: try symbol("ptsname_r", as: NameFunction.self))
    }
}

struct TerminalResult: CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    /// Standard output (a pipe).
    let stdout: String
    /// What appeared on the terminal: standard error, with the prompts.
    let terminal: String
    let timedOut: Bool

    var description: String {
        "project \(arguments.map { "'\($0)'" }.joined(separator: " ")) on a terminal\n→ exit \(status)\(timedOut ? " (killed after a timeout)" : "")\n"
            + "--- stdout ---\n\(stdout)--- terminal ---\n\(terminal)\n--------------"
    }
}
