/// The setting that keeps a version of a project's changed text files when an `open` session ends:
/// `PROJECT_VERSION_ON_OPEN=1` in the environment, off otherwise (docs/versions.md).
public enum VersionOnOpen {
    public static let variable = "PROJECT_VERSION_ON_OPEN"

    public static func isOn(environment: [String: String]) -> Bool {
        environment[variable] == "1"
    }
}
