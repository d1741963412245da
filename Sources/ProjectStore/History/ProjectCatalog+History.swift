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
        // An index for many lookups (an import undone touches every project it added); a plain
        // search for the one project most changes touch.
        let lookup = ProjectLookup(projects, manyLookups: record.projects.count > 8)
        for delta in record.projects {
            let current = lookup.index(of: delta.id).map { projects[$0] }
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
        try draft.applyChecked(record.projects.map(ends))
        if let order = record.order { draft.defaultOrder = direction == .backward ? order.before : order.after }
        if let root = record.root { draft.savedRoot = direction == .backward ? root.before : root.after }
        draft.changes = changes + 1
        self = draft
    }

    /// The projects as `ends` wants them, in one pass: those leaving taken out (their names freed
    /// first, for what comes back), edits made in place, then moves and arrivals merged in at their
    /// recorded places.
    private mutating func applyChecked(_ ends: [(expected: Project?, wanted: Project?)]) throws(HistoryObstacle) {
        let leaving = Set(ends.filter { $0.wanted == nil }.compactMap { $0.expected?.id })
        for case (let expected?, nil) in ends { idsByName[ProjectName.matchKey(expected.name)] = nil }
        var kept = leaving.isEmpty ? projects : projects.filter { !leaving.contains($0.id) }
        let keptLookup = ProjectLookup(kept, manyLookups: ends.count > 8)
        for case (let expected?, let wanted?) in ends {
            idsByName[ProjectName.matchKey(expected.name)] = nil
            try claimName(wanted)
            kept[keptLookup.index(of: expected.id)!] = wanted
        }
        let placed = ends.compactMap { end -> Project? in
            guard let wanted = end.wanted, end.expected?.position != wanted.position else { return nil }
            return wanted
        }.sorted { $0.position < $1.position }
        for case (nil, let arriving?) in ends { try claimName(arriving) }
        guard !placed.isEmpty else {
            projects = kept
            renumber(from: 0)
            return
        }
        let placedIDs = Set(placed.map(\.id))
        let rest = kept.filter { !placedIDs.contains($0.id) }
        var merged: [Project] = []
        merged.reserveCapacity(rest.count + placed.count)
        var (nextRest, nextPlaced) = (0, 0)
        while nextRest < rest.count || nextPlaced < placed.count {
            let placeIsDue = nextPlaced < placed.count && (placed[nextPlaced].position - 1 <= merged.count || nextRest == rest.count)
            if placeIsDue {
                merged.append(placed[nextPlaced])
                nextPlaced += 1
            } else {
                merged.append(rest[nextRest])
                nextRest += 1
            }
        }
        projects = merged
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

/// Where a project is in a list: through an index built once when many are looked up, else by a
/// plain search, cheaper for one or two.
private struct ProjectLookup {
    private let projects: [Project]
    private let indexByID: [UUID: Int]?

    init(_ projects: [Project], manyLookups: Bool) {
        self.projects = projects
        indexByID = manyLookups ? Dictionary(uniqueKeysWithValues: projects.enumerated().map { ($1.id, $0) }) : nil
    }

    func index(of id: UUID) -> Int? {
        indexByID.map { $0[id] } ?? projects.firstIndex { $0.id == id }
    }
}
