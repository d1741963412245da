#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// glibc's `syncfs`, which the Glibc module does not export (it is declared for `_GNU_SOURCE` only):
/// flushes the whole file system a descriptor is on.
@_silgen_name("syncfs")
private func flushFileSystem(_ descriptor: Int32) -> Int32

/// The system's `write`, by a name the folder's own `write(_:to:)` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// A project's versions on disk, in its folder: `.versions/texts/<sha-256>.<ext>`, each kept text
/// read-only and written once, and `.versions/machines/<machine id>.versions`, each machine's
/// records, appended to by that machine only. docs/versions.md has the design.
///
/// What a shared root holds came from elsewhere, so nothing here goes through a link that leads out
/// of the project's folder: the tool's own folders (`.versions` and those in it) are refused when they
/// are links, kept texts and records are opened without following a link (`O_NOFOLLOW`), without
/// waiting on a pipe (`O_NONBLOCK`, then `fstat`) and only up to `VersionShelf.textLimit` bytes, and
/// the writer's files are read and written only where their real path (`realpath`) is inside the
/// project's folder. Temporary files live in `.versions/tmp/`, which git ignores (it holds a
/// `.gitignore` of `*`) and which each command that writes versions empties first.
public struct DiskVersionFolder: VersionFolder {
    public let project: String

    public init(project: String) {
        self.project = project
    }

    public static let shelf = ".versions"
    static let textsName = "texts"
    static let temporariesName = "tmp"
    /// A kept text's mode: read-only for everyone, never written again.
    static let textMode: mode_t = 0o444
    var shelfPath: String { project + "/" + Self.shelf }
    var texts: String { shelfPath + "/" + Self.textsName }
    var machines: String { shelfPath + "/machines" }
    var temporaries: String { shelfPath + "/" + Self.temporariesName }
    /// How long a command waits for another to finish with the project's versions.
    static let lockTimeout: Duration = .seconds(30)

    public func records() throws(VersionError) -> [VersionRecord] {
        try refuseLinkedFolders([shelfPath, machines])
        let names: [String]
        switch DirectoryListing.names(in: machines) {
        case .success(let found): names = found
        case .failure(let error) where error.code == ENOENT: return []
        case .failure(let error): throw .unreadable(path: machines, code: error.code)
        }
        var records: [VersionRecord] = []
        for name in names where name.hasSuffix(".versions") {
            // A link, a pipe or a file of gigabytes where a machine's records should be is not read:
            // one bad file blocks nothing else.
            if case .success(let bytes) = try Self.readPlainFile(machines + "/" + name, limit: Self.recordsLimit) {
                records += VersionRecordJSON.records(in: bytes)
            }
        }
        return records
    }

    /// The most one machine's records may hold: a million versions of long notes.
    static let recordsLimit = 1 << 30

