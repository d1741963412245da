#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Kept texts that another machine's sync brought: git carries a file's text but not its read-only
/// mode, so each arrives an ordinary file and is made read-only again here, its content untouched.
public enum ArrivedTexts {
    /// Makes read-only each of `paths` (relative to `root`, as git names them) that is a kept text:
    /// a regular file in a project's `.versions/texts/`. Any other path, a link, a file already
    /// read-only or gone, is left as it is.
    public static func makeReadOnly(_ paths: some Sequence<String>, in root: String) {
        for path in paths where isKeptText(path) {
            // Opened without following a link, and changed through the descriptor: the file looked at
            // is the file changed.
            let descriptor = open(root + "/" + path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o222 != 0 else { continue }
            fchmod(descriptor, DiskVersionFolder.textMode)
        }
    }

    public static func isKeptText(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 4 && parts[parts.count - 3] == DiskVersionFolder.shelf
            && parts[parts.count - 2] == DiskVersionFolder.textsName && !parts[parts.count - 1].isEmpty
    }
}
