#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// The store last read by one `FileStorage` and the catalog made from it, so that a command that
/// reads the store to check a change and then makes it (`submit`) decodes it once, not twice: with
/// 10,000 submissions a decoding is a fifth of the command.
///
/// The same file is known by its identity: its device, inode, size, and times of change. The store
/// is replaced by a rename, never rewritten in place, so a changed store is a new inode; and the
/// file kept open here keeps its inode from being given to another file meanwhile. A write in place
/// by another program changes the times.
final class LastReadStore: @unchecked Sendable {
    private let lock = NSLock()
    private var identity: FileIdentity?
    private var descriptor: Int32 = -1
    private var catalog: ProjectCatalog?

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The catalog read before from the file `file` maps, when it is the same, unchanged.
    func catalog(of file: MappedFile) -> ProjectCatalog? {
        lock.withLock { identity == file.identity ? catalog : nil }
    }

    /// Kept when the file at `path` is still the one `file` maps. Open, not mapped: the mapping's
    /// pages, 6 MB of a store of 10,000 submissions, would stand beside a long list being made.
    func remember(_ catalog: ProjectCatalog, readFrom file: MappedFile, at path: String) {
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { return }
        var status = stat()
        guard fstat(opened, &status) == 0, FileIdentity(status) == file.identity else {
            close(opened)
            return
        }
        lock.withLock {
            if descriptor >= 0 { close(descriptor) }
            descriptor = opened
            identity = file.identity
            self.catalog = catalog
        }
    }
}

/// What tells one file from another, and one state of it from a later one.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}
