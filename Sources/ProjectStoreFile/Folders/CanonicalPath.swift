#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// Paths as the store records them: absolute, with symbolic links resolved, so the same folder is
/// always the same text whichever way the writer typed it.
public enum CanonicalPath {
    /// `path` (relative to the current folder) with every link resolved as far as it exists, the
    /// rest normalized; `nil` when the result is not UTF-8 and so cannot be recorded.
    public static func resolve(_ path: String) -> String? {
        let absolute = FolderPath.normalized(path, against: currentFolder())
        var missing: [String] = []
        var existing = absolute
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                guard let text = String(validatingCString: resolved) else { return nil }
                return missing.reversed().reduce(text) { FolderPath.join($0, $1) }
            }
            guard existing != "/" else { return absolute }
            missing.append(FolderPath.lastComponent(of: existing))
            existing = FolderPath.parent(of: existing)
        }
    }

    public static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "/" }
        defer { free(folder) }
        return String(validatingCString: folder) ?? "/"
    }
}