    public func append(_ records: [VersionRecord], machine: Machine) throws(VersionError) {
        // The texts the records name reach the disk first, all at once (one flush of the file
        // system, where a flush a text took 60 for a novel): a record never names a text a crash lost.
        try refuseLinkedFolders([shelfPath, texts, machines])
        let folder = open(texts, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 {
            _ = flushFileSystem(folder)
            close(folder)
        }
        try makeOwnFolders(machines)
        let path = machines + "/" + machine.id.lowercasedString + ".versions"
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
        defer { close(descriptor) }
        var lines: [UInt8] = []
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unwritable(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unwritable(path: path, code: EINVAL) }
        // A line cut short by a crash before this one is ended first, so this one stays whole.
        if status.st_size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, off_t(status.st_size - 1)) == 1, last != UInt8(ascii: "\n") { lines.append(UInt8(ascii: "\n")) }
        }
        for record in records { lines += VersionRecordJSON.line(record) }
        if let failure = Self.writeAll(lines, to: descriptor) { throw .unwritable(path: path, code: failure) }
        guard fsync(descriptor) == 0 else { throw .unwritable(path: path, code: errno) }
    }

    /// Written in `.versions/tmp/`, read-only from the start, then renamed into its place: whole or
    /// not there. Whatever held the name (a text cut short or changed, a link) is replaced, never
    /// followed. Flushed with the records that name it (`append`).
    public func keep(_ bytes: [UInt8], as name: String) throws(VersionError) {
        guard !name.contains("/") else { throw .keptText(path: path(ofText: name), problem: .changed) }
        try makeOwnFolders(texts)
        let path = texts + "/" + name
        let temporary = try temporaryFile(for: name)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Self.textMode)
        guard descriptor >= 0 else { throw .unwritable(path: temporaries, code: errno) }
        let failed = Self.writeAll(bytes, to: descriptor)
        close(descriptor)
        if let failed {
            unlink(temporary)
            throw .unwritable(path: path, code: failed)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw .unwritable(path: path, code: failure)
        }
    }

    public func text(_ name: String) throws(VersionError) -> [UInt8] {
        let path = texts + "/" + name
        guard !name.contains("/") else { throw .keptText(path: path, problem: .changed) }
        try refuseLinkedFolders([shelfPath, texts])
        switch try Self.readPlainFile(path, limit: VersionShelf.textLimit) {
        case .success(let bytes): return bytes
        case .failure(let problem): throw .keptText(path: path, problem: problem)
        }
    }

    /// What is wrong with the kept text at `path` (named by its hash and extension), `nil` when it is
    /// the text its name says: what `sync` asks before sending one.
    public static func problem(ofTextAt path: String) -> KeptTextProblem? {
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
        guard let digest = VersionRecord.digest(ofTextName: name) else { return .changed }
        guard let read = try? readPlainFile(path, limit: VersionShelf.textLimit) else { return .notAFile }
        switch read {
        case .success(let bytes): return TextDigest.hex(of: bytes) == digest ? nil : .changed
        case .failure(let problem): return problem
        }
    }

    public func contents(of file: String) throws(VersionError) -> [UInt8]? {
        let path = project + "/" + file
        guard let real = try realPath(of: path, file: file) else { return nil }
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notText(file: file) }
        switch FileDescriptorReader.readAll(descriptor, sizeHint: Int(status.st_size)) {
        case .success(let bytes): return bytes
        case .failure(let error): throw .unreadable(path: path, code: error.code)
        }
    }

    public func write(_ bytes: [UInt8], to file: String) throws(VersionError) {
        let path = project + "/" + file
        try makeWritersFolders(for: file)
        var status = stat()
        let exists = stat(path, &status) == 0
        // Renaming over a file the writer made read-only would ignore their wish.
        if exists, access(path, W_OK) != 0 { throw .unwritable(path: path, code: errno) }
        let temporary = try temporaryFile(for: "file")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: temporaries, code: errno) }
        // A file brought back is the writer's own, as an editor would have made it.
        fchmod(descriptor, exists ? status.st_mode & 0o7777 : 0o644)
        var failure = Self.writeAll(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, code: failure)
        }
        if rename(temporary, path) != 0 {
            let failed = errno
            unlink(temporary)
            guard failed == EXDEV else { throw .unwritable(path: path, code: failed) }
            // A folder of the project on another file system: the copy is made beside the file.
            do throws(StorageError) { try AtomicFile.replace(path, with: bytes) } catch { throw Self.failure(error) }
            return
        }
        AtomicFile.syncFolder(of: path)
    }

    public func remove(_ file: String) throws(VersionError) {
        let path = project + "/" + file
        let parent = String(path[..<path.lastIndex(of: "/")!])
        guard try realPath(of: parent, file: file) != nil else { return }
        if unlink(path) != 0, errno != ENOENT { throw .unwritable(path: path, code: errno) }
    }

    public func textFiles() throws(VersionError) -> [String] {
        var files: [String] = []
        let inside = Self.resolved(project).map { $0 + "/" }
        try collect(in: "", inside: inside, into: &files)
        return files
    }

    private func collect(in folder: String, inside: String?, into files: inout [String]) throws(VersionError) {
        let path = folder.isEmpty ? project : project + "/" + folder
        let names: [String]
        switch DirectoryListing.names(in: path) {
        case .success(let found): names = found
        case .failure(let error): throw .unreadable(path: path, code: error.code)
        }
        for name in names where !name.hasPrefix(".") {
            let relative = folder.isEmpty ? name : folder + "/" + name
            var status = stat()
            // Links to folders are not followed, as the word count does not follow them.
            guard lstat(project + "/" + relative, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                try collect(in: relative, inside: inside, into: &files)
            } else if TextFileKind.syntax(forFileName: name) != nil {
                let isLink = status.st_mode & S_IFMT == S_IFLNK
                guard stat(project + "/" + relative, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
                // A link to a file outside the project's folder is not one of its texts.
                if isLink, let inside, Self.resolved(project + "/" + relative)?.hasPrefix(inside) != true { continue }
                files.append(relative)
            }
        }
    }

    public func path(ofText name: String) -> String { texts + "/" + name }

    /// Holds an exclusive lock on the project's folder (`flock`, dropped by the kernel when its holder
    /// dies) while `body` runs, after emptying `.versions/tmp/`: every command that writes there
    /// holds this lock, so what is there was left by one that was killed.
    public func exclusively<T>(_ body: () throws(VersionError) -> T) throws(VersionError) -> T {
        let descriptor = open(project, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: project, code: errno) }
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.lockTimeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else { throw .unwritable(path: project, code: failure) }
            guard clock.now < deadline else { throw .busy(path: project) }
            usleep(10_000)
        }
        try refuseLinkedFolders([shelfPath, texts, machines, temporaries])
        removeLeftTemporaries()
        return try body()
    }

    // MARK: Helpers

    /// The tool's own folders are never links: one that is (another machine's doing) is refused,
    /// never followed. A folder not there yet is no refusal.
    private func refuseLinkedFolders(_ paths: [String]) throws(VersionError) {
        for path in paths {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { throw .linkedFolder(path: path) }
        }
    }

    /// Makes `path` (`.versions` or a folder in it) and `.versions` if they are not there, refusing
    /// a link in the place of either.
    private func makeOwnFolders(_ path: String) throws(VersionError) {
        for folder in path == shelfPath ? [shelfPath] : [shelfPath, path] {
            var status = stat()
            if lstat(folder, &status) == 0 {
                if status.st_mode & S_IFMT == S_IFLNK { throw .linkedFolder(path: folder) }
                if status.st_mode & S_IFMT != S_IFDIR { throw .unwritable(path: folder, code: ENOTDIR) }
                continue
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw .unwritable(path: folder, code: errno) }
        }
    }

    /// A new temporary file's path in `.versions/tmp/`, the folder made (with the `.gitignore` that
    /// keeps git from ever seeing it) if it is not there.
    private func temporaryFile(for name: String) throws(VersionError) -> String {
        var status = stat()
        if lstat(temporaries, &status) != 0 {
            try makeOwnFolders(temporaries)
            let ignore = open(temporaries + "/.gitignore", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if ignore >= 0 {
                _ = Self.writeAll(Array("*\n".utf8), to: ignore)
                close(ignore)
            }
        } else if status.st_mode & S_IFMT == S_IFLNK {
            throw .linkedFolder(path: temporaries)
        }
        let path = temporaries + "/" + name + ".\(getpid()).tmp"
        unlink(path)
        return path
    }

    /// Takes away what a killed command left in `.versions/tmp/`: only files named as this tool names
    /// its temporaries (`<name>.<pid>.tmp`); the folder's `.gitignore` and anything else stay.
    private func removeLeftTemporaries() {
        guard case .success(let names) = DirectoryListing.names(in: temporaries) else { return }
        for name in names where Self.isTemporaryName(name) { unlink(temporaries + "/" + name) }
    }

    static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 3 && parts.last == "tmp" && !parts[parts.count - 2].isEmpty
            && parts[parts.count - 2].allSatisfy(\.isASCII) && parts[parts.count - 2].allSatisfy(\.isNumber)
    }

    /// The real path of a writer's file (`nil` when nothing is there), refused when it is outside the
    /// project's folder: a link that leads out of it is never followed.
    private func realPath(of path: String, file: String) throws(VersionError) -> String? {
        guard let real = Self.resolved(path) else {
            let failure = errno
            var status = stat()
            if failure == ENOENT || failure == ENOTDIR, lstat(path, &status) != 0 { return nil }
            throw .unreadable(path: path, code: failure)
        }
        guard let inside = Self.resolved(project), real == inside || real.hasPrefix(inside + "/") else {
            throw .outsideProject(file: file)
        }
        return real
    }

    /// Makes the folders a file restored into needs, each inside the project's folder: a link on the
    /// way that leads out of it is refused.
    private func makeWritersFolders(for file: String) throws(VersionError) {
        let parts = file.split(separator: "/").dropLast()
        var folder = project
        for part in parts {
            folder += "/" + part
            var status = stat()
            if lstat(folder, &status) != 0 {
                guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw .unwritable(path: folder, code: errno) }
            } else if status.st_mode & S_IFMT == S_IFLNK {
                _ = try realPath(of: folder, file: file)
            }
        }
        if !parts.isEmpty { _ = try realPath(of: folder, file: file) }
    }

    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// A plain file's bytes, read without following a link or waiting on a pipe, up to `limit`; what
    /// stands in its place otherwise.
    static func readPlainFile(_ path: String, limit: Int) throws(VersionError) -> Result<[UInt8], KeptTextProblem> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ELOOP: return .failure(.link)
            case ENOENT: return .failure(.missing)
            default: throw .unreadable(path: path, code: errno)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        guard status.st_size <= limit else { return .failure(.tooLarge) }
        switch FileDescriptorReader.readAll(descriptor, sizeHint: Int(status.st_size)) {
        case .success(let bytes): return bytes.count <= limit ? .success(bytes) : .failure(.tooLarge)
        case .failure(let error): throw .unreadable(path: path, code: error.code)
        }
    }

    /// Writes every byte; the errno of a failure, `nil` when all were written.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    private static func failure(_ error: StorageError) -> VersionError {
        switch error {
        case .unreadable(let path, let code): .unreadable(path: path, code: code)
        case .unwritable(let path, let code): .unwritable(path: path, code: code)
        default: .unwritable(path: "", code: EIO)
        }
    }
}
