import Foundation

/// One thing the writer did, naming its project by id and its field by name: a change is a list of
/// them. Each keeps the value it replaced, so it can be reversed here and, one day, checked against
/// another copy of the store before it is replayed there.
public enum ChangeOperation: Sendable, Equatable {
    /// A new project, with every field and its place in the writer's order.
    case create(Project)
    /// A project taken out, kept whole so that it can be brought back as it was.
    case remove(Project)
    /// One field of one project.
    case set(UUID, FieldChange)
    /// A project given a new place in the writer's order; only its own key changes. The positions
    /// are the 1-based ranks before and after, for the writer to read.
    case place(UUID, Placement)
    case setDefaultOrder(from: ProjectOrder, to: ProjectOrder)
    /// The root saved with `project root`; `nil` for none.
    case setRoot(from: String?, to: String?)
    /// A step taken on disk: a folder made, renamed, or moved to or from the trash.
    case disk(DiskStep)
    /// A market or a submission made, removed or changed.
    case submissions(SubmissionOperation)

    /// The operation that takes this one back.
    public var reversed: ChangeOperation {
        switch self {
        case .create(let project): .remove(project)
        case .remove(let project): .create(project)
        case .set(let id, let change): .set(id, change.reversed)
        case .place(let id, let placement): .place(id, placement.reversed)
        case .setDefaultOrder(let from, let to): .setDefaultOrder(from: to, to: from)
        case .setRoot(let from, let to): .setRoot(from: to, to: from)
        case .disk(let step): .disk(step)
        case .submissions(let operation): .submissions(operation.reversed)
        }
    }

    /// The project it is about, if any.
    public var projectID: UUID? {
        switch self {
        case .create(let project), .remove(let project): project.id
        case .set(let id, _), .place(let id, _): id
        case .disk(let step): step.project
        case .setDefaultOrder, .setRoot, .submissions: nil
        }
    }
}

/// A field of a project, before and after.
public enum FieldChange: Sendable, Equatable {
    case name(from: String, to: String)
    case details(from: String?, to: String?)
    case target(from: Int?, to: Int?)
    case due(from: CalendarDay?, to: CalendarDay?)
    case folder(from: ProjectFolder?, to: ProjectFolder?)

    public var reversed: FieldChange {
        switch self {
        case .name(let from, let to): .name(from: to, to: from)
        case .details(let from, let to): .details(from: to, to: from)
        case .target(let from, let to): .target(from: to, to: from)
        case .due(let from, let to): .due(from: to, to: from)
        case .folder(let from, let to): .folder(from: to, to: from)
        }
    }

    /// The field's name, as the history file writes it.
    public var field: String {
        switch self {
        case .name: "name"
        case .details: "details"
        case .target: "target"
        case .due: "due"
        case .folder: "folder"
        }
    }
}

/// Where a move took a project: its order key and its rank, before and after. The keys are `nil`
/// only in moves recorded before there were keys, which are shown and never applied.
public struct Placement: Sendable, Equatable {
    public let fromKey: OrderKey?
    public let toKey: OrderKey?
    public let fromPosition: Int
    public let toPosition: Int

    public init(fromKey: OrderKey?, toKey: OrderKey?, fromPosition: Int, toPosition: Int) {
        self.fromKey = fromKey
        self.toKey = toKey
        self.fromPosition = fromPosition
        self.toPosition = toPosition
    }

    public var reversed: Placement {
        Placement(fromKey: toKey, toKey: fromKey, fromPosition: toPosition, toPosition: fromPosition)
    }
}

/// A step a change took on disk, for the folder of `project`.
public enum DiskStep: Sendable, Equatable {
    /// A new project folder, and how it was filled, so a redo can make it again.
    case made(project: UUID, path: String, layout: FolderLayout)
    /// A folder renamed, or moved to or from the trash.
    case moved(project: UUID, from: String, to: String)
    /// A file of the project made to hold one of its versions again (`restore`).
    case restored(FileRestore)

    public var project: UUID {
        switch self {
        case .made(let project, _, _), .moved(let project, _, _): project
        case .restored(let restore): restore.project
        }
    }

    /// The folders the step made or moved, where they were and where they went; a restore moves none.
    var paths: [String] {
        switch self {
        case .made(_, let path, _): [path]
        case .moved(_, let source, let destination): [source, destination]
        case .restored: []
        }
    }
}

/// A restore, naming texts by the ids of the versions that hold them: both texts are kept, never
/// changed, so the history holds no text of its own. The file is named from the project's folder,
/// wherever that folder is when the restore is taken back.
public struct FileRestore: Sendable, Equatable {
    public let project: UUID
    public let file: String
    /// The version holding the text the file had before; `nil` when the file was gone and the
    /// restore brought it back.
    public let before: String?
    /// The version the file was made to hold.
    public let restored: String
    /// The restored version's number then, for the writer to read: numbers can shift, ids do not.
    public let number: Int

    public init(project: UUID, file: String, before: String?, restored: String, number: Int) {
        self.project = project
        self.file = file
        self.before = before
        self.restored = restored
        self.number = number
    }
}
