import Foundation

/// What one change did and what it replaced, naming projects by id: enough to reverse it here, and
/// to replay it on another copy of the store. Computed from the catalog before and after the change,
/// so every command is recorded the same way, whatever it changed.
public struct ChangeRecord: Sendable, Equatable {
    /// Each project the change added, removed, edited or moved, as it was and as it became
    /// (`nil`: not there). Projects only shifted by another's move, add or removal are not listed.
    public var projects: [ProjectDelta]
    public var order: ValueChange<ProjectOrder>?
    public var root: ValueChange<String?>?
    /// What the change did on disk, in order.
    public var disk: [DiskStep]

    public init(projects: [ProjectDelta], order: ValueChange<ProjectOrder>?, root: ValueChange<String?>?, disk: [DiskStep]) {
        self.projects = projects
        self.order = order
        self.root = root
        self.disk = disk
    }

    public init(before: ProjectCatalog, after: ProjectCatalog, disk: [DiskStep]) {
        order = before.defaultOrder == after.defaultOrder ? nil : ValueChange(before: before.defaultOrder, after: after.defaultOrder)
        root = before.savedRoot == after.savedRoot ? nil : ValueChange(before: before.savedRoot, after: after.savedRoot)
        self.disk = disk
        // Most changes edit projects in place: compare them pairwise, without building indexes.
        if before.projects.count == after.projects.count,
           before.projects.indices.allSatisfy({ before.projects[$0].id == after.projects[$0].id }) {
            projects = zip(before.projects, after.projects).compactMap { old, new in
                Self.sameIgnoringPosition(old, new) ? nil : ProjectDelta(before: old, after: new)
            }
            return
        }
        let old = Dictionary(uniqueKeysWithValues: before.projects.map { ($0.id, $0) })
        let new = Dictionary(uniqueKeysWithValues: after.projects.map { ($0.id, $0) })
        let moved = Self.movedProject(before.projects, after.projects, old: old, new: new)
        var projects: [ProjectDelta] = []
        for project in before.projects {
            let now = new[project.id]
            if now == nil || project.id == moved || !Self.sameIgnoringPosition(project, now!) {
                projects.append(ProjectDelta(before: project, after: now))
            }
        }
        for project in after.projects where old[project.id] == nil {
            projects.append(ProjectDelta(before: nil, after: project))
        }
        self.projects = projects
    }

    public var isEmpty: Bool { projects.isEmpty && order == nil && root == nil }

    /// The ids of the projects the change touched, in the order recorded.
    public var projectIDs: [UUID] { projects.map(\.id) }

    /// The one project whose place in the writer's order changed by more than the shift that adds
    /// and removals cause: a `move`. Others keep their order relative to one another.
    private static func movedProject(
        _ before: [Project], _ after: [Project], old: [UUID: Project], new: [UUID: Project]
    ) -> UUID? {
        let kept = before.filter { new[$0.id] != nil }.map(\.id)
        let still = after.filter { old[$0.id] != nil }.map(\.id)
        guard kept != still else { return nil }
        // A move takes one id out and puts it elsewhere: the first difference is either it or the
        // one it jumped over.
        let first = kept.indices.first { kept[$0] != still[$0] }!
        for candidate in [kept[first], still[first]] where kept.filter({ $0 != candidate }) == still.filter({ $0 != candidate }) {
            return candidate
        }
        return nil
    }

    private static func sameIgnoringPosition(_ lhs: Project, _ rhs: Project) -> Bool {
        var rhs = rhs
        rhs.position = lhs.position
        return lhs == rhs && lhs.name.unicodeScalars.elementsEqual(rhs.name.unicodeScalars)
            && Self.sameScalars(lhs.details, rhs.details)
    }

    private static func sameScalars(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
        default: false
        }
    }
}

/// One project before and after a change.
public struct ProjectDelta: Sendable, Equatable {
    public let before: Project?
    public let after: Project?

    public init(before: Project?, after: Project?) {
        precondition(before != nil || after != nil)
        self.before = before
        self.after = after
    }

    public var id: UUID { (before ?? after)!.id }
}

public struct ValueChange<Value: Sendable & Equatable>: Sendable, Equatable {
    public let before: Value
    public let after: Value

    public init(before: Value, after: Value) {
        self.before = before
        self.after = after
    }
}

/// A step a change took on disk, for the folder of `project`.
public enum DiskStep: Sendable, Equatable {
    /// A new project folder, and how it was filled, so a redo can make it again.
    case made(project: UUID, path: String, layout: FolderLayout)
    /// A folder renamed, or moved to or from the trash.
    case moved(project: UUID, from: String, to: String)
}
