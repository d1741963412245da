#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// Finds a program as the shell does: the first executable file of that name in a `PATH` folder.
enum ProgramSearch {
    static func find(_ name: String, environment: [String: String]) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let path = FolderPath.join(String(folder), name)
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return path }
        }
        return nil
    }
}
