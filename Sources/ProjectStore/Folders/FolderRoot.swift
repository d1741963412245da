/// The folder new project folders are made in, and where that choice came from.
public struct FolderRoot: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// `PROJECT_ROOT`.
        case environment
        /// `project root <path>`.
        case store
        /// `~/Writing`.
        case home
    }

    /// Absolute and normalized.
    public let path: String
    public let source: Source

    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// How the store records a folder at `path`: relative when inside the root, else absolute.
    public func record(_ path: String, managed: Bool) -> ProjectFolder {
        ProjectFolder(recorded: FolderPath.relative(path, to: self.path) ?? path, isManaged: managed)
    }

    /// The trash beside a folder: `<root>/.trash` for a folder in the root.
    public static func trash(besides folder: String) -> String {
        FolderPath.join(FolderPath.parent(of: folder), trashName)
    }

    public static let trashName = ".trash"
}

/// Where the root and the writer's templates may come from; the environment is read at the edge.
public struct FolderPlaces: Sendable {
    /// `PROJECT_ROOT`, made absolute.
    public let environmentRoot: String?
    /// `$HOME/Writing`.
    public let homeRoot: String?
    /// `$XDG_CONFIG_HOME/project/templates`, holding one folder per kind.
    public let templates: String?

    public init(environmentRoot: String?, homeRoot: String?, templates: String?) {
        self.environmentRoot = environmentRoot
        self.homeRoot = homeRoot
        self.templates = templates
    }

    /// `PROJECT_ROOT`, else the root saved in the store, else `~/Writing`.
    public func root(savedRoot: String?) -> FolderRoot? {
        if let environmentRoot { return FolderRoot(path: environmentRoot, source: .environment) }
        if let savedRoot { return FolderRoot(path: savedRoot, source: .store) }
        return homeRoot.map { FolderRoot(path: $0, source: .home) }
    }

    public func template(for kind: ProjectKind) -> String? {
        templates.map { FolderPath.join($0, kind.rawValue) }
    }
}
