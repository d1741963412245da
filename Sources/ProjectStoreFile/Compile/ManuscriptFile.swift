#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// The compiled manuscript on disk: written (by us or a converter) to a temporary file beside its
/// place, then renamed there, so no half-written manuscript is ever left; an existing file is
/// replaced only when the writer said so.
public enum ManuscriptFile {
    public enum Problem: Error, Equatable {
        /// A file is there, and replacing it was not asked for.
        case exists(path: String)
        case unwritable(path: String, code: Int32)
    }

    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// A new, empty temporary file beside `path` (hidden, ending in the same extension, for
    /// converters that go by it); the caller removes it if it is not placed.
    public static func temporary(for path: String) throws(Problem) -> String {
        let name = FolderPath.lastComponent(of: path)
        let suffix = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        let folder = path.contains("/") ? FolderPath.parent(of: path) : "."
        for attempt in 0..<100 {
            let candidate = FolderPath.join(folder, ".\(name).\(getpid())-\(attempt).tmp\(suffix)")
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                close(descriptor)
                return candidate
            }
            guard errno == EEXIST else { throw .unwritable(path: path, code: errno) }
        }
        throw .unwritable(path: path, code: EEXIST)
    }

    /// A temporary file beside `path` for the text a converter reads: Markdown, or a screenplay's Fountain.
    public static func temporaryInput(for path: String, fountain: Bool) throws(Problem) -> String {
        try temporary(for: path + (fountain ? ".fountain" : ".md"))
    }

    /// A temporary file beside `path` for the page a converter makes on the way (HTML for a PDF).
    public static func temporaryPage(for path: String) throws(Problem) -> String {
        try temporary(for: path + ".html")
    }

    /// A temporary file beside `path` for the reference document pandoc takes a manuscript's styles from.
    public static func temporaryReference(for path: String) throws(Problem) -> String {
        let name = FolderPath.lastComponent(of: path)
        return try temporary(for: path + ".reference" + (name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""))
    }

    public static func fill(_ path: String, with bytes: [UInt8]) throws(Problem) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(descriptor)
                throw .unwritable(path: path, code: failure)
            }
            written += count
        }
        let flushed = fsync(descriptor) == 0
        let failure = errno
        guard close(descriptor) == 0, flushed else { throw .unwritable(path: path, code: flushed ? errno : failure) }
    }

    /// Moves the finished temporary file to `path`: over what is there only when `replacing`, else
    /// through a hard link, which never replaces, so a file made meanwhile is kept. The temporary
    /// file is gone afterwards whatever happens.
    public static func place(_ temporary: String, at path: String, replacing: Bool) throws(Problem) {
        defer { unlink(temporary) }
        if replacing {
            guard rename(temporary, path) == 0 else { throw .unwritable(path: path, code: errno) }
            return
        }
        guard link(temporary, path) == 0 else {
            throw errno == EEXIST ? .exists(path: path) : .unwritable(path: path, code: errno)
        }
    }

    public static func remove(_ temporary: String) {
        unlink(temporary)
    }
}
