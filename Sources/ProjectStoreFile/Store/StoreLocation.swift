/// Where the store is when no `--store` is given: `PROJECT_STORE`, else the XDG data folder.
public enum StoreLocation {
    public static let fileName = "projects.json"
    public static let folderName = "project"

    public static func path(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let variable = environment["PROJECT_STORE"], !variable.isEmpty { return variable }
        // The XDG spec says relative values are to be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return "\(data)/\(folderName)/\(fileName)"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return "\(home)/.local/share/\(folderName)/\(fileName)"
    }
}
