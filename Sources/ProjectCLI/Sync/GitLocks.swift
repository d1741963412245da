#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// git's own lock files in a repository's git folder (`index.lock`, `HEAD.lock`, a ref's
/// `refs/heads/master.lock`…), and whether a git at work holds them. A git killed with the sync that
/// ran it (a power cut, the OOM killer) leaves them behind, and every later git refuses to start
/// until they are gone; a git still running must be let finish. docs/sync.md says how the two are told
/// apart.
struct GitLocks {
    /// The repository's working folder: a git working there has it, or a folder in it, as its own.
    let root: String
    /// The repository's git folder, `.git`.
    let gitFolder: String

    /// A lock younger than this may be one a git has just made and is about to hold: never taken away.
    static let youngest: TimeInterval = 2
    /// How long a lock a git holds is waited on before `sync` gives up.
    static let patience: TimeInterval = 5

    /// A lock file found, as it was when found: taken away only if it is still that one.
    struct Lock: Equatable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let modified: TimeInterval
    }

    /// The lock files git's lockfile API makes: at the top of the git folder and under `refs/`.
    func present() -> [Lock] {
        var found: [Lock] = []
        collect(in: gitFolder, into: &found, descending: false)
        collect(in: gitFolder + "/refs", into: &found, descending: true)
        return found
    }

    private func collect(in folder: String, into found: inout [Lock], descending: Bool) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                if descending { collect(in: path, into: &found, descending: true) }
            } else if status.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".lock") {
                found.append(Self.lock(path, status))
            }
        }
    }

    private static func lock(_ path: String, _ status: stat) -> Lock {
        Lock(path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
             modified: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
    }

    /// Whether `lock` is still the very file that was found.
    private static func unchanged(_ lock: Lock) -> Bool {
        var status = stat()
        return lstat(lock.path, &status) == 0 && Self.lock(lock.path, status) == lock
    }

    /// Whether a git works in this repository now: on Linux, a process named `git` (or `git-…`) whose
    /// working folder is in the root or the git folder, or any process holding one of `locks` open.
    /// `nil` where `/proc` cannot say.
    func gitAtWork(holding locks: [Lock]) -> Bool? {
        guard let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc"), access("/proc/self/cwd", F_OK) == 0
        else { return nil }
        let places = [root, gitFolder].map(Self.resolved)
        let lockPaths = Set(locks.map { Self.resolved($0.path) })
        let me = String(getpid())
        for pid in pids where pid != me && pid.allSatisfy(\.isNumber) {
            let process = "/proc/" + pid
            let name = (try? String(contentsOfFile: process + "/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? ""
            if name == "git" || name.hasPrefix("git-"), let cwd = Self.link(process + "/cwd"),
               places.contains(where: { cwd == $0 || cwd.hasPrefix($0 + "/") }) {
                return true
            }
            guard !lockPaths.isEmpty, let fds = try? FileManager.default.contentsOfDirectory(atPath: process + "/fd") else { continue }
            if fds.contains(where: { Self.link(process + "/fd/" + $0).map(lockPaths.contains) ?? false }) { return true }
        }
        return false
    }

    /// Waits while a git at work holds a lock, up to `patience`; then takes away the locks no git
    /// holds. Returns the ones taken away, relative to the root; throws when a git still holds one.
    func recover(waitingUpTo patience: TimeInterval = Self.patience) throws(SyncError) -> [String] {
        let deadline = Date().addingTimeInterval(patience)
        var removed: [String] = []
        while true {
            let locks = present()
            if locks.isEmpty { return removed }
            let now = Date().timeIntervalSince1970
            let working = gitAtWork(holding: locks)
            // Without /proc, only age tells: a git holds its locks for seconds, not minutes.
            let oldEnough: TimeInterval = working == nil ? 600 : Self.youngest
            if working != true {
                for lock in locks where now - lock.modified >= oldEnough && Self.unchanged(lock) && unlink(lock.path) == 0 {
                    removed.append(relative(lock.path))
                }
                if present().isEmpty { return removed }
            }
            guard Date() < deadline else {
                throw .lockHeld(root: root, lock: relative(present().first?.path ?? locks[0].path), seconds: Int(patience.rounded()))
            }
            usleep(100_000)
        }
    }

    private func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
