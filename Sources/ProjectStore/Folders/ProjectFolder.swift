/// A project's folder as the store records it.
public struct ProjectFolder: Sendable, Equatable {
    /// Relative to the root when the folder is inside it, so a root moved or synced elsewhere keeps
    /// it; absolute otherwise.
    public let recorded: String
    /// The tool made it (`add`, `edit --new-folder`), so the tool may rename it and move it to the
    /// trash. A folder the writer attached is never moved.
    public let isManaged: Bool

    public init(recorded: String, isManaged: Bool) {
        self.recorded = recorded
        self.isManaged = isManaged
    }

    /// The absolute path, against the root in use.
    public func path(in root: FolderRoot?) -> String {
        if recorded.hasPrefix("/") { return recorded }
        guard let root else { return FolderPath.normalized(recorded) }
        return FolderPath.join(root.path, recorded)
    }
}
