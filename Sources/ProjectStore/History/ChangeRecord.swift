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
        // Every change but a move keeps the projects' order: compare them pairwise from both ends,
        // and look closer only at the few in between (what was added, removed or moved), so that a
        // change to one project of 100,000 costs no index of them all.
        let old = before.projects, new = after.projects
        let shortest = min(old.count, new.count)
        var prefix = 0
        while prefix < shortest, old[prefix].id == new[prefix].id { prefix += 1 }
        var suffix = 0
        while suffix < shortest - prefix, old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id { suffix += 1 }
        var deltas: [ProjectDelta] = []
        for index in 0..<prefix { Self.compare(old[index], new[index], into: &deltas) }
        Self.compareMiddles(Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]), into: &deltas)
        for offset in (0..<suffix).reversed() { Self.compare(old[old.count - 1 - offset], new[new.count - 1 - offset], into: &deltas) }
        projects = deltas
    }

    public var isEmpty: Bool { projects.isEmpty && order == nil && root == nil }

    /// The ids of the projects the change touched, in the order recorded.
    public var projectIDs: [UUID] { projects.map(\.id) }

    private static func compare(_ before: Project, _ after: Project, into deltas: inout [ProjectDelta]) {
        if !sameIgnoringPosition(before, after) { deltas.append(ProjectDelta(before: before, after: after)) }
    }

    /// What differs between the stretches where the two orders part: one project moved (to the
    /// end of the stretch, or from it to its start), projects added, projects removed.
    private static func compareMiddles(_ old: [Project], _ new: [Project], into deltas: inout [ProjectDelta]) {
        if old.count == new.count, old.count >= 2 {
            if old[0].id == new[new.count - 1].id, zip(old.dropFirst(), new.dropLast()).allSatisfy({ $0.id == $1.id }) {
                deltas.append(ProjectDelta(before: old[0], after: new[new.count - 1]))
                for (before, after) in zip(old.dropFirst(), new.dropLast()) { compare(before, after, into: &deltas) }
                return
            }
            if new[0].id == old[old.count - 1].id, zip(old.dropLast(), new.dropFirst()).allSatisfy({ $0.id == $1.id }) {
                deltas.append(ProjectDelta(before: old[old.count - 1], after: new[0]))
                for (before, after) in zip(old.dropLast(), new.dropFirst()) { compare(before, after, into: &deltas) }
                return
            }
        }
        // Anything else (an import beside removals, a store edited by hand): by id.
        let newByID = Dictionary(uniqueKeysWithValues: new.map { ($0.id, $0) })
        let oldIDs = Set(old.map(\.id))
        for project in old {
            if let now = newByID[project.id] { compare(project, now, into: &deltas) } else { deltas.append(ProjectDelta(before: project, after: nil)) }
        }
        for project in new where !oldIDs.contains(project.id) {
            deltas.append(ProjectDelta(before: nil, after: project))
        }
    }

    /// Equal but for the position; text to the byte, as the store writes it. Field by field, bytes
    /// before anything costlier: run for every project of the store on every change.
    /// (`ChangeRecordTests` fails when `Project` gains a field this does not compare.)
    static func sameIgnoringPosition(_ lhs: Project, _ rhs: Project) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.created == rhs.created && lhs.target == rhs.target
            && lhs.due == rhs.due && sameBytes(lhs.name, rhs.name) && sameBytes(lhs.details, rhs.details)
            && lhs.folder?.isManaged == rhs.folder?.isManaged && sameBytes(lhs.folder?.recorded, rhs.folder?.recorded)
    }

    static let comparedFields: Set<String> = ["id", "name", "kind", "created", "details", "position", "folder", "target", "due"]

    /// The very same text most of the time (the project did not change): same storage, or bytes.
    private static func sameBytes(_ lhs: String?, _ rhs: String?) -> Bool {
        guard var lhs, var rhs else { return lhs == nil && rhs == nil }
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                left.count == right.count
                    && (left.count == 0 || left.baseAddress == right.baseAddress
                        || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
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
