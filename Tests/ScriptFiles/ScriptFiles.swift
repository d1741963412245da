// Files the tests write and then run (a fake pandoc, an editor, a copy of the tool), shared by the
// test targets that start programs.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes `bytes` to `path` through a descriptor closed on exec, for a script a test then runs, and
/// returns once no program holds it open for writing. Foundation's writes open without `O_CLOEXEC`:
/// a program another test starts meanwhile would hold the script open for writing as long as it
/// runs, and running the script would fail with "Text file busy" (it did, once, in a full run).
/// Closed on exec, a program started at that moment still holds it until its own exec, which
/// `waitUntilNoOneWrites` waits for.
public func writeClosedOnExec(_ bytes: [UInt8], to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    do {
        defer { close(descriptor) }
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            rest = rest.dropFirst(count)
        }
    }
    waitUntilNoOneWrites(path)
}

/// Returns once no process holds `path` open for writing, or after five seconds. The kernel grants a
/// read lease only then (fcntl(2), `F_SETLEASE`); where leases cannot be had, it returns at once.
public func waitUntilNoOneWrites(_ path: String) {
    let setLease: Int32 = 1024  // F_SETLEASE, which the Glibc module leaves out
    let end = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < end {
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { return }
        defer { close(reader) }
        if fcntl(reader, setLease, F_RDLCK) == 0 {
            _ = fcntl(reader, setLease, F_UNLCK)
            return
        }
        guard errno == EAGAIN else { return }
        usleep(100)
    }
}
