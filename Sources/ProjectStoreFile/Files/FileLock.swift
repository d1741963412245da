#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// An advisory lock serializing the writers of one store. The kernel drops it when its holder
/// dies, so a killed process never leaves the store locked.
struct FileLock {
    private let descriptor: Int32

    /// Locks `<store>.lock`; a store still busy after `timeout` is reported by the store's own path.
    static func acquire(forStore store: String, timeout: Duration) throws(StorageError) -> FileLock {
        let path = store + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else {
                close(descriptor)
                throw .unwritable(path: path, code: failure)
            }
            guard clock.now < deadline else {
                close(descriptor)
                throw .busy(path: store, waitedSeconds: Int(timeout.components.seconds))
            }
            usleep(10_000)
        }
        return FileLock(descriptor: descriptor)
    }

    func release() {
        close(descriptor)
    }
}
