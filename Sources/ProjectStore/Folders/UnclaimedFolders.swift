import Foundation

extension ProjectCatalog {
    /// Of `names`, the folders directly in `root`, those that no project's folder is or lies in.
    /// Hidden ones (the trash, a sync tool's) are not the writer's folders and are left out.
    /// Names are compared in NFC: a sync tool may hand back a name in another normalization.
    public func unclaimed(_ names: [String], in root: FolderRoot) -> [String] {
        let claimed = Set(projects.lazy.compactMap { project -> String? in
            guard let path = project.folder?.path(in: root),
                  let inside = FolderPath.relative(path, to: root.path) else { return nil }
            return String(inside.prefix { $0 != "/" }).precomposedStringWithCanonicalMapping
        })
        return names.filter { !$0.hasPrefix(".") && !claimed.contains($0.precomposedStringWithCanonicalMapping) }
    }
}

extension ProjectStore {
    /// The folders in the root that no project claims, for a report: the writer's folders,
    /// never touched, which `add --folder` can adopt (after a lost list, say). Nil without a root
    /// or when the root is not there.
    public func unclaimedFolders(in catalog: ProjectCatalog) throws(ProjectStoreError) -> (root: FolderRoot, names: [String])? {
        guard let root = root(of: catalog), folders.entry(at: root.path) == .folder else { return nil }
        let names: [String]
        do { names = try folders.subfolders(of: root.path) } catch { throw .folderFailed(error) }
        return (root, catalog.unclaimed(names, in: root))
    }
}
