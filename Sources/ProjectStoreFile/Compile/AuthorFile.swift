import ProjectStore

/// Where the writer's name and contact lines are kept: `$XDG_CONFIG_HOME/project/author`, by
/// default `~/.config/project/author`, beside the templates. Format: `AuthorDetails`.
public enum AuthorFile {
    public static func path(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return FolderPath.join(config, "project/author")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return FolderPath.join(home, ".config/project/author")
    }

    /// The path as messages show it: the real one, or the default's when there is no home to put it in.
    public static func shownPath(environment: [String: String]) -> String {
        path(environment: environment) ?? "~/.config/project/author"
    }

    /// The details, empty when there is no file; a file that cannot be read is an error.
    public static func read(environment: [String: String]) throws(StorageError) -> AuthorDetails {
        guard let path = path(environment: environment), let bytes = try AtomicFile.contents(of: path) else {
            return AuthorDetails(name: nil, contact: [])
        }
        return AuthorDetails(settings: String(decoding: bytes, as: UTF8.self))
    }
}
