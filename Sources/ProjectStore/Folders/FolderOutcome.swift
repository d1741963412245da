/// What a change did, or would do, to a project's folder: the words the writer reads come from it.
public enum FolderOutcome: Sendable, Equatable {
    /// A new folder; `wantedName` differs from its last component when that name was taken.
    case made(path: String, wantedName: String)
    /// An existing folder became the project's; nothing on disk changed.
    case attached(path: String)
    /// No longer the project's; nothing on disk changed.
    case detached(path: String)
    case renamed(from: String, to: String)
    /// Moved to the trash (`to` is where); `files` is how many files it held.
    case trashed(from: String, to: String, files: Int)
    /// Left where it is: attached by the writer, outside the root, or kept on request.
    case kept(path: String)
    /// The store records it, but it is not on disk.
    case notFound(path: String)
}

/// How a new project folder is filled.
public enum FolderLayout: Sendable, Equatable {
    /// Empty folders with these names (the kind's, in the user's language), in this order.
    case folders([String])
    /// A copy of the whole content of the writer's template folder.
    case template(String)
}

/// What `add` does about a folder.
public enum FolderRequest: Sendable, Equatable {
    case none
    case make(FolderLayout)
    /// An existing folder, given by its absolute path.
    case attach(String)
}

/// Where a project's folder stands, for `show`, `path` and `open`.
public enum FolderState: Sendable, Equatable {
    case none
    case present(String)
    case missing(String)
}
