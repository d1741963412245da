#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// Whole-file reads, and replacements that are all-or-nothing even across a crash or a full disk.
enum AtomicFile {
    /// The file's bytes, or `nil` when there is no file yet.
    static func contents(of path: String) throws(StorageError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if try isMissing(path, openFailed: errno) { return nil }
            throw .unreadable(path: path, code: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, code: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, code: EISDIR) }
        switch FileDescriptorReader.readAll(descriptor, sizeHint: Int(status.st_size)) {
        case .success(let bytes): return bytes
        case .failure(let error): throw .unreadable(path: path, code: error.code)
        }
    }

    /// Whether an `open` that failed with `code` means there is no file. ENOENT is believed only when
    /// the file is indeed not there: a failing disk or network file system can report a store that
    /// exists as missing, and a store taken for missing would be replaced by a new one.
    static func isMissing(_ path: String, openFailed code: Int32) throws(StorageError) -> Bool {
        guard code == ENOENT else { return false }
        var status = stat()
        if lstat(path, &status) == 0 { throw .unreadable(path: path, code: code) }
        return true
    }

    /// Writes `bytes` beside `path`, flushes them, and renames them over it. On any failure the old
    /// file is untouched and the partial copy removed. The caller holds the store's lock.
    static func replace(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        try replace(path) { write throws(StorageError) in
            try bytes.withUnsafeBufferPointer { buffer throws(StorageError) in try write(buffer) }
        }
    }

    /// As `replace(_:with:)`, the bytes made by `produce` a piece at a time, each written as it comes.
    static func replace(
        _ path: String, writing produce: (_ write: (UnsafeBufferPointer<UInt8>) throws(StorageError) -> Void) throws(StorageError) -> Void
    ) throws(StorageError) {
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists, access(path, W_OK) != 0 {
            // Renaming over a file the user made read-only would ignore their wish.
            throw .unwritable(path: path, code: errno)
        }
        let temporary = path + ".tmp"
        // A copy left by a crash is the holder's alone (we hold the lock): start afresh, so nothing
        // of it, its permissions included, carries over.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: StoreFolder.parent(of: path), code: errno) }
        do throws(StorageError) {
            fchmod(descriptor, exists ? existing.st_mode & 0o7777 : 0o600)
            try produce { piece throws(StorageError) in try writeAll(piece, to: descriptor, path: path) }
            guard fsync(descriptor) == 0 else { throw .unwritable(path: path, code: errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let failure = errno
            unlink(temporary)
            throw .unwritable(path: path, code: failure)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw .unwritable(path: path, code: failure)
        }
        syncFolder(of: path)
    }

    /// Writes `bytes` to a new file at `path`, flushed, unless one is there already: a file made
    /// once, by whichever of two processes gets there first.
    static func create(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: StoreFolder.parent(of: path), code: errno) }
        defer { unlink(temporary) }
        do throws(StorageError) {
            try bytes.withUnsafeBufferPointer { buffer throws(StorageError) in try writeAll(buffer, to: descriptor, path: path) }
            guard fsync(descriptor) == 0 else { throw .unwritable(path: path, code: errno) }
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        // A hard link never replaces: if another process made the file first, theirs stays.
        guard link(temporary, path) == 0 || errno == EEXIST else { throw .unwritable(path: path, code: errno) }
        syncFolder(of: path)
    }

    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, path: String) throws(StorageError) {
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unwritable(path: path, code: errno)
            }
            written += count
        }
    }

    /// Makes the rename itself durable; a failure here cannot undo the rename, so it is not reported.
    static func syncFolder(of path: String) {
        let folder = open(StoreFolder.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
