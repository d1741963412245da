import Foundation

extension ProjectCatalog {
    /// Applies recorded operations, in order, each only if the catalog is as the operation found
    /// it: a redo applies a change's operations, an undo their reversals, last first. Refuses at the
    /// first that does not fit (a project edited, moved or deleted since, a name taken meanwhile);
    /// the caller's storage then keeps nothing of what was applied before it.
    public mutating func apply(_ operations: [ChangeOperation]) throws(HistoryObstacle) {
        // One by one for the few operations most changes have; an import, its undo or a new root
        // may have one per project, taken a run of alike operations at a time.
        guard operations.count > 8 else {
            for operation in operations { try apply(operation) }
            return
        }
        var start = 0
        while start < operations.count {
            var end = start + 1
            while end < operations.count, Self.sameRun(operations[start], operations[end]) { end += 1 }
            let run = operations[start..<end]
            switch operations[start] {
            case .create: try createAll(run.compactMap { if case .create(let project) = $0 { project } else { nil } })
            case .remove: try removeAll(run.compactMap { if case .remove(let project) = $0 { project } else { nil } })
            case .set: try setAll(run.compactMap { if case .set(let id, let change) = $0 { (id, change) } else { nil } })
            default: for operation in run { try apply(operation) }
            }
            start = end
        }
    }

    private static func sameRun(_ lhs: ChangeOperation, _ rhs: ChangeOperation) -> Bool {
        switch (lhs, rhs) {
        case (.create, .create), (.remove, .remove), (.set, .set): true
        default: false
        }
    }

    private mutating func createAll(_ arriving: [Project]) throws(HistoryObstacle) {
        let present = Set(projects.map(\.id))
        var keyed: [Project] = []
        keyed.reserveCapacity(arriving.count)
        var last = projects.last?.orderKey
        for project in arriving {
            if present.contains(project.id) { throw .projectPresent(project.name) }
            try claimName(project.name, for: project.id)
            var project = project
            if project.orderKey == nil {
                project.orderKey = OrderKey.between(last, nil)
                last = project.orderKey
            }
            keyed.append(project)
            record(.create(project))
        }
        projects = (projects + keyed).sorted(by: Self.precedes)
        renumber(from: 0)
    }

    private mutating func removeAll(_ leaving: [Project]) throws(HistoryObstacle) {
        let indexByID = Dictionary(uniqueKeysWithValues: projects.enumerated().map { ($1.id, $0) })
        var gone = Set<UUID>(minimumCapacity: leaving.count)
        for project in leaving {
            guard let index = indexByID[project.id], Self.identical(projects[index], project), gone.insert(project.id).inserted else {
                throw .projectChanged(project.name)
            }
            idsByName[ProjectName.matchKey(project.name)] = nil
            record(.remove(project))
        }
        projects.removeAll { gone.contains($0.id) }
        renumber(from: 0)
    }

    private mutating func setAll(_ changes: [(UUID, FieldChange)]) throws(HistoryObstacle) {
        let indexByID = Dictionary(uniqueKeysWithValues: projects.enumerated().map { ($1.id, $0) })
        for (id, change) in changes {
            guard let index = indexByID[id] else { throw .projectChanged(Self.name(in: change) ?? id.lowercasedString) }
            try set(change, at: index)
            record(.set(id, change))
        }
    }

