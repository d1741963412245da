#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// A shared root's folder of ours on disk: `<root>/.project/machines/<machine id>.log`, one log a
/// machine, each a header line `{"log": 1, "machine": id}` and then one change a line as the history
/// writes it, with what its machine had `seen` (`HistoryFile`). Only the machine a log is named after
/// ever writes it, and only by appending, so a sync engine carries each log whole and never makes a
/// conflict copy of one. See docs/sync.md.
public struct SharedRootFolder: SharedFolder {
    public init() {}

    static let folder = ".project"
    static let version = 1

    static func machinesFolder(in root: String) -> String { root + "/" + folder + "/machines" }

    static func logPath(of machine: UUID, in root: String) -> String {
        root + "/" + relativeLogPath(of: machine)
    }

    /// Where a machine's log is in any root.
    public static func relativeLogPath(of machine: UUID) -> String {
        folder + "/machines/" + machine.lowercasedString + ".log"
    }

    /// The conflict copies a sync tool made in the root, each with the file it is the other version
    /// of, relative to the root, sorted; hidden folders (ours, git's, the sync tool's, the trash) are
    /// not looked in.
    public static func conflictCopies(in root: String) -> [(original: String, copy: String)] {
        let walker = FileManager.default.enumerator(atPath: root)
        var found: [(original: String, copy: String)] = []
        while let path = walker?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") { walker?.skipDescendants(); continue }
            guard ConflictCopy.isConflictCopy(name), let original = ConflictCopy.original(of: path) else { continue }
            found.append((original, path))
        }
        return found.sorted { $0.copy < $1.copy }
    }

    public func isShared(_ root: String) -> Bool {
        var status = stat()
        return stat(root + "/" + Self.folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Makes `.project/machines`, and the root itself first when it is not there yet (a writer who
    /// shares before making any folder).
    public func share(_ root: String) throws(ProjectStoreError) {
        var missing: [String] = []
        var folder = root
        while !folder.isEmpty, folder != "/", access(folder, F_OK) != 0 {
            missing.append(folder)
            folder = StoreFolder.parent(of: folder)
        }
        for folder in missing.reversed() + [root + "/" + Self.folder, Self.machinesFolder(in: root)]
        where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw .sharedFile(.unwritable(path: folder, code: errno))
        }
    }

    /// `rmdir` takes a folder away only when it is empty: whatever else a sync tool put there stays.
    public func unshare(_ root: String, machine: UUID) throws(ProjectStoreError) {
        let log = Self.logPath(of: machine, in: root)
        guard unlink(log) == 0 || errno == ENOENT else { throw .sharedFile(.unwritable(path: log, code: errno)) }
        for folder in [Self.machinesFolder(in: root), root + "/" + Self.folder] where rmdir(folder) != 0 && errno != ENOENT {
            throw .sharedFile(.unwritable(path: folder, code: errno))
        }
    }

    public func logEnds(in root: String) throws(ProjectStoreError) -> [UUID: Int] {
        let folder = Self.machinesFolder(in: root)
        let names: [String]
        switch DirectoryListing.names(in: folder) {
        case .success(let found): names = found
        case .failure(let error) where error.code == ENOENT: return [:]
        case .failure(let error): throw .sharedFile(.unreadable(path: folder, code: error.code))
        }
        var ends: [UUID: Int] = [:]
        // Anything else there is not ours to read: a sync engine's temporary file, say.
        for name in names where name.hasSuffix(".log") {
            guard let machine = UUID(uuidString: String(name.dropLast(4))) else { continue }
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0 else { throw .sharedFile(.unreadable(path: folder + "/" + name, code: errno)) }
            ends[machine] = Int(status.st_size)
        }
        return ends
    }

    public func readLog(of machine: UUID, in root: String) throws(ProjectStoreError) -> SharedLog {
        let path = Self.logPath(of: machine, in: root)
        let bytes: [UInt8]
        do throws(StorageError) {
            guard let found = try AtomicFile.contents(of: path) else { return SharedLog(entries: []) }
            bytes = found
        } catch {
            throw .sharedFile(error)
        }
        do throws(DocumentProblem) {
            return try Self.read(bytes, of: machine, path: path)
        } catch {
            throw .sharedFile(.invalid(path: path, error))
        }
    }

    /// The changes a version of `machine`'s log holds (as git kept it at a commit, say): what tells
    /// which of the log's changes another copy already has, whatever order a merge put the lines
    /// in. A version that cannot be read holds none that count.
    public static func changeIDs(inLog bytes: [UInt8], of machine: UUID) -> Set<ChangeID> {
        Set(((try? read(bytes, of: machine, path: ""))?.entries ?? []).map(\.change.change.id))
    }

    /// The whole lines after the header, each a change of `machine`, or set aside, alone, when it
    /// cannot be read; a last piece without its new line is still arriving, or was torn by a crash,
    /// and is left out. A header this version cannot read refuses the whole log: a newer version's
    /// log is not this version's to guess at.
    static func read(_ bytes: [UInt8], of machine: UUID, path: String) throws(DocumentProblem) -> SharedLog {
        try bytes.withUnsafeBufferPointer { typed throws(DocumentProblem) in
            let buffer = UnsafeRawBufferPointer(typed)
            guard let base = buffer.baseAddress, let headerEnd = memchr(base, 0x0A, buffer.count) else { return SharedLog(entries: []) }
            var start = UnsafeRawPointer(headerEnd) - base + 1
            try checkHeader(Array(bytes[..<(start - 1)]), of: machine)
            var entries: [SharedLogEntry] = []
            var unread: [UnreadLine] = []
            var line = 1
            while start < buffer.count, let found = memchr(base + start, 0x0A, buffer.count - start) {
                let end = UnsafeRawPointer(found) - base + 1
                line += 1
                do throws(DocumentProblem) {
                    let (change, seen) = try HistoryFile.decodeSeen(buffer, start..<(end - 1), operations: true)
                    guard change.machine.id == machine else {
                        throw .wrongValue(field: "machine", value: change.machine.id.lowercasedString, project: nil)
                    }
                    entries.append(SharedLogEntry(change: SharedChange(change: change, seen: seen), end: end))
                } catch {
                    unread.append(UnreadLine(machine: machine, path: path, line: line, end: end, problem: error))
                }
                start = end
            }
            return SharedLog(entries: entries, unread: unread)
        }
    }

    private static func checkHeader(_ line: [UInt8], of machine: UUID) throws(DocumentProblem) {
        try line.withUnsafeBufferPointer { buffer throws(DocumentProblem) in
            var scanner = JSONScanner(buffer)
            var version: Int?
            var owner: UUID?
            try scanner.object { scanner, key throws(DocumentProblem) in
                if key == "log" {
                    version = try scanner.integer()
                } else if key == "machine" {
                    owner = try scanner.parsedString(field: "machine", project: 0, UUIDText.uuid)
                } else {
                    try scanner.skipValue()
                }
            }
            guard let version else { throw .missingField("log", project: nil) }
            guard version <= Self.version else { throw .newerVersion(version) }
            guard owner == machine else { throw .wrongValue(field: "machine", value: owner?.lowercasedString ?? "null", project: nil) }
        }
    }

    static func header(of machine: UUID) -> [UInt8] {
        var writer = JSONWriter(capacity: 80)
        writer.raw("{\"log\": ")
        writer.integer(version)
        writer.raw(", \"machine\": ")
        writer.uuid(machine)
        writer.raw("}\n")
        return writer.bytes
    }

    public func append(_ change: SharedChange, in root: String) throws(ProjectStoreError) -> Int {
        let machine = change.change.machine.id
        let path = Self.logPath(of: machine, in: root)
        let line = HistoryFile.line(change.change, seen: change.seen)
        do throws(StorageError) {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, code: errno) }
            var end = Int(status.st_size)
            // A line a crash tore is cut first, so that it does not run into this one.
            end = try Self.wholeLinesEnd(descriptor, size: end, path: path)
            let bytes = end == 0 ? Self.header(of: machine) + line : line
            try HistoryAppender.append(bytes, to: path, at: end, cutting: Int(status.st_size))
            if end == 0 { Self.flushFolder(Self.machinesFolder(in: root)) }
            return end + bytes.count
        } catch {
            throw .sharedFile(error)
        }
    }

    /// Where the last whole line ends: `size` unless the file ends part way through a line.
    private static func wholeLinesEnd(_ descriptor: Int32, size: Int, path: String) throws(StorageError) -> Int {
        var end = size
        var byte: UInt8 = 0
        while end > 0 {
            guard pread(descriptor, &byte, 1, off_t(end - 1)) == 1 else { throw .unreadable(path: path, code: errno) }
            if byte == 0x0A { break }
            end -= 1
        }
        return end
    }

    private static func flushFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    public func cut(_ machine: UUID, in root: String, to end: Int) throws(ProjectStoreError) {
        let path = Self.logPath(of: machine, in: root)
        guard truncate(path, off_t(end)) == 0 else { throw .sharedFile(.unwritable(path: path, code: errno)) }
    }
}
