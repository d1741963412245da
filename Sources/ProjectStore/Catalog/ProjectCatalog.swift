import Foundation

/// All of a writer's projects and their saved default order: the pure core every command works on.
/// `projects` is the writer's own order, and each project's `position` is its place in it.
public struct ProjectCatalog: Sendable, Equatable {
    public internal(set) var projects: [Project]
    public var defaultOrder: ProjectOrder {
        didSet {
            guard defaultOrder != oldValue else { return }
            ownOrderNoted = false
            record(.setDefaultOrder(from: oldValue, to: defaultOrder))
        }
    }
    /// Whether the writer has been told, after a move, that lists follow the default order rather
    /// than their own, which the move changed: the store's alone, false again whenever the default
    /// order changes.
    public var ownOrderNoted = false
    /// The root saved with `project root <path>`: absolute, or `nil` for none.
    public internal(set) var savedRoot: String?
    /// How many times the store was written, counting from the first revision a history saw; the
    /// history tells its events the store has seen from those it has not by it.
    public var revision = 0
    /// Each name's match key, to the project's id: duplicate checks and lookups by name in O(1).
    var idsByName: [String: UUID]
    /// How many changes this catalog has been through: a storage saves only when it moved, without
    /// keeping a copy of the whole catalog to compare with.
    public internal(set) var changes = 0
    /// What was done to it since the change in progress began (`beginChange`), in order.
    public internal(set) var operations: [ChangeOperation] = []
    /// The clock of the last change recorded in this store: the next one comes after it.
    public var lastClock: HybridTime?
    /// Where the storage's history stood when the store was last written; the storage's to keep.
    public var historyMark = HistoryMark()
    /// When the most recent change was made without being recorded in the history; `nil` when the
    /// most recent change is recorded, or the writer has been told.
    public var unrecordedChange: Date?
    /// Set by a storage whose store is not there although its history shows it was: the catalog is
    /// then empty, and no change may be written over what the history holds.
    public var lost: LostStore?
    /// Set when the list is shared through a root: how far it has taken in every machine's log.
    public var sharing: SharingMark?
    /// Where the writer sends work, in the order they were added.
    public internal(set) var markets: [Market] = []
    /// What was sent where, by date sent then id: the order their numbers follow.
    public internal(set) var submissions: [Submission] = []
    /// Which pieces `submissions` hold: `.stillOut` in a catalog read only to list what is out.
    public internal(set) var submissionPieces = SubmissionPieces.all

    public init() {
        projects = []
        defaultOrder = .standard
        idsByName = [:]
    }

    public static func == (lhs: ProjectCatalog, rhs: ProjectCatalog) -> Bool {
        lhs.defaultOrder == rhs.defaultOrder && lhs.savedRoot == rhs.savedRoot && lhs.projects == rhs.projects
            && lhs.projects.elementsEqual(rhs.projects) { $0.orderKey == $1.orderKey }
            && lhs.markets == rhs.markets && lhs.submissions == rhs.submissions
    }

    /// A catalog rebuilt from stored projects, in the writer's order; refuses what the rules forbid.
    public init(
        projects: [Project], defaultOrder: ProjectOrder, savedRoot: String? = nil, revision: Int = 0
    ) throws(DocumentProblem) {
        var idsByName = [String: UUID](minimumCapacity: projects.count)
        var ids = Set<UUID>(minimumCapacity: projects.count)
        for (index, project) in projects.enumerated() {
            guard ProjectName.isValidStored(project.name) else {
                throw .wrongValue(field: "name", value: project.name, project: index + 1)
            }
            guard idsByName.updateValue(project.id, forKey: ProjectName.matchKey(project.name)) == nil else {
                throw .duplicateName(project.name)
            }
            guard ids.insert(project.id).inserted else { throw .duplicateID(project.id) }
            if let folder = project.folder, let refusal = ProjectFolder.refusal(of: folder.recorded) {
                throw .folderRefused(path: folder.recorded, refusal, project: index + 1)
            }
        }
        self.projects = Self.inKeyOrder(projects)
        self.defaultOrder = defaultOrder
        self.savedRoot = savedRoot
        self.revision = revision
        self.idsByName = idsByName
        renumber(from: 0)
    }

