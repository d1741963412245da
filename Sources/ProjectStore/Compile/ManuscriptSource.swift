import Foundation

/// The writer's files as compile reads them: the seam between the rules of what makes a manuscript
/// and the disk, so those rules are tested in memory (`MemoryManuscriptSource`). Paths are absolute.
public protocol ManuscriptSource: Sendable {
    /// What is at `path`, a link to a file counting as the file; `nil` when nothing is there.
    func entry(at path: String) -> SourceEntry.Kind?
    /// The entries directly in `folder`, in no particular order, hidden ones included.
    func entries(in folder: String) throws(ManuscriptError) -> [SourceEntry]
    func contents(of file: String) throws(ManuscriptError) -> [UInt8]
}

public struct SourceEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case folder
        case file
        /// Anything else, a link to a folder included: never entered, so a link back up the tree
        /// cannot put the manuscript in twice.
        case other
    }

    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// Files and folders in memory, for tests. A file can be made unreadable.
public final class MemoryManuscriptSource: ManuscriptSource, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var folders: Set<String> = ["/"]
    private var unreadable: Set<String> = []

    public init() {}

    /// Adds a file, and the folders above it.
    public func add(_ path: String, _ text: String) {
        add(path, Array(text.utf8))
    }

    /// Adds a file of any bytes, text in another encoding among them.
    public func add(_ path: String, _ bytes: [UInt8]) {
        lock.withLock {
            files[path] = bytes
            var parent = FolderPath.parent(of: path)
            while folders.insert(parent).inserted { parent = FolderPath.parent(of: parent) }
        }
    }

    public func addFolder(_ path: String) {
        lock.withLock {
            var folder = path
            while folders.insert(folder).inserted { folder = FolderPath.parent(of: folder) }
        }
    }

    public func makeUnreadable(_ path: String) {
        lock.withLock { _ = unreadable.insert(path) }
    }

    public func entry(at path: String) -> SourceEntry.Kind? {
        lock.withLock { folders.contains(path) ? .folder : files[path] != nil ? .file : nil }
    }

    public func entries(in folder: String) throws(ManuscriptError) -> [SourceEntry] {
        lock.lock()
        defer { lock.unlock() }
        if unreadable.contains(folder) { throw .unreadable(path: folder, code: EACCES) }
        guard folders.contains(folder) else { throw .unreadable(path: folder, code: ENOENT) }
        let inside = { (path: String) in path != folder && FolderPath.parent(of: path) == folder }
        return folders.filter(inside).map { SourceEntry(name: FolderPath.lastComponent(of: $0), kind: .folder) }
            + files.keys.filter(inside).map { SourceEntry(name: FolderPath.lastComponent(of: $0), kind: .file) }
    }

    public func contents(of file: String) throws(ManuscriptError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard !unreadable.contains(file), let bytes = files[file] else { throw .unreadable(path: file, code: EACCES) }
        return bytes
    }
}
