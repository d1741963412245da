#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// The writer's files as compile reads them, on the real disk. A link to a file is followed, as the
/// word count follows it, while it stays inside `within` (the project's folder): one leading out is
/// refused, never read; a link to a folder is not entered; a broken link is a file that cannot be read.
public struct DiskManuscriptSource: ManuscriptSource {
    /// The real path of the folder no file may lead out of; `nil`: any.
    private let inside: String?

    public init(within folder: String? = nil) {
        inside = folder.flatMap(Self.resolved)
    }

    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    public func entry(at path: String) -> SourceEntry.Kind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK {
            // A link whose target is gone or loops is a file that cannot be read: named, never skipped.
            guard stat(path, &status) == 0 else { return .file }
            return status.st_mode & S_IFMT == S_IFREG ? .file : .other
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }

    public func entries(in folder: String) throws(ManuscriptError) -> [SourceEntry] {
        switch DirectoryListing.names(in: folder) {
        case .success(let names): return names.map { SourceEntry(name: $0, kind: entry(at: FolderPath.join(folder, $0)) ?? .other) }
        case .failure(let error): throw .unreadable(path: folder, code: error.code)
        }
    }

    public func contents(of file: String) throws(ManuscriptError) -> [UInt8] {
        if let inside, let real = Self.resolved(file), real != inside, !real.hasPrefix(inside + "/") {
            throw .linkOutside(path: file)
        }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: file, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: file, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: file, code: EINVAL) }
        switch FileDescriptorReader.readAll(descriptor, sizeHint: Int(status.st_size)) {
        case .success(let bytes): return bytes
        case .failure(let error): throw .unreadable(path: file, code: error.code)
        }
    }
}
