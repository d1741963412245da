import Foundation
import ProjectStore
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The entries under a folder, found with one `lstat` each and nothing read yet.
///
/// Names beginning with `.` are skipped (`.git`, editors' swap files). Symbolic links to folders are
/// not followed: a link back up the tree would count the manuscript twice or forever. A link to a
/// file is followed and counted, because writers link a shared chapter or notes file into a project
/// and expect its words there, while it stays inside the walked folder: one leading out of it (a
/// shared root is other people's word) is listed without a count and never opened, as a link whose
/// target is gone, or that loops, is.
struct FolderWalk {
    struct Node {
        let name: String
        /// The path from the walked folder, `/` separated.
        let path: String
        /// The path to open: the bytes on disk, even when a name is not valid UTF-8.
        let diskPath: [CChar]
        let kind: ManuscriptEntry.Kind
        let syntax: TextSyntax?
        let modified: Date
        /// Indices into `nodes` of a folder's entries, in the order read.
        var children: [Int] = []
    }

    private(set) var nodes: [Node] = []
    /// Indices of the top level's entries.
    private(set) var top: [Int] = []
    private(set) var problems: [FolderProblem] = []
    /// Folders entered, by device and inode, so a bind mount looping back is not walked again.
    private var visited: Set<[UInt64]> = []

    /// The walked folder's real path, which no link to a file may lead out of.
    private let inside: String?

    init(folder: [CChar], identity: stat) {
        inside = realpath(folder, nil).map { real in
            defer { free(real) }
            return String(cString: real)
        }
        visited.insert(Self.identity(identity))
        top = walk(diskPath: folder, path: "")
    }

    /// Whether the link at `diskPath` leads to a file inside the walked folder.
    private func staysInside(_ diskPath: [CChar]) -> Bool {
        guard let inside, let real = realpath(diskPath, nil) else { return false }
        defer { free(real) }
        let target = String(cString: real)
        return target.hasPrefix(inside + "/")
    }

    private mutating func walk(diskPath: [CChar], path: String) -> [Int] {
        guard let directory = opendir(diskPath) else {
            let code = errno
            problems.append(FolderProblem(kind: code == ENOENT ? .vanished : .unreadableFolder, path: path, code: code))
            return []
        }
        defer { closedir(directory) }
        var found: [Int] = []
        while true {
            errno = 0
            guard let record = readdir(directory) else {
                if errno != 0 {
                    problems.append(FolderProblem(kind: .unreadableFolder, path: path, code: errno))
                }
                break
            }
            let nameBytes = withUnsafeBytes(of: record.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard let first = nameBytes.first, first != UInt8(ascii: ".") else { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let childPath = path.isEmpty ? name : path + "/" + name
            var childDiskPath = diskPath.dropLast()  // its terminating NUL
            childDiskPath.append(CChar(bitPattern: UInt8(ascii: "/")))
            childDiskPath.append(contentsOf: nameBytes.map { CChar(bitPattern: $0) })
            childDiskPath.append(0)
            if let index = add(name: name, path: childPath, diskPath: Array(childDiskPath)) {
                found.append(index)
            }
        }
        return found
    }

    /// Adds one entry (a folder with its content), or nothing when it is a link to a folder or is gone.
    private mutating func add(name: String, path: String, diskPath: [CChar]) -> Int? {
        var status = stat()
        guard lstat(diskPath, &status) == 0 else {
            problems.append(FolderProblem(kind: .vanished, path: path, code: errno))
            return nil
        }
        var modified = Self.date(status.st_mtim)
        var type = status.st_mode & S_IFMT
        if type == S_IFLNK {
            var target = stat()
            let found = stat(diskPath, &target) == 0
            if found, target.st_mode & S_IFMT == S_IFDIR { return nil }
            if found, staysInside(diskPath) {
                type = target.st_mode & S_IFMT
                modified = Self.date(target.st_mtim)
            } else {
                type = 0  // dangling, looping or leading out: listed, never opened
            }
        }
        if type == S_IFDIR {
            let index = nodes.count
            nodes.append(Node(name: name, path: path, diskPath: diskPath, kind: .folder, syntax: nil, modified: modified))
            if visited.insert(Self.identity(status)).inserted {
                nodes[index].children = walk(diskPath: diskPath, path: path)
            }
            return index
        }
        let syntax = type == S_IFREG ? TextFileKind.syntax(forFileName: name) : nil
        nodes.append(Node(
            name: name, path: path, diskPath: diskPath, kind: syntax == nil ? .otherFile : .textFile,
            syntax: syntax, modified: modified
        ))
        return nodes.count - 1
    }

    private static func identity(_ status: stat) -> [UInt64] {
        [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    static func date(_ time: timespec) -> Date {
        Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
    }
}
