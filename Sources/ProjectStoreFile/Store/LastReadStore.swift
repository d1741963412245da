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
/// file kept mapped here keeps its inode from being given to another file meanwhile. A write in
/// place by another program changes the times.
final class LastReadStore: @unchecked Sendable {
    private let lock = NSLock()
    private var file: MappedFile?
    private var catalog: ProjectCatalog?

    /// The catalog read from `file` before, when `file` is the same, unchanged.
    func catalog(of file: MappedFile) -> ProjectCatalog? {
        lock.withLock {
            guard let known = self.file, known.identity == file.identity else { return nil }
            return catalog
        }
    }

    func remember(_ catalog: ProjectCatalog, readFrom file: MappedFile) {
        lock.withLock {
            self.file = file
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
