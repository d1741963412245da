import Foundation

/// A project's folder with its words counted: the tree in manuscript order, totals, and what could
/// not be read.
public struct FolderCount: Sendable, Equatable {
    /// The folder counted, as given.
    public let folder: String
    /// The folder's content in manuscript order; each folder holds its own.
    public let entries: [ManuscriptEntry]
    public let words: Int
    /// The text files whose words were counted.
    public let countedFiles: Int
    /// When a file in the folder (at any depth) last changed; `nil` when it holds no file.
    public let lastModified: Date?
    /// Everything that could not be read, each once, in the order met. The counts leave them out.
    public let problems: [FolderProblem]

    /// Every entry in the order shown: each folder followed by its content.
    public var flattened: [ManuscriptEntry] {
        var all: [ManuscriptEntry] = []
        func add(_ entries: [ManuscriptEntry]) {
            for entry in entries {
                all.append(entry)
                add(entry.children)
            }
        }
        add(entries)
        return all
    }
}

public struct ManuscriptEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case folder
        /// A file whose extension names a text format (`TextFileKind`).
        case textFile
        /// Any other file: listed without a count.
        case otherFile
    }

    public let name: String
    /// The path from the counted folder, `/` separated.
    public let path: String
    public let kind: Kind
    /// A text file's words, or a folder's total over the text files in it. `nil` for other files,
    /// and for a text file that could not be read (its problem says why).
    public let words: Int?
    public let modified: Date
    /// A folder's content in manuscript order; empty for files.
    public let children: [ManuscriptEntry]

    public var isFolder: Bool { kind == .folder }
}

/// Something in the folder that could not be read. It is reported, and the count goes on without it.
public struct FolderProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case unreadableFolder
        case unreadableFile
        /// Listed, then gone before it was read.
        case vanished
    }

    public let kind: Kind
    /// The path from the counted folder, `/` separated.
    public let path: String
    /// The errno the system gave.
    public let code: Int32
}

/// The counted folder itself could not be read: nothing to show.
public enum FolderCountError: Error, Equatable {
    case missing(path: String)
    case notAFolder(path: String)
    case unreadable(path: String, code: Int32)
}
