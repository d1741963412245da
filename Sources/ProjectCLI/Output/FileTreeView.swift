import ProjectStore
import ProjectStoreFile

/// `project files` for people: the folder's tree, two spaces a level, folders ending in `/`, the
/// words right-aligned in one column, the total at the end.
struct FileTreeView {
    let localizer: Localizer
    let progress: ProgressText

    func render(_ count: FolderCount, of project: Project) -> String {
        var text = localizer.text("files.heading", ["name": project.name, "path": count.folder]) + "\n"
        let entries = count.flattened
        guard !entries.isEmpty else { return text + localizer.text("files.empty") + "\n" }
        var rows: [(label: String, words: String)] = []
        func add(_ entries: [ManuscriptEntry], depth: Int) {
            for entry in entries {
                var label = String(repeating: "  ", count: depth) + TerminalText.visible(entry.name) + (entry.isFolder ? "/" : "")
                if !entry.isFolder, ConflictCopy.isConflictCopy(entry.name) { label = localizer.text("files.conflict-copy", ["name": label]) }
                rows.append((label, entry.words.map(progress.numbers.string) ?? ""))
                add(entry.children, depth: depth + 1)
            }
        }
        add(count.entries, depth: 0)
        let labelWidth = rows.map { TerminalText.width($0.label) }.max() ?? 0
        let wordsWidth = rows.map { TerminalText.width($0.words) }.max() ?? 0
        for row in rows {
            let padding = String(repeating: " ", count: wordsWidth - TerminalText.width(row.words))
            let line = TerminalText.padded(row.label, to: labelWidth) + "  " + padding + row.words
            text += line.trimmingTrailingSpaces() + "\n"
        }
        text += localizer.text("files.total", ["total": progress.words(count.words, inFiles: count.countedFiles)]) + "\n"
        let copies = Self.conflictCopies(in: count)
        if !copies.isEmpty { text += localizer.text("files.conflict-copies", count: copies.count) + "\n" }
        return text
    }

    /// The conflict copies a sync tool or `sync` left in the folder, by path.
    static func conflictCopies(in count: FolderCount) -> [String] {
        count.flattened.filter { !$0.isFolder && ConflictCopy.isConflictCopy($0.name) }.map(\.path)
    }
}

extension String {
    /// A file listed without a count leaves no spaces at the end of its line.
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
