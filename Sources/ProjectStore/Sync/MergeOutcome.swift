import Foundation

/// What merging every machine's changes gave, and what the writer must be told of it: nothing a
/// merge decides happens silently.
public struct MergeOutcome: Sendable {
    public let catalog: ProjectCatalog
    /// For each project, the change whose value each field holds.
    let latestWrites: [UUID: [String: Change]]
    /// A field two machines changed at once: the earlier change gave way to the later.
    public let overridden: [Overridden]
    /// Edits made on one machine to a project another machine deleted without knowing of them.
    public let dropped: [DroppedEdit]
    /// Projects two machines gave the same name: all but the first to take it were renamed.
    public let renamed: [Renaming]
    /// Projects two machines gave the same folder: all but the first to claim it have none now.
    public let folderClashes: [FolderClash]
    /// Markets two machines gave the same name: all but the first to take it were numbered.
    public var renamedMarkets: [Renaming] = []

    /// The change whose value `field` of `project` holds: the latest to write it.
    func writer(of field: String, of project: UUID) -> Change? {
        latestWrites[project]?[field]
    }
}

public struct FolderClash: Sendable, Equatable {
    public let project: UUID
    /// The folder, as recorded: relative to the root.
    public let path: String
    /// The project that keeps it.
    public let keptBy: UUID
}

public struct Overridden: Sendable, Equatable {
    public let project: UUID
    public let field: String
    /// The change that gave way, and the one that won.
    public let lost: Change
    public let won: Change
}

public struct DroppedEdit: Sendable, Equatable {
    public let project: UUID
    public let edit: Change
    public let removal: Change
}

public struct Renaming: Sendable, Equatable {
    public let project: UUID
    public let from: String
    public let to: String
}
