#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// glibc's `renameat2`, which the Glibc module does not export (it is declared for `_GNU_SOURCE`
/// only). Its arguments are integers and pointers, passed alike by C and Swift on Linux.
@_silgen_name("renameat2")
private func renameWithoutReplacing(
    _ sourceFolder: Int32, _ source: UnsafePointer<CChar>, _ destinationFolder: Int32,
    _ destination: UnsafePointer<CChar>, _ flags: UInt32
) -> Int32

/// The writer's folders on the real disk. Never deletes anything but empty folders, never replaces
/// what is there, never follows a symbolic link inside a folder.
public struct DiskFolders: FolderSystem {
    public init() {}

    public func entry(at path: String) -> FolderEntry {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .other }
        if (status.st_mode & S_IFMT) == S_IFLNK, stat(path, &status) != 0 { return .other }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .other
    }

    public func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    public func makeFolder(_ path: String) throws(FolderSystemError) {
        guard mkdir(path, 0o777) == 0 else { throw FolderSystemError(path: path, code: errno) }
    }

    /// Refuses (`ELOOP`) to move a link, or into or out of a trash that is one: the folders the tool
    /// moves are the ones it made, never links, and a link put in their place (by another machine
    /// sharing the root) would lead the move, and every write after it, out of the root.
    public func move(_ source: String, to destination: String) throws(FolderSystemError) {
        for path in [source, FolderPath.parent(of: source), FolderPath.parent(of: destination)]
        where path == source || FolderPath.lastComponent(of: path) == FolderRoot.trashName {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { throw FolderSystemError(path: path, code: ELOOP) }
        }
        // RENAME_NOREPLACE: plain rename(2) would silently replace an empty folder at `destination`.
        if renameWithoutReplacing(AT_FDCWD, source, AT_FDCWD, destination, 1 /* RENAME_NOREPLACE */) == 0 { return }
        let failure = errno
        guard failure == EINVAL || failure == ENOSYS else { throw error(failure, source, destination) }
        // A file system without RENAME_NOREPLACE: check, then rename; the store's lock keeps other
        // commands of ours out of the gap.
        guard entry(at: destination) == .missing else { throw FolderSystemError(path: destination, code: EEXIST) }
        guard rename(source, destination) == 0 else { throw error(errno, source, destination) }
    }

    /// A copy that fails part-way is taken back, entry by entry, before the error is told: what it
    /// made is all it removes.
    public func copyContents(of template: String, into folder: String) throws(FolderSystemError) {
        var made: [(path: String, isFolder: Bool)] = []
        do {
            try copy(template, into: folder, made: &made)
        } catch {
            for entry in made.reversed() {
                _ = entry.isFolder ? rmdir(entry.path) : unlink(entry.path)
            }
            throw error
        }
    }

    private func copy(_ template: String, into folder: String, made: inout [(path: String, isFolder: Bool)]) throws(FolderSystemError) {
        for name in try names(in: template) {
            let (from, to) = (FolderPath.join(template, name), FolderPath.join(folder, name))
            var status = stat()
            guard lstat(from, &status) == 0 else { throw FolderSystemError(path: from, code: errno) }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard mkdir(to, status.st_mode & 0o7777) == 0 else { throw FolderSystemError(path: to, code: errno) }
                made.append((to, true))
                try copy(from, into: to, made: &made)
            case S_IFREG:
                try copyFile(from, to: to, mode: status.st_mode & 0o7777) { made.append((to, false)) }
            case S_IFLNK:
                guard let target = linkTarget(from), symlink(target, to) == 0 else {
                    throw FolderSystemError(path: to, code: errno)
                }
                made.append((to, false))
            default:
                continue  // devices, sockets and pipes are no part of a template
            }
        }
    }

    public func removeIfOnlyEmptyFolders(_ path: String) -> Bool {
        // An empty folder goes without listing it, which may fail.
        if rmdir(path) == 0 { return true }
        guard holdsOnlyFolders(path) else { return false }
        return removeFolders(path)
    }

    public func removeEmptyFolder(_ path: String) {
        rmdir(path)
    }

    public func fileCount(in path: String) -> Int {
        guard let names = try? names(in: path) else { return 0 }
        return names.reduce(0) { count, name in
            let child = FolderPath.join(path, name)
            var status = stat()
            guard lstat(child, &status) == 0 else { return count }
            return count + ((status.st_mode & S_IFMT) == S_IFDIR ? fileCount(in: child) : 1)
        }
    }

    public func subfolders(of path: String) throws(FolderSystemError) -> [String] {
        try names(in: path).filter { name in
            var status = stat()
            return lstat(FolderPath.join(path, name), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        }
    }

    public func sync(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: Helpers

    private func names(in folder: String) throws(FolderSystemError) -> [String] {
        switch DirectoryListing.names(in: folder) {
        case .success(let names): return names
        case .failure(let error): throw FolderSystemError(path: folder, code: error.code)
        }
    }

    private func holdsOnlyFolders(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, let names = try? names(in: path) else {
            return false
        }
        return names.allSatisfy { holdsOnlyFolders(FolderPath.join(path, $0)) }
    }

    private func removeFolders(_ path: String) -> Bool {
        let children = (try? names(in: path)) ?? []
        for name in children where !removeFolders(FolderPath.join(path, name)) { return false }
        return rmdir(path) == 0
    }

    /// `created` is called once the destination exists, so a failure after it can take it back.
    private func copyFile(_ source: String, to destination: String, mode: mode_t, created: () -> Void) throws(FolderSystemError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FolderSystemError(path: source, code: errno) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard output >= 0 else { throw FolderSystemError(path: destination, code: errno) }
        created()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0 { close(output); throw FolderSystemError(path: source, code: errno) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                if result < 0 { close(output); throw FolderSystemError(path: destination, code: errno) }
                written += result
            }
        }
        guard close(output) == 0 else { throw FolderSystemError(path: destination, code: errno) }
    }

    private func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func error(_ code: Int32, _ source: String, _ destination: String) -> FolderSystemError {
        FolderSystemError(path: code == EEXIST ? destination : source, code: code)
    }
}
