import Foundation

/// The one disk step of a change that pairs the disk with the store, recorded durably before the
/// disk is touched and cleared once the store holds the change. A command that finds one left by a
/// crash finishes the change if the store already holds it, or else undoes the step: either way the
/// store and the disk agree again, and nothing of the writer's is lost.
public struct FolderIntent: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// A new project folder (with its kind's folders or a template's content).
        case make(String)
        /// A rename of a project folder, or its move to the trash.
        case move(from: String, to: String)
    }

    public let step: Step
    public let project: UUID
    /// The project's folder once the change is in the store, when the project is still there.
    public let committedFolder: ProjectFolder?
    /// Whether the change takes the project out of the store (a delete, an add undone).
    public let removesProject: Bool
    /// Folders the change made to hold the step's folder (the root, the trash): taken back with it.
    public let madeParents: [String]

    public init(step: Step, project: UUID, committedFolder: ProjectFolder?, removesProject: Bool = false, madeParents: [String] = []) {
        self.step = step
        self.project = project
        self.committedFolder = committedFolder
        self.removesProject = removesProject
        self.madeParents = madeParents
    }

    /// An intent for a step that leaves the project as `committed` (`nil`: gone).
    public init(step: Step, leaving committed: Project?, of project: UUID, madeParents: [String] = []) {
        self.init(step: step, project: project, committedFolder: committed?.folder, removesProject: committed == nil, madeParents: madeParents)
    }

    /// Whether the store already holds the change this step belongs to.
    public func isCommitted(in catalog: ProjectCatalog) -> Bool {
        let project = catalog.projects.first { $0.id == self.project }
        guard !removesProject else { return project == nil }
        return project != nil && project?.folder == committedFolder
    }

    /// Puts the disk back as it was before the step, moving to the trash what cannot simply be
    /// taken back; never deletes anything but empty folders the step made.
    func undo(on folders: any FolderSystem) throws(FolderSystemError) {
        defer { folders.removeEmptyFolders(madeParents) }
        switch step {
        case .make(let path):
            guard folders.entry(at: path) == .folder, !folders.removeIfOnlyEmptyFolders(path) else { return }
            try folders.move(path, to: try FolderTrash.freePlace(for: path, on: folders).0)
        case .move(let source, let destination):
            guard folders.entry(at: source) == .missing, folders.entry(at: destination) != .missing else { return }
            try folders.move(destination, to: source)
        }
        folders.sync(FolderPath.parent(of: step.changedPath))
    }
}

extension FolderIntent.Step {
    var changedPath: String {
        switch self {
        case .make(let path): path
        case .move(_, let destination): destination
        }
    }
}

/// The `.trash` folder beside a project folder, where the tool puts what it takes away.
public enum FolderTrash {
    /// A free place in the trash beside `folder`, under the folder's own name or the next free
    /// `name (2)`…, and the trash itself if it had to be made.
    public static func freePlace(for folder: String, on folders: any FolderSystem) throws(FolderSystemError) -> (String, made: [String]) {
        let trash = FolderRoot.trash(besides: folder)
        let made = try folders.makeFolders(trash)
        let place = FolderName.candidates(for: FolderPath.lastComponent(of: folder))
            .lazy.map { FolderPath.join(trash, $0) }
            .first { folders.entry(at: $0) == .missing }!
        return (place, made)
    }
}
