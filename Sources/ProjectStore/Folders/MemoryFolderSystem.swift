import Foundation

/// Folders and files in memory, for tests. A failure can be planted on any path.
public final class MemoryFolderSystem: FolderSystem, @unchecked Sendable {
    private let lock = NSLock()
    /// Every path that exists, and whether it is a folder.
    private var entries: [String: Bool] = ["/": true]
    private var failures: [String: Int32] = [:]
    private var links: Set<String> = []

    public init() {}

    public func addFolder(_ path: String) {
        lock.withLock { entries[path] = true }
    }

    public func addFile(_ path: String) {
        lock.withLock { entries[path] = false }
    }

    /// A symbolic link to a folder at `path`: a folder to `entry(at:)`, as on disk.
    public func addLinkToFolder(_ path: String) {
        lock.withLock {
            entries[path] = true
            links.insert(path)
        }
    }

    public func isLink(_ path: String) -> Bool {
        lock.withLock { links.contains(path) }
    }

    public func remove(_ path: String) {
        lock.withLock { entries = entries.filter { !FolderPath.isSameOrInside($0.key, path) } }
    }

    /// The next operation that makes, copies into or moves to or from `path` fails with `code`.
    public func fail(_ path: String, code: Int32) {
        lock.withLock { failures[path] = code }
    }

    /// Every path inside `folder`, relative to it, folders ending in `/`, sorted.
    public func contents(of folder: String) -> [String] {
        lock.withLock {
            entries.compactMap { path, isFolder in
                FolderPath.relative(path, to: folder).map { isFolder ? $0 + "/" : $0 }
            }.sorted()
        }
    }

    public func entry(at path: String) -> FolderEntry {
        lock.withLock { entries[path].map { $0 ? .folder : .other } ?? .missing }
    }

    public func makeFolder(_ path: String) throws(FolderSystemError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try takeFailure(path)
            guard entries[path] == nil else { throw FolderSystemError(path: path, code: EEXIST) }
            guard entries[FolderPath.parent(of: path)] == true else { throw FolderSystemError(path: path, code: ENOENT) }
            entries[path] = true
        }
    }

    public func move(_ source: String, to destination: String) throws(FolderSystemError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try takeFailure(source)
            try takeFailure(destination)
            guard entries[source] != nil else { throw FolderSystemError(path: source, code: ENOENT) }
            guard entries[destination] == nil else { throw FolderSystemError(path: destination, code: EEXIST) }
            guard entries[FolderPath.parent(of: destination)] == true else { throw FolderSystemError(path: destination, code: ENOENT) }
            for (path, isFolder) in entries where FolderPath.isSameOrInside(path, source) {
                entries[path] = nil
                entries[destination + path.dropFirst(source.count)] = isFolder
            }
        }
    }

    public func copyContents(of template: String, into folder: String) throws(FolderSystemError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try takeFailure(folder)
            for (path, isFolder) in entries where path != template && FolderPath.isSameOrInside(path, template) {
                entries[folder + path.dropFirst(template.count)] = isFolder
            }
        }
    }

    public func removeIfOnlyEmptyFolders(_ path: String) -> Bool {
        lock.withLock {
            let inside = entries.filter { FolderPath.isSameOrInside($0.key, path) }
            guard inside.values.allSatisfy({ $0 }) else { return false }
            for key in inside.keys { entries[key] = nil }
            return true
        }
    }

    public func removeEmptyFolder(_ path: String) {
        lock.withLock {
            guard entries[path] == true, !entries.keys.contains(where: { FolderPath.relative($0, to: path) != nil }) else { return }
            entries[path] = nil
        }
    }

    public func subfolders(of path: String) throws(FolderSystemError) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        try takeFailure(path)
        return entries.compactMap { entry, isFolder in
            guard isFolder, let name = FolderPath.relative(entry, to: path), !name.contains("/") else { return nil }
            return name
        }
    }

    public func fileCount(in path: String) -> Int {
        lock.withLock { entries.filter { !$0.value && FolderPath.isSameOrInside($0.key, path) }.count }
    }

    public func sync(_ folder: String) {}

    private func takeFailure(_ path: String) throws(FolderSystemError) {
        if let code = failures.removeValue(forKey: path) { throw FolderSystemError(path: path, code: code) }
    }
}
