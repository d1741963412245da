/// The order a project's folder is shown in: folders first — the preferred ones (the kind's
/// folders) in the order given, then the others by name — then files by name. Names are compared
/// by the collator: letter case ignored, numbers by value (`Chapter 2` before `Chapter 10`).
/// `project files` shows it and `project compile` takes the manuscript's files in it.
public enum ManuscriptOrder {
    /// The kind's folder whose folders go among its files by name rather than first: a novel's
    /// chapters, each a file or a folder of scenes, numbered together by the writer ("Chapter 3/"
    /// between "Chapter 2.md" and "Chapter 4.md").
    public static func chaptersFolder(of kind: ProjectKind) -> KindFolder? {
        kind == .novel ? .chapters : nil
    }

    public static func sorted<Entry>(
        _ entries: [Entry],
        name: (Entry) -> String,
        isFolder: (Entry) -> Bool,
        preferredFolders: [String],
        collator: NameCollator
    ) -> [Entry] {
        // Preferred names match whatever their letter case on disk ("chapters" for "Chapters").
        var preferredRank: [String: Int] = [:]
        for (rank, folder) in preferredFolders.enumerated() where preferredRank[folder.lowercased()] == nil {
            preferredRank[folder.lowercased()] = rank
        }
        let keyed = entries.map { entry in
            let entryName = name(entry)
            let folder = isFolder(entry)
            let rank = folder ? preferredRank[entryName.lowercased()] : nil
            let group = rank != nil ? 0 : (folder ? 1 : 2)
            return (entry: entry, group: group, rank: rank ?? 0, key: collator.sortKey(entryName), name: entryName)
        }
        return keyed.sorted { left, right in
            if left.group != right.group { return left.group < right.group }
            if left.rank != right.rank { return left.rank < right.rank }
            if left.key != right.key { return left.key.lexicographicallyPrecedes(right.key) }
            // Names equal but for letter case ("a.md", "A.md") still get one order, every time.
            return left.name.unicodeScalars.lexicographicallyPrecedes(right.name.unicodeScalars)
        }.map(\.entry)
    }
}
