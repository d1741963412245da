import Foundation

extension ProjectCatalog {
    public enum Direction: Sendable {
        /// Back to what the change found: undo.
        case backward
        /// Again to what the change left: redo.
        case forward
    }

    /// Applies a recorded change backward (undo) or forward (redo). Refuses, changing nothing, when
    /// the catalog is not exactly as the change left it (backward) or found it (forward): edited by
    /// hand, or the name a restored project needs taken meanwhile.
    public mutating func apply(_ record: ChangeRecord, _ direction: Direction) throws(HistoryObstacle) {
        func ends(_ delta: ProjectDelta) -> (expected: Project?, wanted: Project?) {
            direction == .backward ? (delta.after, delta.before) : (delta.before, delta.after)
        }
        for delta in record.projects {
            let current = index(of: delta.id).map { projects[$0] }
            let (expected, wanted) = ends(delta)
            guard let expected else {
                if let current { throw .projectPresent(current.name) }
                continue
            }
            guard let current, Self.identical(current, expected) else { throw .projectChanged((wanted ?? expected).name) }
        }
        if let order = record.order, defaultOrder != (direction == .backward ? order.after : order.before) { throw .orderChanged }
        if let root = record.root, savedRoot != (direction == .backward ? root.after : root.before) { throw .rootChanged }

        var draft = self
        try draft.applyChecked(record.projects.map(ends), direction: direction)
        if let order = record.order { draft.defaultOrder = direction == .backward ? order.before : order.after }
        if let root = record.root { draft.savedRoot = direction == .backward ? root.before : root.after }
        draft.changes = changes + 1
        self = draft
    }

    private mutating func applyChecked(_ ends: [(expected: Project?, wanted: Project?)], direction: Direction) throws(HistoryObstacle) {
        // Out first, so the names they free are free for what comes back.
        let leaving = Set(ends.filter { $0.wanted == nil }.compactMap { $0.expected?.id })
        projects.removeAll { leaving.contains($0.id) }
        for (expected, _) in ends where expected != nil && leaving.contains(expected!.id) {
            idsByName[ProjectName.matchKey(expected!.name)] = nil
        }
        renumber(from: 0)
        // Edits in place, then moves and arrivals at their recorded places, front to back.
        for (expected, wanted) in ends {
            guard let expected, let wanted, let index = index(of: expected.id) else { continue }
            idsByName[ProjectName.matchKey(expected.name)] = nil
            try claimName(wanted)
            projects[index] = wanted
        }
        renumber(from: 0)
        let placed = ends.compactMap { end -> Project? in
            guard let wanted = end.wanted, end.expected?.position != wanted.position || end.expected == nil else { return nil }
            return wanted
        }.sorted { $0.position < $1.position }
        for project in placed {
            if let index = index(of: project.id) { projects.remove(at: index) } else { try claimName(project) }
            projects.insert(project, at: min(max(project.position - 1, 0), projects.count))
        }
        renumber(from: 0)
    }

    private mutating func claimName(_ project: Project) throws(HistoryObstacle) {
        let key = ProjectName.matchKey(project.name)
        if let holder = idsByName[key], holder != project.id, let other = index(of: holder) {
            throw .nameTaken(project.name, by: projects[other].name)
        }
        idsByName[key] = project.id
    }

    /// Equal to the scalar, as the store writes them.
    private static func identical(_ lhs: Project, _ rhs: Project) -> Bool {
        lhs == rhs && lhs.name.unicodeScalars.elementsEqual(rhs.name.unicodeScalars)
            && lhs.details?.unicodeScalars.map(\.value) == rhs.details?.unicodeScalars.map(\.value)
    }
}

/// Why a change cannot be undone or redone now; nothing was changed.
public enum HistoryObstacle: Error, Sendable, Equatable {
    /// The project is no longer as the change left it (edited, moved or deleted since, by hand).
    case projectChanged(String)
    /// A project the change would bring back or remove is in the way.
    case projectPresent(String)
    case nameTaken(String, by: String)
    case orderChanged
    case rootChanged
    /// The folder is no longer where the change left it.
    case folderMoved(String)
    /// Something is already where a folder must go back.
    case folderInTheWay(String)
}
