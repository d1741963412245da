import Foundation

extension ProjectStore {
    /// The root in use with this catalog: `PROJECT_ROOT`, the saved root, or `~/Writing`.
    public func root(of catalog: ProjectCatalog) -> FolderRoot? {
        places.root(savedRoot: catalog.savedRoot)
    }

    public func folderState(of project: Project, in catalog: ProjectCatalog) -> FolderState {
        guard let folder = project.folder else { return .none }
        let path = folder.path(in: root(of: catalog))
        return folders.entry(at: path) == .folder ? .present(path) : .missing(path)
    }

    /// The folder of a project that has one on disk; refuses one without, or whose folder is gone.
    public func existingFolder(of reference: ProjectReference) throws(ProjectStoreError) -> (Project, String) {
        try existingFolder(of: reference, in: catalog())
    }

    public func existingFolder(of reference: ProjectReference, in catalog: ProjectCatalog) throws(ProjectStoreError) -> (Project, String) {
        let project = try catalog.project(reference)
        switch folderState(of: project, in: catalog) {
        case .none: throw .noFolder(project)
        case .missing(let path): throw .folderMissing(project, path: path)
        case .present(let path):
            // Folders are recorded as real paths, links resolved: a link found there later was put in
            // the folder's place (a shared root brings links too), and what the project's commands read
            // and write is never taken through it.
            guard !folders.isLink(path) else { throw .folderRefused(path: path, .link) }
            return (project, path)
        }
    }

    /// The built-in folders of a kind, or the writer's template for it when there is one.
    public func layout(for kind: ProjectKind, folderNames: (KindFolder) -> String) -> FolderLayout {
        if let template = places.template(for: kind), folders.entry(at: template) == .folder {
            return .template(template)
        }
        return .folders(kind.folders.map { FolderName.safe(folderNames($0)) })
    }

    public func add(
        name: String, kind: ProjectKind, details: String?, target: Int? = nil, due: CalendarDay? = nil,
        folder request: FolderRequest
    ) throws(ProjectStoreError) -> (project: Project, folder: FolderOutcome?) {
        let id = newID()
        let created = clock()
        return try change { catalog throws(ProjectStoreError) in
            try catalog.add(name: name, kind: kind, details: details, id: id, created: created)
            try catalog.apply(ProjectEdit(target: .set(target), due: .set(due)), to: .id(id))
            let outcome: FolderOutcome?
            switch request {
            case .none: outcome = nil
            case .attach(let path): outcome = try attach(path, to: id, in: &catalog)
            case .make(let layout): outcome = try makeFolder(for: id, layout: layout, in: &catalog)
            }
            return (try catalog.project(.id(id)), outcome)
        }
    }

    /// `edit --new-folder`: a folder in the root, as `add` makes, for a project that has none.
    public func makeFolder(
        for reference: ProjectReference, layout: (ProjectKind) -> FolderLayout
    ) throws(ProjectStoreError) -> (project: Project, folder: FolderOutcome) {
        try change { catalog throws(ProjectStoreError) in
            let project = try catalog.project(reference)
            if let folder = project.folder {
                throw .alreadyHasFolder(project, path: folder.path(in: root(of: catalog)))
            }
            let outcome = try makeFolder(for: project.id, layout: layout(project.kind), in: &catalog)
            return (try catalog.project(.id(project.id)), outcome)
        }
    }

    /// `edit --folder`: an existing folder becomes the project's; the disk is not touched.
    public func attachFolder(
        _ path: String, to reference: ProjectReference
    ) throws(ProjectStoreError) -> (project: Project, folder: FolderOutcome, previous: String?) {
        try change { catalog throws(ProjectStoreError) in
            let project = try catalog.project(reference)
            let previous = project.folder?.path(in: root(of: catalog))
            let outcome = try attach(path, to: project.id, in: &catalog)
            return (try catalog.project(.id(project.id)), outcome, previous == path ? nil : previous)
        }
    }

    /// `edit --no-folder`: the project keeps no folder; the folder stays on disk.
    public func detachFolder(of reference: ProjectReference) throws(ProjectStoreError) -> (project: Project, folder: FolderOutcome?) {
        try change { catalog throws(ProjectStoreError) in
            let project = try catalog.project(reference)
            let previous = project.folder?.path(in: root(of: catalog))
            return (try catalog.setFolder(of: project.id, to: nil), previous.map { .detached(path: $0) })
        }
    }

