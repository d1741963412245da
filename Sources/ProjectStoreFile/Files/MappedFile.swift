#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// A file mapped into memory for reading: only the pages read are read from disk, and a reader going
/// through it once can hand back what it has read as it goes (`release`), so that a store of 100,000
/// projects, 20 MB, is never resident whole beside the projects made from it.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// Which file, in which state, was mapped.
    let identity: FileIdentity
    /// How far the pages have been handed back.
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// `nil` when there is no file.
    init?(path: String) throws(StorageError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if try AtomicFile.isMissing(path, openFailed: errno) { return nil }
            throw .unreadable(path: path, code: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, code: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(path: path) }
        identity = FileIdentity(status)
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        // A file replaced while mapped stays as it was here: the store is replaced by a rename, never
        // rewritten in place.
        guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            throw .unreadable(path: path, code: errno)
        }
        bytes = UnsafeRawBufferPointer(start: start, count: size)
    }

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), bytes.count) }
    }

    /// Hands the whole pages before `offset` back to the kernel: read again, they are read anew from
    /// the file (the page cache, most often). An offset behind the last one starts a new pass.
    func release(upTo offset: Int) {
        guard let start = bytes.baseAddress else { return }
        let end = min(offset, bytes.count) / Self.pageSize * Self.pageSize
        if end < released { released = 0 }
        guard end > released else { return }
        madvise(UnsafeMutableRawPointer(mutating: start) + released, end - released, MADV_DONTNEED)
        released = end
    }
}
