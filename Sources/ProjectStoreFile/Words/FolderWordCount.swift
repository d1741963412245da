import Dispatch
import Foundation
import ProjectStore
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Counts the words of every text file in a project's folder, on every core, reading nothing twice
/// and writing nothing.
public enum FolderWordCount {
    /// The bytes read at a time: memory stays flat whatever a file's size.
    static let chunkSize = 64 * 1024

    /// The folder's tree with its counts. `preferredFolders` (the kind's folders) come first at the
    /// top level, in their given order; every level is otherwise in `ManuscriptOrder`, but that in
    /// a top-level folder named one of `chapterFolders` (any letter case) folders go among the files
    /// by name, as compile takes a novel's chapters. Only the folder itself failing throws: a file
    /// or folder inside that cannot be read becomes a problem in the result and the count goes on.
    /// `counted`: words already counted, by path from the folder (compile's manuscript), not read again.
    public static func count(
        folder: String, preferredFolders: [String], chapterFolders: [String] = [], collator: NameCollator, counted: [String: Int] = [:]
    ) throws(FolderCountError) -> FolderCount {
        let diskPath = folder.utf8CString.map { $0 }
        var status = stat()
        guard stat(diskPath, &status) == 0 else {
            throw errno == ENOENT ? .missing(path: folder) : .unreadable(path: folder, code: errno)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: folder) }

        let walk = FolderWalk(folder: diskPath, identity: status)
        if walk.problems.first?.path == "" {
            throw .unreadable(path: folder, code: walk.problems[0].code)
        }
        let outcomes = countTextFiles(walk.nodes, counted: counted)
        var problems = walk.problems
        for (index, outcome) in outcomes.enumerated() {
            if case .failure(let error) = outcome {
                let kind: FolderProblem.Kind = error.code == ENOENT ? .vanished : .unreadableFile
                problems.append(FolderProblem(kind: kind, path: walk.nodes[index].path, code: error.code))
            }
        }
        var assembly = Assembly(nodes: walk.nodes, outcomes: outcomes, collator: collator)
        let entries = assembly.entries(
            walk.top, preferredFolders: preferredFolders, chapterFolders: Set(chapterFolders.map { $0.lowercased() }))
        return FolderCount(
            folder: folder, entries: entries, words: entries.reduce(0) { $0 + ($1.words ?? 0) },
            countedFiles: assembly.countedFiles, lastModified: assembly.lastModified, problems: problems
        )
    }

    /// Several folders counted at once, for `list --words`: one thread per core takes the folders
    /// in turn, each with its own collator (a `NameCollator` holds a buffer, so threads do not share
    /// one). The results are in the order given.
    public static func count(
        folders: [(folder: String, preferredFolders: [String])], collation: Locale
    ) -> [Result<FolderCount, FolderCountError>] {
        let results = ResultSlots<Result<FolderCount, FolderCountError>>(count: folders.count)
        let next = NextIndex()
        let workers = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), max(folders.count, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let collator = NameCollator(locale: collation)
            while let index = next.take(below: folders.count) {
                let (folder, preferred) = folders[index]
                results.store(Result { () throws(FolderCountError) in
                    try count(folder: folder, preferredFolders: preferred, collator: collator)
                }, at: index)
            }
        }
        return results.values.map { $0! }
    }

    /// Each node's count: words for a text file read whole, an errno for one that could not be,
    /// `nil` for everything else. Two or more threads take files one at a time from a shared index.
    private static func countTextFiles(_ nodes: [FolderWalk.Node], counted: [String: Int]) -> [Result<Int, SystemError>?] {
        let results = ResultSlots<Result<Int, SystemError>>(count: nodes.count)
        let textFiles = nodes.indices.filter { nodes[$0].syntax != nil && counted[nodes[$0].path] == nil }
        for index in nodes.indices where nodes[index].syntax != nil {
            if let words = counted[nodes[index].path] { results.store(.success(words), at: index) }
        }
        let next = NextIndex()
        let workers = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), max(textFiles.count, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            while let position = next.take(below: textFiles.count) {
                let node = nodes[textFiles[position]]
                results.store(countFile(node.diskPath, syntax: node.syntax!, buffer: buffer), at: textFiles[position])
            }
        }
        return results.values
    }

    /// The words of one file, read in chunks. A file that grows while it is read is counted as it
    /// was when opened (a log being appended to would otherwise never end); one that shrinks, up to
    /// where it ends.
    static func countFile(
        _ path: [CChar], syntax: TextSyntax, buffer: UnsafeMutableRawBufferPointer
    ) -> Result<Int, SystemError> {
        // Non-blocking, so a file swapped for a pipe since the walk cannot hang the count.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(SystemError(code: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(SystemError(code: EINVAL)) }
        var remaining = Int(status.st_size)
        var counter = WordCounter(syntax: syntax)
        while remaining > 0 {
            let count = read(descriptor, buffer.baseAddress, min(buffer.count, remaining))
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(code: errno))
            }
            if count == 0 { break }
            counter.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            remaining -= count
        }
        let words = counter.finish()
        guard counter.sawInvalidUTF8 else { return .success(words) }
        return .success(windows1252Words(descriptor, size: Int(status.st_size), syntax: syntax) ?? words)
    }

    /// A file that is not UTF-8, counted as compile reads it: Windows-1252 text converted, so an
    /// accented word is one word. `nil` for any other encoding, whose bytes stay separators.
    private static func windows1252Words(_ descriptor: Int32, size: Int, syntax: TextSyntax) -> Int? {
        guard lseek(descriptor, 0, SEEK_SET) == 0, case .success(let bytes) = FileDescriptorReader.readAll(descriptor, sizeHint: size),
              let (text, encoding) = TextEncoding.decode(Array(bytes.prefix(size))), encoding == .windows1252 else { return nil }
        return WordCounter.count(text, syntax: syntax)
    }
}

