/// Lexical arithmetic on absolute, normalized paths (no `.`, `..` or repeated `/`; no trailing `/`
/// but for the root). Symbolic links are resolved at the disk's edge, before paths reach here.
public enum FolderPath {
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func lastComponent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    public static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether `path` is `folder` itself or lies anywhere below it.
    public static func isSameOrInside(_ path: String, _ folder: String) -> Bool {
        guard path.hasPrefix(folder) else { return false }
        if path.utf8.count == folder.utf8.count || folder == "/" { return true }
        return path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: folder.utf8.count)] == UInt8(ascii: "/")
    }

    /// `path` relative to `folder`, when strictly inside it.
    public static func relative(_ path: String, to folder: String) -> String? {
        guard path != folder, isSameOrInside(path, folder) else { return nil }
        return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
    }

    /// `path` with `.` and empty components dropped and `..` applied, made absolute against `base`.
    public static func normalized(_ path: String, against base: String = "/") -> String {
        let full = path.hasPrefix("/") ? path : join(base, path)
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
