import Foundation

extension ProjectCatalog {
    /// Records or forgets a project's folder; nothing on disk changes.
    @discardableResult
    public mutating func setFolder(of id: UUID, to folder: ProjectFolder?) throws(ProjectStoreError) -> Project {
        let index = try project(.id(id)).position - 1
        if projects[index].folder != folder {
            record(.set(id, .folder(from: projects[index].folder, to: folder)))
            projects[index].folder = folder
        }
        return projects[index]
    }

    /// Refuses a folder that another project (not `id`) already has, holds or lies inside, the root
    /// (or a folder holding it), and the trash: two projects never share a file.
    public func checkFolderIsFree(_ path: String, for id: UUID?, root: FolderRoot?) throws(ProjectStoreError) {
        if let root, FolderPath.isSameOrInside(root.path, path) { throw .folderRefused(path: path, .holdsRoot) }
        if path.split(separator: "/").contains(Substring(FolderRoot.trashName)) { throw .folderRefused(path: path, .trash) }
        for other in projects where other.id != id {
            guard let folder = other.folder?.path(in: root) else { continue }
            if folder == path { throw .folderRefused(path: path, .projectFolder(of: other)) }
            if FolderPath.isSameOrInside(path, folder) { throw .folderRefused(path: path, .insideProjectFolder(of: other)) }
            if FolderPath.isSameOrInside(folder, path) { throw .folderRefused(path: path, .holdsProjectFolder(of: other)) }
        }
    }

    /// Whether some project's recorded folder is `path`, even if it is missing on disk: a new folder
    /// must not take the place of a folder the writer moved away for a while.
    func isRecordedFolder(_ path: String, root: FolderRoot?) -> Bool {
        // Compared as recorded, without making every project's absolute path.
        let relative = root.flatMap { FolderPath.relative(path, to: $0.path) }
        return projects.contains { project in
            guard let recorded = project.folder?.recorded else { return false }
            return recorded == path || recorded == relative
        }
    }

    /// Saves a new root. Moves nothing: each folder recorded relative to the old root stays the
    /// same folder, recorded by its absolute path while it is still under the old root, or still
    /// relative when the writer moved the whole root by hand and it is found under the new one.
    /// `newRoot` is the root in use afterwards: `PROJECT_ROOT` may keep it as it was.
    public mutating func setRoot(
        _ path: String, oldRoot: FolderRoot?, newRoot: FolderRoot, isFolder: (String) -> Bool
    ) {
        for index in projects.indices {
            guard let folder = projects[index].folder else { continue }
            var absolute = folder.path(in: oldRoot)
            if !folder.recorded.hasPrefix("/"), !isFolder(absolute), isFolder(folder.path(in: newRoot)) {
                absolute = folder.path(in: newRoot)
            }
            let rebased = newRoot.record(absolute, managed: folder.isManaged)
            if rebased != folder {
                record(.set(projects[index].id, .folder(from: folder, to: rebased)))
                projects[index].folder = rebased
            }
        }
        if savedRoot != path {
            record(.setRoot(from: savedRoot, to: path))
            savedRoot = path
        }
    }
}