/// Turns the walked nodes and their counts into the sorted tree, adding up as it goes.
private struct Assembly {
    let nodes: [FolderWalk.Node]
    let outcomes: [Result<Int, SystemError>?]
    let collator: NameCollator
    var countedFiles = 0
    var lastModified: Date?

    /// `foldersFirst` false: folders among the files by name (a novel's chapters).
    mutating func entries(
        _ indices: [Int], preferredFolders: [String], chapterFolders: Set<String> = [], foldersFirst: Bool = true
    ) -> [ManuscriptEntry] {
        let sorted = ManuscriptOrder.sorted(
            indices, name: { nodes[$0].name }, isFolder: { foldersFirst && nodes[$0].kind == .folder },
            preferredFolders: preferredFolders, collator: collator
        )
        return sorted.map { entry($0, holdsChapters: chapterFolders.contains(nodes[$0].name.lowercased())) }
    }

    private mutating func entry(_ index: Int, holdsChapters: Bool) -> ManuscriptEntry {
        let node = nodes[index]
        switch node.kind {
        case .folder:
            // The kind's folders are the manuscript's top level; deeper levels are ordered by name.
            let children = entries(node.children, preferredFolders: [], foldersFirst: !holdsChapters)
            return ManuscriptEntry(
                name: node.name, path: node.path, kind: .folder,
                words: children.reduce(0) { $0 + ($1.words ?? 0) }, modified: node.modified, children: children
            )
        case .textFile, .otherFile:
            lastModified = max(lastModified ?? node.modified, node.modified)
            var words: Int?
            if case .success(let count) = outcomes[index] {
                words = count
                countedFiles += 1
            }
            return ManuscriptEntry(name: node.name, path: node.path, kind: node.kind, words: words, modified: node.modified, children: [])
        }
    }
}

/// One slot per node (or folder), each written by one thread only, read after all threads are done.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deallocate()
    }

    func store(_ result: Value, at index: Int) {
        slots[index] = result
    }

    var values: [Value?] { Array(slots) }
}

/// The next file to count, shared by the counting threads.
private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}
