import Foundation

/// A file two machines changed at once is kept twice: the version of this machine where it was, the
/// other machine's beside it, named after that machine and when it made it, as Dropbox's
/// "conflicted copy" is. Never a conflict marker inside the writer's file.
public enum ConflictCopy {
    /// The copy's path for `path` (relative, `/` separated): the same folder, the file's name with
    /// `label` (“conflicted copy from desktop, 2026-11-25 10.52”, in the writer's language) before
    /// its extension, made safe for every file system a synced root meets, and numbered when taken.
    public static func path(for path: String, label: String, isTaken: (String) -> Bool) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let (stem, suffix) = split(file)
        let safeLabel = FolderName.safe(label)
        for number in 1... {
            let tag = number == 1 ? safeLabel : "\(safeLabel) \(number)"
            let candidate = folder + fitted(stem, " (\(tag))", suffix)
            if !isTaken(candidate) { return candidate }
        }
        fatalError("unreachable")
    }

    /// The name without and with its extension: `Chapter 1` and `.md`; a name starting with a dot
    /// and holding no other is all stem.
    private static func split(_ file: String) -> (String, String) {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return (file, "") }
        let suffix = String(file[dot...])
        // A long "extension" is part of the name: “Notes. Part two”.
        guard suffix.count <= 10, !suffix.contains(" ") else { return (file, "") }
        return (String(file[..<dot]), suffix)
    }

    /// `stem + tag + suffix` within the byte limit of a name, the stem shortened first.
    private static func fitted(_ stem: String, _ tag: String, _ suffix: String) -> String {
        var stem = Substring(stem)
        while stem.utf8.count + tag.utf8.count + suffix.utf8.count > FolderName.maximumBytes, !stem.isEmpty { stem.removeLast() }
        return String(stem) + tag + suffix
    }

    /// Whether a file's name says it is a conflict copy: one a sync tool made (Syncthing's
    /// `.sync-conflict-`, Dropbox's and Nextcloud's "conflicted copy") or one `sync` made, in any of
    /// the languages the tool speaks, since the machine that made it may speak another.
    public static func isConflictCopy(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return markers.contains { lowered.contains($0) }
    }

    /// The file a conflict copy (a path relative to the root) is the other version of: Syncthing's
    /// `One.sync-conflict-20261127-041500-ABCDEFG.md` and `One (… conflicted copy …).md` (Dropbox's,
    /// Nextcloud's, ours) are of `One.md` in the same folder. `nil` for a name of another form.
    public static func original(of copy: String) -> String? {
        let slash = copy.lastIndex(of: "/")
        let folder = slash.map { String(copy[...$0]) } ?? ""
        let file = slash.map { String(copy[copy.index(after: $0)...]) } ?? copy
        if let match = file.wholeMatch(of: /(.+)\.sync-conflict-[0-9]{8}-[0-9]{6}-[A-Z0-9]{7}(\.[^.]*)?/) {
            return folder + match.1 + (match.2 ?? "")
        }
        guard let match = file.wholeMatch(of: /(.+) \(([^()]+)\)(\.[^.]*)?/),
              markers.contains(where: { String(match.2).lowercased().contains($0) }) else { return nil }
        return folder + match.1 + (match.3 ?? "")
    }

    /// What conflict copies' names hold: the sync tools', then ours in each language (the tables'
    /// `sync.conflict-copy` without its machine and date).
    static let markers = [".sync-conflict-", "conflicted copy", "copie en conflit", "konfliktkopie", "copia en conflicto"]
}
