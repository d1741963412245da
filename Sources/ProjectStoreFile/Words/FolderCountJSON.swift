import Foundation
import ProjectStore

/// `project files --json`: `{"name": …, "folder": "<absolute path>", "words": N, "files": [{"path":
/// "<relative, / separated>", "words": N or null, "modified": "<ISO 8601 UTC>"}]}`, the files in
/// the order shown, folders left out (their paths are in their files').
public enum FolderCountJSON {
    public static func encode(name: String, count: FolderCount) -> [UInt8] {
        var writer = JSONWriter(capacity: 128 + count.entries.count * 96)
        writer.raw("{\"name\": ")
        writer.string(name)
        writer.raw(", \"folder\": ")
        writer.string(count.folder)
        writer.raw(", \"words\": ")
        writer.integer(count.words)
        writer.raw(", \"files\": [")
        var first = true
        for entry in count.flattened where !entry.isFolder {
            writer.raw(first ? "\n  " : ",\n  ")
            first = false
            writer.raw("{\"path\": ")
            writer.string(entry.path)
            writer.raw(", \"words\": ")
            if let words = entry.words { writer.integer(words) } else { writer.null() }
            writer.raw(", \"modified\": ")
            writer.timestamp(entry.modified)
            writer.raw("}")
        }
        writer.raw(first ? "]}\n" : "\n]}\n")
        return writer.bytes
    }
}
