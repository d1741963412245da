import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The one wait every end-to-end test runs its programs through (`waitForExit`) asks the kernel
/// before it takes a program for hung, so that a busy machine that looks late at an exit does not
/// fail a test whose program ended in time.
@Suite("waiting for a program")
struct ProcessWaitTests {
    private func start(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        return process
    }

    @Test("a program still running is not taken for ended, and is killed at the deadline")
    func running() async throws {
        let process = try start("/bin/sleep", ["30"])
        #expect(!hasExited(process.processIdentifier))
        let (status, timedOut) = await waitForExit(process, timeout: 0.2)
        #expect(timedOut && status == -1)
        #expect(!process.isRunning)
    }

    @Test("a program that ended is ended to the kernel, gone or not yet reaped, and its status is its own")
    func ended() async throws {
        let process = try start("/bin/sh", ["-c", "exit 7"])
        let (status, timedOut) = await waitForExit(process, timeout: 30)
        #expect(!timedOut && status == 7)
        #expect(hasExited(process.processIdentifier))
        #expect(!hasExited(getpid()))
    }
}
