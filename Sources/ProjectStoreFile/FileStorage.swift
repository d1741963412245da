#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// A store kept in one JSON file. Changes take an advisory lock on `<store>.lock`, write the whole
/// new store to `<store>.tmp`, flush it, and rename it over the store: a reader or a crash sees the
/// old store or the new one, never half of one. See docs/store-format.md.
public struct FileStorage: ProjectStorage {
    public let path: String
    public let lockTimeout: Duration

    public init(path: String, lockTimeout: Duration = .seconds(5)) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    public func load() throws(ProjectStoreError) -> ProjectCatalog {
        do {
            return try read(resolvedPath())
        } catch {
            throw .storage(error)
        }
    }

    public func update<Result>(
        _ change: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result {
        let target: String
        let lock: FileLock
        do {
            target = try resolvedPath()
            try StoreFolder.create(for: target)
            lock = try FileLock.acquire(path: target + ".lock", timeout: lockTimeout)
        } catch {
            throw .storage(error)
        }
        defer { lock.release() }
        var catalog: ProjectCatalog
        do { catalog = try read(target) } catch { throw .storage(error) }
        let original = catalog
        let result = try change(&catalog)
        if catalog != original {
            do { try AtomicFile.replace(target, with: StoreDocument.encode(catalog)) } catch { throw .storage(error) }
        }
        return result
    }

    /// The file itself when the store path is a symbolic link, so a write replaces the file, not the link.
    private func resolvedPath() throws(StorageError) -> String {
        guard let resolved = realpath(path, nil) else {
            if errno == ENOENT { return path }
            throw .unreadable(path: path, code: errno)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func read(_ target: String) throws(StorageError) -> ProjectCatalog {
        guard let bytes = try AtomicFile.contents(of: target) else { return ProjectCatalog() }
        do {
            let document = try StoreDocument.decode(bytes)
            return try ProjectCatalog(projects: document.projects, defaultOrder: document.order)
        } catch {
            throw .invalid(path: target, error)
        }
    }
}
