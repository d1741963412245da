import ProjectStore

/// An EPUB's cover: `cover.jpg` (or `.jpeg`) or `cover.png` in the project's folder, in any letter case.
public enum CoverImage {
    public static func find(in folder: String) -> String? {
        guard let entries = try? DiskManuscriptSource().entries(in: folder) else { return nil }
        let names = ["cover.jpg", "cover.jpeg", "cover.png"]
        return entries.first { $0.kind == .file && names.contains($0.name.lowercased()) }.map { FolderPath.join(folder, $0.name) }
    }
}
