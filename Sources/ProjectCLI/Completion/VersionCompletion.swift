import ProjectStore
import ProjectStoreFile

/// What completes a file of a project and a version of a file: read from the project's folder when
/// TAB is pressed, never written, and nothing at all when the store, the project, its folder or its
/// versions cannot be read.
struct VersionCompletion {
    let folder: DiskVersionFolder

    /// The folder of the project named on the line, found as the commands find it; `nil` for a
    /// project unknown or without a folder.
    init?(project: String, store: String?, environment: [String: String]) {
        guard let path = StoreLocation.path(explicit: store, environment: environment),
              let catalog = try? FileStorage(path: path).load(),
              let folder = (try? catalog.project(.named(project)))?.folder else { return nil }
        let root = FolderLocation.places(environment: environment).root(savedRoot: catalog.savedRoot)
        self.folder = DiskVersionFolder(project: folder.path(in: root))
    }

    /// The project's text files a word of which starts with `typed`, as `files` names them, sorted;
    /// `withGone`, the files no longer there that have versions too.
    func files(matching typed: String, withGone: Bool) -> [String] {
        var files = Set((try? folder.textFiles()) ?? [])
        if withGone { files.formUnion(((try? folder.records()) ?? []).lazy.map(\.file)) }
        let typed = TypedName(typed)
        return files.sorted().filter(typed.startsAWord)
    }

    /// The numbers of the file's versions that start with `typed`, newest first, each with its date
    /// and note.
    func versions(of typedFile: String, matching typed: String) -> [NumberedVersion] {
        guard let file = try? VersionFile.relative(typedFile, in: folder.project),
              let records = try? folder.records() else { return [] }
        return VersionList(records).versions(of: file).reversed().filter { String($0.number).hasPrefix(typed) }
    }
}
