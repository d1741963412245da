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
    /// Shared by the copies of this storage: a read and the change after it are often made
    /// through different copies.
    private let lastRead = LastReadStore()
    public init(path: String, lockTimeout: Duration = .seconds(5)) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// The machine a history from before machines were recorded is taken as made on: not known,
    /// but named after this computer, which is most likely where it was made.
    var machine: Machine { Machine(id: Machine.unknown.id, name: MachineFile.hostName()) }

    public func load() throws(ProjectStoreError) -> ProjectCatalog {
        try load(pieces: .all)
    }

    public func load(pieces: SubmissionPieces) throws(ProjectStoreError) -> ProjectCatalog {
        do {
            return try read(resolvedPath(), pieces: pieces)
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
            // Refused before its folder or its lock is made: nothing is left beside a folder or a device.
            try Self.checkIsFileOrMissing(target)
            try StoreFolder.create(for: target)
            lock = try FileLock.acquire(forStore: target, timeout: lockTimeout)
        } catch {
            throw .storage(error)
        }
        defer { lock.release() }
        var catalog: ProjectCatalog
        do { catalog = try read(target) } catch { throw .storage(error) }
        // A store made read-only is refused before anything is touched: its history, its intents
        // and the writer's folders are written before the store, and must not change either.
        if access(target, F_OK) == 0, access(target, W_OK) != 0 { throw .storage(.unwritable(path: target, code: errno)) }
        let changesBefore = catalog.changes
        let result = try change(&catalog)
        if catalog.changes != changesBefore {
            catalog.revision += 1
            do {
                try AtomicFile.replace(target) { write throws(StorageError) in
                    try StoreDocument.encode(catalog, withRevision: true, write: write)
                }
            } catch {
                throw .storage(error)
            }
            // The store holds the change: its folder step, if it had one, is no longer pending.
            unlink(IntentFile.path(forStore: target))
        }
        return result
    }

    public func hasIntent() -> Bool {
        guard let target = try? resolvedPath() else { return false }
        return access(IntentFile.path(forStore: target), F_OK) == 0
    }

    public func intent() throws(ProjectStoreError) -> FolderIntent? {
        do throws(StorageError) {
            let path = IntentFile.path(forStore: try resolvedPath())
            guard let bytes = try AtomicFile.contents(of: path) else { return nil }
            do throws(DocumentProblem) {
                return try IntentFile.decode(bytes)
            } catch {
                throw StorageError.invalid(path: path, error)
            }
        } catch {
            throw .storage(error)
        }
    }

    public func recordIntent(_ intent: FolderIntent) throws(ProjectStoreError) {
        do {
            try AtomicFile.replace(IntentFile.path(forStore: try resolvedPath()), with: IntentFile.encode(intent))
        } catch {
            throw .storage(error)
        }
    }

    public func clearIntent() {
        guard let target = try? resolvedPath() else { return }
        unlink(IntentFile.path(forStore: target))
    }

    /// The file itself when the store path is a symbolic link, so a write replaces the file, not the
    /// link, even when the file it names does not exist yet.
    func resolvedPath() throws(StorageError) -> String {
        var current = path
        for _ in 0..<16 {
            if let resolved = realpath(current, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
            guard errno == ENOENT else { throw .unreadable(path: current, code: errno) }
            guard let target = Self.linkTarget(of: current) else { return current }
            current = target.hasPrefix("/") ? target : StoreFolder.parent(of: current) + "/" + target
        }
        throw .unreadable(path: path, code: ELOOP)
    }

    private static func checkIsFileOrMissing(_ path: String) throws(StorageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(path: path) }
    }

    /// What a symbolic link points to, or `nil` when `path` is not one.
    private static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The catalog the store at `target` holds. One read with every piece is kept for the next
    /// read of the same file, whatever pieces that one needs; one without them is never kept.
    func read(_ target: String, pieces: SubmissionPieces = .all) throws(StorageError) -> ProjectCatalog {
        guard let file = try MappedFile(path: target) else {
            var catalog = ProjectCatalog()
            catalog.lost = lostStore(target)
            return catalog
        }
        if let known = lastRead.catalog(of: file) { return known }
        do {
            let document = try StoreDocument.decode(file, pieces: pieces)
            var catalog = try ProjectCatalog(
                projects: document.projects, defaultOrder: document.order, savedRoot: document.root, revision: document.revision)
            catalog.lastClock = document.clock
            catalog.historyMark = document.history
            catalog.unrecordedChange = document.unrecorded
            catalog.ownOrderNoted = document.orderNoted
            catalog.sharing = document.sharing
            try catalog.takeStored(markets: document.markets, submissions: document.submissions, pieces: pieces)
            if pieces == .all { lastRead.remember(catalog, readFrom: file, at: target) }
            return catalog
        } catch {
            throw .invalid(path: target, error)
        }
    }
}