    /// The projects sorted by their keys, as a store this tool wrote already has them; projects
    /// without keys (a store from before keys, an import document) get keys in the order given.
    private static func inKeyOrder(_ projects: [Project]) -> [Project] {
        guard projects.allSatisfy({ $0.orderKey != nil }) else {
            let keys = OrderKey.sequence(after: nil, count: projects.count)
            var keyed = projects
            for index in keyed.indices { keyed[index].orderKey = keys[index] }
            return keyed
        }
        // Checked field by field, not project by project: every read of the store does this, and
        // copying each project to compare it cost more than the comparison.
        var inOrder = true
        for index in projects.indices.dropFirst()
        where !precedes(projects[index - 1].orderKey!, projects[index - 1].id, projects[index].orderKey!, projects[index].id) {
            inOrder = false
            break
        }
        return inOrder ? projects : projects.sorted(by: precedes)
    }

    /// The writer's order: by key, and by id for keys two machines happened to pick alike.
    static func precedes(_ lhs: Project, _ rhs: Project) -> Bool {
        precedes(lhs.orderKey!, lhs.id, rhs.orderKey!, rhs.id)
    }

    private static func precedes(_ leftKey: OrderKey, _ leftID: UUID, _ rightKey: OrderKey, _ rightID: UUID) -> Bool {
        leftKey != rightKey ? leftKey < rightKey : leftID.uuidString < rightID.uuidString
    }

    /// Starts recording what a change does.
    public mutating func beginChange() {
        operations = []
    }

    /// Notes that the change in progress could not be recorded, or, `nil`, that the writer knows.
    public mutating func noteUnrecorded(_ time: Date?) {
        guard unrecordedChange != time else { return }
        unrecordedChange = time
        changes += 1
    }

    mutating func record(_ operation: ChangeOperation) {
        operations.append(operation)
        changes += 1
    }


    // MARK: Finding projects

    /// The project a reference names: a name (matched as duplicates are), an id, or an id prefix of 4 or more.
    public func project(_ reference: ProjectReference) throws(ProjectStoreError) -> Project {
        switch reference {
        case .id(let id):
            guard let index = index(of: id) else { throw .projectNotFound(reference: id.lowercasedString, near: []) }
            return projects[index]
        case .named(let text):
            return try project(named: text)
        }
    }

