import ProjectStore

/// Where project folders and the writer's templates are, from the environment: `PROJECT_ROOT`,
/// `~/Writing`, and `$XDG_CONFIG_HOME/project/templates` (by default `~/.config/project/templates`).
public enum FolderLocation {
    /// The root's name in the home folder when nothing else says where it is.
    public static let defaultRootName = "Writing"
    /// The folder of the writer's templates, one folder per type inside.
    public static let templatesName = "templates"
    /// Where configuration lives in the home folder when `XDG_CONFIG_HOME` does not say.
    public static let configFolder = ".config"

    public static func places(environment: [String: String]) -> FolderPlaces {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        // As for the store, the XDG spec says relative values are to be ignored.
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/" + configFolder }
        return FolderPlaces(
            environmentRoot: environment["PROJECT_ROOT"].flatMap { $0.isEmpty ? nil : CanonicalPath.resolve($0) },
            homeRoot: home.flatMap { CanonicalPath.resolve($0 + "/" + defaultRootName) },
            templates: config.map { [$0, StoreLocation.folderName, templatesName].joined(separator: "/") })
    }
}
