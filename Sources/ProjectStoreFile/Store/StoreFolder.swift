#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// The folders above a store, made on the first write and private to the user.
enum StoreFolder {
    static func create(for storePath: String) throws(StorageError) {
        var folders: [String] = []
        var folder = parent(of: storePath)
        while !folder.isEmpty, access(folder, F_OK) != 0 {
            folders.append(folder)
            folder = parent(of: folder)
        }
        for missing in folders.reversed() where mkdir(missing, 0o700) != 0 && errno != EEXIST {
            throw .unwritable(path: missing, code: errno)
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
