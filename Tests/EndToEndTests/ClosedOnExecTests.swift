import Foundation
import ScriptFiles
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `writeClosedOnExec`, which every test that writes a script and runs it goes through (the sandbox's
/// `file` among them): a script written so runs at once, however many programs are being started
/// beside it. Written with `Data.write` instead, about one run in fifteen here failed with "Text file
/// busy", each child started meanwhile holding the script open for writing as long as it ran (every
/// run of this test failed). Closed on exec but not waited for, about one in a thousand failed, a
/// child holding it until its own exec (a quarter of the runs of this test failed).
@Suite("Scripts written closed on exec")
struct ClosedOnExecTests {
    /// Starts a short-lived program with `posix_spawn`, which passes on every descriptor not closed on
    /// exec, as any program a test starts does. The process id, or `nil` with the error.
    private static func start(_ arguments: [String]) -> Result<pid_t, POSIXError> {
        var pid: pid_t = 0
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let failure = posix_spawn(&pid, arguments[0], nil, nil, &pointers, environ)
        return failure == 0 ? .success(pid) : .failure(POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO))
    }

    private static func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    @Test("a script written by it runs at once, while programs are started beside it all the time", .timeLimit(.minutes(1)))
    func runsWhileOthersStart() async throws {
        let sandbox = try Sandbox()
        // `sleep` holds whatever it inherited for a moment, as git or an editor would; `true`, started
        // again and again, catches the moment between a child's start and its exec.
        let starting = [["/bin/sleep", "0.02"], ["/bin/true"]].map { program in
            Task.detached {
                while !Task.isCancelled {
                    if case .success(let pid) = Self.start(program) { _ = Self.exitStatus(of: pid) }
                }
            }
        }
        defer { for task in starting { task.cancel() } }
        var failures: [String] = []
        var runs = 0
        let clock = ContinuousClock()
        let end = clock.now + .seconds(2)
        while clock.now < end, runs < 400 {
            runs += 1
            let script = try sandbox.file("script-\(runs)", "#!/bin/sh\nexit 0\n")
            chmod(script, 0o755)
            switch Self.start([script]) {
            case .success(let pid):
                let status = Self.exitStatus(of: pid)
                if status != 0 { failures.append("run \(runs): status \(status)") }
            case .failure(let error):
                failures.append("run \(runs): \(error.code == .ETXTBSY ? "Text file busy" : "\(error)")")
            }
            unlink(script)
        }
        #expect(runs >= 50, "only \(runs) runs in the time given: the test proves little")
        #expect(failures.isEmpty, "\(failures.count) of \(runs) runs failed: \(failures.prefix(5))")
    }
}
