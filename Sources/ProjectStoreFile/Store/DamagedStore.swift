#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// A store that cannot be read, kept beside it as `<store>.damaged-<UTC time>` by
/// `history --rebuild` before the list is rebuilt from its history: the damaged bytes stay, whole,
/// for the writer to look into, and the store's place is free for the rebuilt list.
extension FileStorage {
    /// Added to the store's path, before the time, the name a damaged store is kept under.
    public static let damagedSuffix = ".damaged-"

    public func setAsideDamagedStore(at time: Date) throws(ProjectStoreError) -> String? {
        do throws(StorageError) {
            let target = try resolvedPath()
            let lock = try FileLock.acquire(forStore: target, timeout: lockTimeout)
            defer { lock.release() }
            // Read again under the lock: another command may have set it aside or replaced it.
            do {
                _ = try read(target)
                return nil
            } catch {
                guard case .invalid(_, let problem) = error else { throw error }
                if case .newerVersion = problem { return nil }
            }
            let kept = try keep(target, as: target + Self.damagedSuffix + Self.compactTime(time))
            AtomicFile.syncFolder(of: target)
            return kept
        } catch {
            throw .storage(error)
        }
    }

    /// Links the store under `name` (or `name-2`, `name-3`… when an earlier one is there), then
    /// removes it from its own place: a link never replaces a file, and keeps the very bytes.
    private func keep(_ target: String, as name: String) throws(StorageError) -> String {
        var kept = name
        var number = 1
        while link(target, kept) != 0 {
            guard errno == EEXIST else { throw .unwritable(path: kept, code: errno) }
            number += 1
            kept = "\(name)-\(number)"
        }
        guard unlink(target) == 0 else {
            let failure = errno
            unlink(kept)
            throw .unwritable(path: target, code: failure)
        }
        return kept
    }

    /// `20261125T173502Z`: ISO 8601's basic form, sorting as the times do, with no colon, which
    /// some file systems refuse in a name.
    static func compactTime(_ time: Date) -> String {
        let full = Timestamp.string(from: time)
        return String(full.prefix { $0 != "." }.filter { $0 != "-" && $0 != ":" }) + "Z"
    }
}
