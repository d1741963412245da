import Foundation

/// The writer's folders on disk, as the store needs them: the seam between the pure core and the
/// file system, so most tests run in memory (`MemoryFolderSystem`). Paths are absolute.
public protocol FolderSystem: Sendable {
    func entry(at path: String) -> FolderEntry
    /// Makes one folder; fails with `EEXIST` when anything is there already.
    func makeFolder(_ path: String) throws(FolderSystemError)
    /// Renames, never replacing: fails with `EEXIST` when `destination` exists.
    func move(_ source: String, to destination: String) throws(FolderSystemError)
    /// Copies a template's whole content (hidden files too; symbolic links copied as links, not
    /// followed) into an existing empty folder.
    func copyContents(of template: String, into folder: String) throws(FolderSystemError)
    /// Removes `path` if it holds nothing but empty folders; returns whether it is gone.
    func removeIfOnlyEmptyFolders(_ path: String) -> Bool
    /// Removes `path` if it is an empty folder, and nothing else.
    func removeEmptyFolder(_ path: String)
    /// The names of the folders directly in `path` (not links to folders), hidden ones too; fails
    /// when the folder cannot be read to its end.
    func subfolders(of path: String) throws(FolderSystemError) -> [String]
    /// How many files (anything but folders) are inside, at any depth.
    func fileCount(in path: String) -> Int
    /// Makes what was made or renamed inside `folder` survive a power cut.
    func sync(_ folder: String)
    /// Whether `path` itself is a symbolic link (not whether a folder on its way is one).
    func isLink(_ path: String) -> Bool
}

public enum FolderEntry: Sendable, Equatable {
    case missing
    case folder
    /// A file, or anything else that is not a folder.
    case other
}

/// A folder operation the system refused; `code` is the errno.
public struct FolderSystemError: Error, Sendable, Equatable {
    public let path: String
    public let code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    public var isTaken: Bool { code == EEXIST }
}

extension FolderSystem {
    /// No link, where a folder system has none.
    public func isLink(_ path: String) -> Bool { false }

    /// Makes `folder` and the folders above it that are missing (the root, the trash); returns
    /// those it made, outermost first, so that a change that fails can take them back.
    @discardableResult
    public func makeFolders(_ folder: String) throws(FolderSystemError) -> [String] {
        guard entry(at: folder) != .folder else { return [] }
        let parent = FolderPath.parent(of: folder)
        let above = parent != folder ? try makeFolders(parent) : []
        do {
            try makeFolder(folder)
        } catch where error.isTaken && entry(at: folder) == .folder {
            return above  // made by another command meanwhile
        }
        return above + [folder]
    }

    /// Takes back folders a change made to hold its folder, innermost first, if still empty.
    public func removeEmptyFolders(_ made: [String]) {
        for folder in made.reversed() { removeEmptyFolder(folder) }
    }
}
