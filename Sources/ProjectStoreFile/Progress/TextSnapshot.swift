import Foundation
import ProjectStore

/// The text of every text file of a project's folder at the start of a writing session, to find
/// what the session added and removed once it ends (docs/progress.md).
public struct TextSnapshot: Sendable {
    struct File: Sendable {
        let modified: Date
        let size: Int
        let text: String
    }

    let files: [String: File]

    /// Reads every text file `count` found.
    public init(_ count: FolderCount) {
        var files: [String: File] = [:]
        for entry in count.flattened where entry.kind == .textFile {
            if let file = Self.read(count.folder + "/" + entry.path, modified: entry.modified) { files[entry.path] = file }
        }
        self.files = files
    }

    /// The words added and removed from this snapshot to the folder as `count` found it later: only
    /// the files that changed (their time or size), were added or went away are read and compared.
    public func changes(to count: FolderCount) -> (added: Int, removed: Int) {
        var added = 0, removed = 0
        var seen: Set<String> = []
        for entry in count.flattened where entry.kind == .textFile {
            seen.insert(entry.path)
            let before = files[entry.path]
            let path = count.folder + "/" + entry.path
            if let before, before.modified == entry.modified, before.size == Self.size(of: path) { continue }
            // Counted as `project diff` counts them, so a session and a diff of its versions agree.
            let change = WordDiff.compare(before?.text ?? "", Self.read(path, modified: entry.modified)?.text ?? "")
            added += change.addedWords
            removed += change.removedWords
        }
        for (path, file) in files where !seen.contains(path) { removed += WordDiff.compare(file.text, "").removedWords }
        return (added, removed)
    }

    /// The file's text as it stands, to compare with what it holds when the session ends.
    private static func read(_ path: String, modified: Date) -> File? {
        guard let bytes = try? AtomicFile.contents(of: path) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return File(modified: modified, size: bytes.count, text: text)
    }

    private static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : -1
    }
}
