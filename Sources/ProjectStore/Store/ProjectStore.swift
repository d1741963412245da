import Foundation

/// Every operation on a writer's projects, each applied to the storage as one all-or-nothing change,
/// and, where it makes, renames or trashes a project's folder, all or nothing with the disk too
/// (see `FolderIntent`).
public struct ProjectStore: Sendable {
    let storage: any ProjectStorage
    let folders: any FolderSystem
    /// The part of a shared root that is ours: every machine's log.
    let shared: any SharedFolder
    /// A name made unique by a number, in the writer's language: “Winter (2)”.
    let numbered: @Sendable (String, Int) -> String
    let places: FolderPlaces
    let clock: @Sendable () -> Date
    let newID: @Sendable () -> UUID
    /// The computer the changes are made on, as the history names it; asked only when a change is
    /// recorded, since knowing it may mean making it.
    let machine: @Sendable () -> Machine
    /// Gives this machine a new id, kept from then on, when its log shows another machine goes by
    /// the one it had (a home copied whole); returns the machine as it now is.
    let renewMachine: @Sendable (IdentityRenewal) -> Machine
    /// The command whose changes go into the history, by name; `nil` records nothing.
    let recording: String?
    /// Told when the history cannot be read or written: the change itself goes on, unrecorded.
    let historyProblem: @Sendable (ProjectStoreError) -> Void
    /// Told when a read goes on over a problem a change would refuse: a store that is not there
    /// although its history shows it was. The read then sees no projects.
    let readProblem: @Sendable (ProjectStoreError) -> Void
    let diskLog = DiskLog()
    /// The versions kept in a project's folder, given its path: what takes a restore back.
    let versionFolder: @Sendable (String) -> any VersionFolder

    public init(
        storage: any ProjectStorage,
        folders: any FolderSystem = MemoryFolderSystem(),
        shared: any SharedFolder = MemorySharedFolder(),
        numbered: @escaping @Sendable (String, Int) -> String = { "\($0) (\($1))" },
        places: FolderPlaces = FolderPlaces(environmentRoot: nil, homeRoot: nil, templates: nil),
        recording: String? = nil,
        historyProblem: @escaping @Sendable (ProjectStoreError) -> Void = { _ in },
        readProblem: @escaping @Sendable (ProjectStoreError) -> Void = { _ in },
        clock: @escaping @Sendable () -> Date = Date.init,
        newID: @escaping @Sendable () -> UUID = UUID.random,
        machine: @escaping @Sendable () -> Machine = { Machine.unknown },
        renewMachine: @escaping @Sendable (IdentityRenewal) -> Machine = { Machine(id: UUID.random(), name: $0.previous.name) },
        versionFolder: (@Sendable (String) -> any VersionFolder)? = nil
    ) {
        let memory = MemoryVersionFolder()
        self.versionFolder = versionFolder ?? { _ in memory }
        self.storage = storage
        self.machine = machine
        self.renewMachine = renewMachine
        self.folders = folders
        self.shared = shared
        self.numbered = numbered
        self.places = places
        self.recording = recording
        self.historyProblem = historyProblem
        self.readProblem = readProblem
        self.clock = clock
        self.newID = newID
    }

    /// The catalog, after finishing any change a crash interrupted and taking in what other
    /// machines changed. `pieces`: which pieces its submissions need hold; a catalog that took in
    /// a change has them all.
    public func catalog(pieces: SubmissionPieces = .all) throws(ProjectStoreError) -> ProjectCatalog {
        if storage.hasIntent() { try changeAndTidy { _ throws(ProjectStoreError) in } }
        var catalog = try storage.load(pieces: pieces)
        if hasArrivals(catalog) { catalog = try changeAndTidy { catalog throws(ProjectStoreError) in catalog } }
        if let lost = catalog.lost { readProblem(.storeLost(lost)) }
        return catalog
    }

    public func project(_ reference: ProjectReference) throws(ProjectStoreError) -> Project {
        try catalog().project(reference)
    }

    public func projects(in order: ProjectOrder, collator: NameCollator) throws(ProjectStoreError) -> [Project] {
        try catalog().projects(in: order, collator: collator)
    }

    /// Adds a list entry only; `add(name:kind:details:folder:)` gives it a folder too.
    @discardableResult
    public func add(name: String, kind: ProjectKind = .blank, details: String? = nil) throws(ProjectStoreError) -> Project {
        try add(name: name, kind: kind, details: details, folder: .none).project
    }