    /// Renames the project, and its folder when the tool made it inside the root.
    public func rename(
        _ reference: ProjectReference, to name: String
    ) throws(ProjectStoreError) -> (oldName: String, project: Project, folder: FolderOutcome?) {
        try change { catalog throws(ProjectStoreError) in
            let before = try catalog.project(reference)
            let renamed = try catalog.rename(reference, to: name)
            guard let folder = before.folder else { return (before.name, renamed, nil) }
            let root = root(of: catalog)
            let current = folder.path(in: root)
            guard folders.entry(at: current) == .folder else { return (before.name, renamed, .notFound(path: current)) }
            guard let root, folder.movablePath(in: root) != nil else { return (before.name, renamed, .kept(path: current)) }
            let parent = FolderPath.parent(of: current)
            for candidate in FolderName.candidates(for: FolderName.safe(renamed.name)) {
                let destination = FolderPath.join(parent, candidate)
                if destination == current { return (before.name, renamed, nil) }
                guard isFree(destination, in: catalog, root: root) else { continue }
                let recorded = root.record(destination, managed: true)
                let intent = FolderIntent(step: .move(from: current, to: destination), project: before.id, committedFolder: recorded)
                do throws(ProjectStoreError) {
                    try perform(intent, recording: .moved(project: before.id, from: current, to: destination))
                } catch ProjectStoreError.folderFailed(let failure) where failure.isTaken {
                    continue  // taken this very moment
                }
                return (before.name, try catalog.setFolder(of: before.id, to: recorded), .renamed(from: current, to: destination))
            }
            fatalError("unreachable: the candidates never end")
        }
    }

    /// What deleting would do with the project's folder, for the confirmation: `to` is the trash.
    public func deletion(of reference: ProjectReference, keepFolder: Bool) throws(ProjectStoreError) -> (project: Project, folder: FolderOutcome?) {
        let catalog = try catalog()
        let project = try catalog.project(reference)
        return (project, fate(of: project, keepFolder: keepFolder, in: catalog))
    }

    /// Deletes the project; a folder the tool made in the root goes to the trash beside it, never further.
    public func delete(
        _ reference: ProjectReference, keepFolder: Bool = false
    ) throws(ProjectStoreError) -> (project: Project, folder: FolderOutcome?) {
        try change { catalog throws(ProjectStoreError) in
            let project = try catalog.delete(reference)
            let fate = fate(of: project, keepFolder: keepFolder, in: catalog)
            guard case .trashed(let path, _, let files) = fate else { return (project, fate) }
            let (destination, made): (String, [String])
            do throws(FolderSystemError) {
                (destination, made) = try FolderTrash.freePlace(for: path, on: folders)
            } catch {
                throw .folderFailed(error)
            }
            try perform(
                FolderIntent(step: .move(from: path, to: destination), leaving: nil, of: project.id, madeParents: made),
                recording: .moved(project: project.id, from: path, to: destination))
            return (project, .trashed(from: path, to: destination, files: files))
        }
    }

    /// `project root <path>`: saves the root; moves nothing.
    public func saveRoot(_ path: String) throws(ProjectStoreError) -> (old: FolderRoot?, new: FolderRoot) {
        try change { catalog throws(ProjectStoreError) in
            guard folders.entry(at: path) != .other else { throw .rootNotAFolder(path: path) }
            let old = root(of: catalog)
            let new = places.root(savedRoot: path)!
            catalog.setRoot(path, oldRoot: old, newRoot: new) { folders.entry(at: $0) == .folder }
            return (old, new)
        }
    }

    // MARK: The disk steps

    private func fate(of project: Project, keepFolder: Bool, in catalog: ProjectCatalog) -> FolderOutcome? {
        switch folderState(of: project, in: catalog) {
        case .none: return nil
        case .missing(let path): return .notFound(path: path)
        case .present(let path):
            guard project.folder!.movablePath(in: root(of: catalog)) != nil, !keepFolder else { return .kept(path: path) }
            return .trashed(from: path, to: FolderRoot.trash(besides: path), files: folders.fileCount(in: path))
        }
    }

