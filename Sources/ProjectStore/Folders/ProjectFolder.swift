/// A project's folder as the store records it.
public struct ProjectFolder: Sendable, Equatable {
    /// Relative to the root when the folder is inside it, so a root moved or synced elsewhere keeps
    /// it; absolute otherwise.
    public let recorded: String
    /// The tool made it (`add`, `edit --new-folder`), so the tool may rename it and move it to the
    /// trash, as long as it is recorded inside the root (`movablePath`). A folder the writer
    /// attached is never moved.
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

// MARK: What the tool may move

/// The one rule for the folders the tool moves, whatever file the folder was read from (the store,
/// an import, another machine's log): a `managed` field alone never makes a folder movable, since
/// any of those files may have been written by someone else. The tool moves only what it records
/// itself: a folder inside the root, named from the root down by plain names.
extension ProjectFolder {
    /// Why a recorded folder is refused wherever it is read: a `..` climbs out of the folder the
    /// path is read against (the root, or anywhere), and the trash holds what the tool took away.
    /// The tool never records either itself.
    public static func refusal(of recorded: String) -> FolderRefusal? {
        var refusal: FolderRefusal?
        forEachComponent(of: recorded) { component in
            if component.elementsEqual("..".utf8) {
                refusal = .climbsOut
            } else if refusal == nil, component.elementsEqual(FolderRoot.trashName.utf8) {
                refusal = .trash
            }
        }
        return refusal
    }

    /// Whether the tool may rename it or move it to the trash: it made it, and records it relative
    /// to the root by plain names (no `..`, no `.`, no hidden folder such as the trash or a sync
    /// tool's), as it records every folder it makes.
    public var isMovable: Bool {
        guard isManaged, !recorded.isEmpty, !recorded.hasPrefix("/") else { return false }
        var plain = true
        Self.forEachComponent(of: recorded, includingEmpty: true) { component in
            if component.isEmpty || component.first == UInt8(ascii: ".") { plain = false }
        }
        return plain
    }

    /// The folder's absolute path when the tool may move it; `nil` for the writer's own, or when
    /// there is no root to be inside.
    public func movablePath(in root: FolderRoot?) -> String? {
        guard isMovable, let root else { return nil }
        return path(in: root)
    }

    /// The folder as the tool keeps it when it comes from a file another may have written (an
    /// import, another machine's log): the writer's own unless the tool may move it. `nil` when it
    /// is refused (`refusal(of:)`).
    public var takenIn: ProjectFolder? {
        guard Self.refusal(of: recorded) == nil else { return nil }
        return isMovable || !isManaged ? self : ProjectFolder(recorded: recorded, isManaged: false)
    }

    /// Whether the tool may make or move a folder at `path`, an absolute path its history read back
    /// for an undo or a redo: a folder it may move (`isMovable`) or one in the root's trash.
    public static func isMovable(_ path: String, in root: FolderRoot?) -> Bool {
        guard let root, let relative = FolderPath.relative(path, to: root.path) else { return false }
        let trash = FolderRoot.trashName + "/"
        let inRoot = relative.hasPrefix(trash) ? String(relative.dropFirst(trash.count)) : relative
        return ProjectFolder(recorded: inRoot, isManaged: true).isMovable
    }

    /// Each `/`-separated component, on the bytes: a store checks every project's folder on every load.
    private static func forEachComponent(
        of path: String, includingEmpty: Bool = false, _ body: (Substring.UTF8View) -> Void
    ) {
        let utf8 = Substring(path).utf8
        var start = utf8.startIndex
        var index = start
        while true {
            let atEnd = index == utf8.endIndex
            if atEnd || utf8[index] == UInt8(ascii: "/") {
                if includingEmpty || start != index { body(utf8[start..<index]) }
                if atEnd { return }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
    }
}