    @discardableResult
    public func setDetails(of reference: ProjectReference, to details: String?) throws(ProjectStoreError) -> Project {
        try change { catalog throws(ProjectStoreError) in try catalog.setDetails(of: reference, to: details) }
    }

    /// Details, target and due date changed together, as one change. `changed` is the part of `edit`
    /// that changed something: a field set to the value it has is no change, and when nothing
    /// changed, nothing is recorded in the history.
    @discardableResult
    public func edit(
        _ reference: ProjectReference, _ edit: ProjectEdit
    ) throws(ProjectStoreError) -> (project: Project, changed: ProjectEdit) {
        try change { catalog throws(ProjectStoreError) in
            let before = try catalog.project(reference)
            let after = try catalog.apply(edit, to: .id(before.id))
            return (after, edit.changes(from: before, to: after))
        }
    }

    @discardableResult
    public func move(_ reference: ProjectReference, to target: MoveTarget) throws(ProjectStoreError) -> Project {
        try change { catalog throws(ProjectStoreError) in try catalog.move(reference, to: target) }
    }

    public func defaultOrder() throws(ProjectStoreError) -> ProjectOrder {
        try catalog().defaultOrder
    }

    public func setDefaultOrder(_ order: ProjectOrder) throws(ProjectStoreError) {
        try change { catalog throws(ProjectStoreError) in catalog.defaultOrder = order }
    }

    @discardableResult
    public func importProjects(_ projects: [Project]) throws(ProjectStoreError) -> [Project] {
        try change { catalog throws(ProjectStoreError) in
            try catalog.importProjects(projects, root: root(of: catalog))
        }
    }

    /// Several steps applied as one change, for a caller that must report on the catalog as the
    /// change left it (a move's new position among how many). The catalog still enforces every rule.
    /// A change a crash interrupted is finished first; the change goes into the history, written
    /// before the store so that the two are one step.
    public func change<Result>(
        _ steps: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result {
        try changeAndTidy { catalog throws(ProjectStoreError) in
            catalog.beginChange()
            diskLog.start()
            let result = try steps(&catalog)
            if let recording, !catalog.operations.isEmpty || !diskLog.steps.isEmpty { try record(.command(recording), in: &catalog) }
            return result
        }
    }

    /// Appends what `catalog` recorded, with the disk steps taken, as one change; the store is
    /// written right after. A history that cannot take it is told, and the change goes on; but
    /// a history ahead of the store refuses the change, since what it holds must not be buried,
    /// and so does any history an undo or redo cannot be recorded in.
    func record(_ kind: Change.Kind, in catalog: inout ProjectCatalog) throws(ProjectStoreError) {
        let now = clock()
        let change = Change(
            revision: catalog.revision + 1, time: now, clock: HybridTime.next(at: now, after: catalog.lastClock),
            machine: machine(), kind: kind, operations: catalog.operations + diskLog.steps.map(ChangeOperation.disk))
        // Written even for a change of the disk alone (a restore, or its undo): the store's revision
        // is what makes its history count the change.
        catalog.changes += 1
        do {
            try storage.append(change, to: &catalog)
            catalog.noteUnrecorded(nil)
        } catch {
            // An undo or redo the history does not record would leave it saying the opposite.
            switch error {
            case .historyAhead, .storeLost: throw error
            default: break
            }
            guard case .command = kind else { throw error }
            historyProblem(error)
            catalog.noteUnrecorded(now)
        }
        // The other machines take it in even when this machine's history could not: else the next
        // merge would take it back.
        try publish(change, in: &catalog)
    }

    /// Runs `steps` under the store's lock after finishing what a crash interrupted, and, should
    /// the store refuse the result, takes back at once the folder step it had taken. A store lost
    /// while its history remains is refused, unless `steps` are the writer's way out of that.
    func changeAndTidy<Result>(
        acceptingLostStore: Bool = false,
        _ steps: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result {
        do {
            return try storage.update { catalog throws(ProjectStoreError) in
                if let lost = catalog.lost, !acceptingLostStore { throw .storeLost(lost) }
                try finishInterruptedChange(in: catalog)
                try takeIn(&catalog)
                return try steps(&catalog)
            }
        } catch {
            // The store could not take a change whose folder step is done: undo the step now
            // rather than leave it to the next command.
            if case .storage = error, storage.hasIntent() {
                try? storage.update { catalog throws(ProjectStoreError) in try finishInterruptedChange(in: catalog) }
            }
            throw error
        }
    }
}