    private func attach(_ path: String, to id: UUID, in catalog: inout ProjectCatalog) throws(ProjectStoreError) -> FolderOutcome {
        switch folders.entry(at: path) {
        case .missing: throw .folderRefused(path: path, .missing)
        case .other: throw .folderRefused(path: path, .notAFolder)
        case .folder: break
        }
        let root = root(of: catalog)
        try catalog.checkFolderIsFree(path, for: id, root: root)
        let folder = root?.record(path, managed: false) ?? ProjectFolder(recorded: path, isManaged: false)
        try catalog.setFolder(of: id, to: folder)
        return .attached(path: path)
    }

    private func makeFolder(for id: UUID, layout: FolderLayout, in catalog: inout ProjectCatalog) throws(ProjectStoreError) -> FolderOutcome {
        guard let root = root(of: catalog) else { throw .noRoot }
        guard folders.entry(at: root.path) != .other else { throw .rootNotAFolder(path: root.path) }
        let name = try catalog.project(.id(id)).name
        let made: [String]
        do throws(FolderSystemError) {
            made = try folders.makeFolders(root.path)
        } catch {
            throw .folderFailed(error)
        }
        let wanted = FolderName.safe(name)
        for candidate in FolderName.candidates(for: wanted) {
            let path = FolderPath.join(root.path, candidate)
            guard isFree(path, in: catalog, root: root) else { continue }
            let recorded = root.record(path, managed: true)
            do throws(ProjectStoreError) {
                try perform(
                    FolderIntent(step: .make(path), project: id, committedFolder: recorded, madeParents: made),
                    recording: .made(project: id, path: path, layout: layout)
                ) { () throws(FolderSystemError) in try fill(path, with: layout) }
            } catch ProjectStoreError.folderFailed(let failure) where failure.isTaken && failure.path == path {
                continue  // made by someone else this very moment
            }
            try catalog.setFolder(of: id, to: recorded)
            return .made(path: path, wantedName: wanted)
        }
        fatalError("unreachable: the candidates never end")
    }

    private func isFree(_ path: String, in catalog: ProjectCatalog, root: FolderRoot) -> Bool {
        folders.entry(at: path) == .missing && !catalog.isRecordedFolder(path, root: root)
    }

    func fill(_ folder: String, with layout: FolderLayout) throws(FolderSystemError) {
        switch layout {
        case .folders(let names):
            for name in names { try folders.makeFolder(FolderPath.join(folder, name)) }
        case .template(let template):
            try folders.copyContents(of: template, into: folder)
        }
    }

    /// Records the intent, takes the step, then `finish`es it (filling a new folder). A step the
    /// disk refuses changed nothing; a failure after it is undone at once, and so are the folders
    /// made to hold it. `recording` is the step as the history keeps it.
    func perform(
        _ intent: FolderIntent, recording: DiskStep, finish: () throws(FolderSystemError) -> Void = {}
    ) throws(ProjectStoreError) {
        do {
            try storage.recordIntent(intent)
        } catch {
            folders.removeEmptyFolders(intent.madeParents)
            throw error  // the store's folder, not the project's, is what refused
        }
        do throws(FolderSystemError) {
            switch intent.step {
            case .make(let path): try folders.makeFolder(path)
            case .move(let source, let destination): try folders.move(source, to: destination)
            }
        } catch {
            storage.clearIntent()
            folders.removeEmptyFolders(intent.madeParents)
            throw .folderFailed(error)
        }
        do throws(FolderSystemError) {
            try finish()
        } catch {
            // Undone now if possible; otherwise the intent stays for the next command to finish.
            if (try? intent.undo(on: folders)) != nil { storage.clearIntent() }
            throw .folderFailed(error)
        }
        folders.sync(FolderPath.parent(of: intent.step.changedPath))
        diskLog.append(recording)
    }

    func finishInterruptedChange(in catalog: ProjectCatalog) throws(ProjectStoreError) {
        guard let intent = try storage.intent() else { return }
        if !intent.isCommitted(in: catalog) {
            do { try intent.undo(on: folders) } catch { throw .interruptedChange(error) }
        }
        storage.clearIntent()
    }
}