    mutating func apply(_ operation: ChangeOperation) throws(HistoryObstacle) {
        switch operation {
        case .create(let project):
            if let present = index(of: project.id) { throw .projectPresent(projects[present].name) }
            try claimName(project.name, for: project.id)
            var arriving = project
            if arriving.orderKey == nil { arriving.orderKey = OrderKey.between(projects.last?.orderKey, nil) }
            _ = insertByKey(arriving)
            record(operation)
        case .remove(let project):
            guard let index = index(of: project.id), Self.identical(projects[index], project) else {
                throw .projectChanged(project.name)
            }
            idsByName[ProjectName.matchKey(project.name)] = nil
            projects.remove(at: index)
            renumber(from: index)
            record(operation)
        case .set(let id, let change):
            guard let index = index(of: id) else { throw .projectChanged(Self.name(in: change) ?? id.lowercasedString) }
            try set(change, at: index)
            record(operation)
        case .place(let id, let placement):
            guard let fromKey = placement.fromKey, let toKey = placement.toKey else { throw .recordedBeforeUpgrade }
            guard let index = index(of: id), projects[index].orderKey == fromKey else {
                throw .projectChanged(index(of: id).map { projects[$0].name } ?? id.lowercasedString)
            }
            var project = projects.remove(at: index)
            renumber(from: index)
            project.orderKey = toKey
            _ = insertByKey(project)
            record(operation)
        case .setDefaultOrder(let from, let to):
            guard defaultOrder == from else { throw .orderChanged }
            defaultOrder = to
        case .setRoot(let from, let to):
            guard savedRoot == from else { throw .rootChanged }
            savedRoot = to
            record(operation)
        case .disk:
            break  // taken by the store, through an intent
        case .submissions(let change):
            try apply(change)
            record(operation)
        }
    }

    private mutating func set(_ change: FieldChange, at index: Int) throws(HistoryObstacle) {
        let project = projects[index]
        func changed() -> HistoryObstacle { .projectChanged(project.name) }
        switch change {
        case .name(let from, let to):
            // Named by the name it would have had: the one the writer knows it by in the history.
            guard project.name.unicodeScalars.elementsEqual(from.unicodeScalars) else { throw .projectChanged(to) }
            idsByName[ProjectName.matchKey(from)] = nil
            do throws(HistoryObstacle) {
                try claimName(to, for: project.id)
            } catch {
                idsByName[ProjectName.matchKey(from)] = project.id
                throw error
            }
            projects[index].name = to
        case .details(let from, let to):
            guard Self.sameText(project.details, from) else { throw changed() }
            projects[index].details = to
        case .target(let from, let to):
            guard project.target == from else { throw changed() }
            projects[index].target = to
        case .due(let from, let to):
            guard project.due == from else { throw changed() }
            projects[index].due = to
        case .folder(let from, let to):
            guard project.folder == from else { throw changed() }
            projects[index].folder = to
        }
    }

    private static func name(in change: FieldChange) -> String? {
        if case .name(let from, _) = change { return from }
        return nil
    }

    private mutating func claimName(_ name: String, for id: UUID) throws(HistoryObstacle) {
        let key = ProjectName.matchKey(name)
        if let holder = idsByName[key], holder != id, let other = index(of: holder) {
            throw .nameTaken(name, by: projects[other].name)
        }
        idsByName[key] = id
    }

    /// Equal to the scalar, as the store writes them; the position is where it is now.
    private static func identical(_ lhs: Project, _ rhs: Project) -> Bool {
        var rhs = rhs
        rhs.position = lhs.position
        return lhs == rhs && lhs.orderKey == rhs.orderKey && sameText(lhs.name, rhs.name) && sameText(lhs.details, rhs.details)
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
    /// The file a restore wrote holds other text now: what the writer typed since.
    case fileChanged(String)
    /// The change was recorded before changes were operations; it is shown, never undone.
    case recordedBeforeUpgrade
    /// A market or submission (named by the market's name) is no longer as the change left it.
    case submissionChanged(String)
    /// Another machine sharing the root has changed the project (or the market, by its name) since,
    /// after seeing the change.
    case changedElsewhere(String, machine: String, what: ChangeElsewhere)
}

/// What another machine did that stands in an undo's way.
public enum ChangeElsewhere: Sendable, Equatable {
    /// Set a field, named as the history names it (`details`, `name`…), or `place` for a move.
    case field(String)
    case deleted
    case added
    /// Set a field of the market.
    case marketEdited(MarketField)
    case marketDeleted
    /// Added a market of that id or name.
    case marketAdded
    /// Recorded a submission (of the project named) to the market, or brought one back.
    case submitted(project: String)
    /// Recorded an answer from the market for a piece (its file).
    case responded(piece: String, PieceStatus)
}