    private func project(named text: String) throws(ProjectStoreError) -> Project {
        let wanted = text.trimmingWhitespace()
        if let byName = project(withNameMatching: wanted) { return byName }
        let prefix = wanted.lowercased()
        guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw .projectNotFound(reference: text, near: TypedName(wanted).suggestions(among: projects.map(\.name)))
        }
        let nibbles = prefix.compactMap(\.hexDigitValue).map(UInt8.init)
        let matches = projects.filter { $0.id.starts(withNibbles: nibbles) }
        switch matches.count {
        case 0: throw .projectNotFound(reference: text, near: TypedName(wanted).suggestions(among: projects.map(\.name)))
        case 1: return matches[0]
        default: throw .ambiguousReference(text, candidates: matches)
        }
    }

    func project(withNameMatching name: String) -> Project? {
        idsByName[ProjectName.matchKey(name)].flatMap(index(of:)).map { projects[$0] }
    }

    func index(of id: UUID) -> Int? {
        projects.firstIndex { $0.id == id }
    }

    /// The names of the projects with these ids that the catalog holds. A change names few projects,
    /// and comparing each project's id with those few costs a long list far less than hashing it.
    public func names(of ids: [UUID]) -> [UUID: String] {
        // By index: a loop over the projects themselves copies each one, retaining all its fields.
        var names: [UUID: String] = [:]
        let wanted = ids.count <= 16 ? nil : Set(ids)
        for index in projects.indices {
            let id = projects[index].id
            if wanted?.contains(id) ?? ids.contains(id) { names[id] = projects[index].name }
        }
        return names
    }

    // MARK: Changing projects

    /// Adds a project at the end of the writer's order.
    @discardableResult
    public mutating func add(
        name rawName: String, kind: ProjectKind, details: String?, id: UUID, created: Date
    ) throws(ProjectStoreError) -> Project {
        let name = try ProjectName.validated(rawName)
        if let existing = project(withNameMatching: name) {
            throw .duplicateName(name, existing: existing)
        }
        let project = Project(
            id: id, name: name, kind: kind, created: created,
            details: Self.normalized(details), position: projects.count + 1,
            orderKey: OrderKey.between(projects.last?.orderKey, nil))
        projects.append(project)
        idsByName[ProjectName.matchKey(name)] = id
        record(.create(project))
        return project
    }

    /// Renames; id, kind, creation date and position stay as they were.
    @discardableResult
    public mutating func rename(_ reference: ProjectReference, to rawName: String) throws(ProjectStoreError) -> Project {
        let target = try project(reference)
        let name = try ProjectName.validated(rawName)
        if let existing = project(withNameMatching: name), existing.id != target.id {
            throw .duplicateName(name, existing: existing)
        }
        let index = target.position - 1
        guard !name.unicodeScalars.elementsEqual(target.name.unicodeScalars) else { return target }
        idsByName[ProjectName.matchKey(target.name)] = nil
        idsByName[ProjectName.matchKey(name)] = target.id
        projects[index].name = name
        record(.set(target.id, .name(from: target.name, to: name)))
        return projects[index]
    }

    /// Sets the details; empty text clears them.
    @discardableResult
    public mutating func setDetails(
        of reference: ProjectReference, to details: String?
    ) throws(ProjectStoreError) -> Project {
        let index = try project(reference).position - 1
        let details = Self.normalized(details)
        if !Self.sameText(projects[index].details, details) {
            record(.set(projects[index].id, .details(from: projects[index].details, to: details)))
            projects[index].details = details
        }
        return projects[index]
    }

    /// Deletes; the positions after it close up.
    @discardableResult
    public mutating func delete(_ reference: ProjectReference) throws(ProjectStoreError) -> Project {
        let index = try project(reference).position - 1
        let removed = projects.remove(at: index)
        idsByName[ProjectName.matchKey(removed.name)] = nil
        renumber(from: index)
        record(.remove(removed))
        return removed
    }

    /// Moves a project within the writer's order and returns it at its new place.
    @discardableResult
    public mutating func move(
        _ reference: ProjectReference, to target: MoveTarget
    ) throws(ProjectStoreError) -> Project {
        let moving = try project(reference)
        let destination: Int
        switch target {
        case .top:
            destination = 0
        case .bottom:
            destination = projects.count - 1
        case .position(let position):
            guard (1...projects.count).contains(position) else {
                throw .positionOutOfRange(position, count: projects.count)
            }
            destination = position - 1
        case .before(let anchorReference), .after(let anchorReference):
            let anchor = try project(anchorReference)
            guard anchor.id != moving.id else { throw .moveRelativeToItself(moving) }
            // Index of the anchor once the moving project is taken out.
            let anchorIndex = anchor.position - 1 - (moving.position < anchor.position ? 1 : 0)
            destination = target == .before(anchorReference) ? anchorIndex : anchorIndex + 1
        }
        let source = moving.position - 1
        guard source != destination else { return moving }
        var project = projects.remove(at: source)
        renumber(from: source)
        let oldKey = project.orderKey!
        project.orderKey = key(at: destination)
        // Where its key sorts, as every machine merging the move will put it: past two projects
        // given one key on two machines, that is after both.
        let landed = insertByKey(project)
        record(.place(project.id, Placement(fromKey: oldKey, toKey: project.orderKey!, fromPosition: source + 1, toPosition: landed + 1)))
        return projects[landed]
    }

    /// A key for a project about to be inserted at `index`, between its neighbours-to-be.
    private func key(at index: Int) -> OrderKey {
        let lower = index > 0 ? projects[index - 1].orderKey : nil
        let upper = index < projects.count ? projects[index].orderKey : nil
        if let lower, let upper, lower >= upper {
            // Two projects given one key on two machines: no key fits between them, so the
            // project goes just after both rather than between.
            return OrderKey.between(lower, projects[index...].lazy.compactMap(\.orderKey).first { $0 > lower })
        }
        return OrderKey.between(lower, upper)
    }

    /// Inserts a project where its key places it; returns its index.
    mutating func insertByKey(_ project: Project) -> Int {
        var low = 0, high = projects.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(projects[middle], project) { low = middle + 1 } else { high = middle }
        }
        projects.insert(project, at: low)
        renumber(from: low)
        return low
    }

    /// Appends every project of an import document, in its order, or none of them. Folders are
    /// taken as recorded, resolved against `root`; none may be another project's, climb with `..`
    /// or name the trash, and one the tool may not move (outside the root) is the writer's own.
    @discardableResult
    public mutating func importProjects(_ incoming: [Project], root: FolderRoot? = nil) throws(ProjectStoreError) -> [Project] {
        let (problems, accepted) = projectImport(incoming, root: root)
        guard problems.isEmpty else { throw .importRejected(problems) }
        appendImported(accepted)
        return accepted
    }

    /// The projects an import of `incoming` would append, as they would be, and everything that
    /// refuses it; nothing changes.
    func projectImport(_ incoming: [Project], root: FolderRoot?) -> (problems: [ImportProblem], accepted: [Project]) {
        var problems = folderProblems(in: incoming, root: root)
        var accepted: [Project] = []
        var namesInDocument: [String: Int] = [:]
        var idsInDocument: [UUID: Int] = [:]
        let idsInStore = Set(projects.map(\.id))
        for (offset, candidate) in incoming.enumerated() {
            let index = offset + 1
            if idsInStore.contains(candidate.id) {
                problems.append(.idInStore(index: index, id: candidate.id))
            } else if let other = idsInDocument[candidate.id] {
                problems.append(.idRepeated(index: index, id: candidate.id, otherIndex: other))
            } else {
                idsInDocument[candidate.id] = index
            }
            let name: String
            do {
                name = try ProjectName.validated(candidate.name)
            } catch {
                if case .invalidName(_, let problem) = error {
                    problems.append(.invalidName(index: index, name: candidate.name, problem))
                }
                continue
            }
            if let existing = project(withNameMatching: name) {
                problems.append(.clashesWithStore(index: index, name: name, existing: existing.name))
            } else if let other = namesInDocument[ProjectName.matchKey(name)] {
                problems.append(.clashesWithinDocument(index: index, name: name, otherIndex: other))
            } else {
                namesInDocument[ProjectName.matchKey(name)] = index
            }
            var project = candidate
            project.folder = candidate.folder?.takenIn
            project.name = name
            project.details = Self.normalized(candidate.details)
            project.position = projects.count + accepted.count + 1
            accepted.append(project)
        }
        guard problems.isEmpty else { return (problems, []) }
        let keys = OrderKey.sequence(after: projects.last?.orderKey, count: accepted.count)
        for index in accepted.indices { accepted[index].orderKey = keys[index] }
        return ([], accepted)
    }

    /// Appends the projects `projectImport` accepted.
    mutating func appendImported(_ accepted: [Project]) {
        projects.append(contentsOf: accepted)
        operations.reserveCapacity(operations.count + accepted.count)
        for project in accepted {
            idsByName[ProjectName.matchKey(project.name)] = project.id
            record(.create(project))
        }
    }

    private func folderProblems(in incoming: [Project], root: FolderRoot?) -> [ImportProblem] {
        var problems: [ImportProblem] = []
        var inStore: [String: String] = [:]
        for project in projects {
            if let folder = project.folder { inStore[folder.path(in: root)] = project.name }
        }
        var inDocument: [String: Int] = [:]
        for (offset, candidate) in incoming.enumerated() {
            guard let folder = candidate.folder else { continue }
            let path = folder.path(in: root)
            if let refusal = ProjectFolder.refusal(of: folder.recorded) {
                problems.append(.folderRefused(index: offset + 1, folder: folder.recorded, refusal))
            } else if let existing = inStore[path] {
                problems.append(.folderInStore(index: offset + 1, folder: path, existing: existing))
            } else if let other = inDocument[path] {
                problems.append(.folderRepeated(index: offset + 1, folder: path, otherIndex: other))
            } else {
                inDocument[path] = offset + 1
            }
        }
        return problems
    }

    /// Only positions that are wrong are written: a catalog read from a store already has them
    /// right, and writing each would copy the whole array the reader still holds (16 MB at 100,000).
    /// (Found first by reading alone: a loop that may write makes the array unique before it starts.)
    mutating func renumber(from start: Int) {
        guard let first = projects.indices.dropFirst(start).first(where: { projects[$0].position != $0 + 1 }) else { return }
        for index in projects.indices.dropFirst(first) {
            projects[index].position = index + 1
        }
    }

    /// Equal to the code point: a change of normalization is a change to store, and anything less
    /// is no change (a rename to the very name records nothing).
    public static func sameText(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
        default: false
        }
    }

    private static func normalized(_ details: String?) -> String? {
        guard let details, !details.isEmpty else { return nil }
        return details
    }
}

extension DocumentProblem: Error {}

extension UUID {
    /// The form ids take everywhere a person or a script sees them.
    public var lowercasedString: String { uuidString.lowercased() }

    /// Whether the id's hexadecimal digits begin with these values (0 to 15), hyphens not counted.
    func starts(withNibbles nibbles: [UInt8]) -> Bool {
        guard nibbles.count <= 32 else { return false }
        return withUnsafeBytes(of: uuid) { bytes in
            nibbles.indices.allSatisfy { index in
                let byte = bytes[index / 2]
                return (index.isMultiple(of: 2) ? byte >> 4 : byte & 0xF) == nibbles[index]
            }
        }
    }
}
