import Foundation

/// Every operation on a writer's projects, each applied to the storage as one all-or-nothing change.
public struct ProjectStore: Sendable {
    private let storage: any ProjectStorage
    private let clock: @Sendable () -> Date
    private let newID: @Sendable () -> UUID

    public init(
        storage: any ProjectStorage,
        clock: @escaping @Sendable () -> Date = Date.init,
        newID: @escaping @Sendable () -> UUID = UUID.init
    ) {
        self.storage = storage
        self.clock = clock
        self.newID = newID
    }

    public func catalog() throws(ProjectStoreError) -> ProjectCatalog {
        try storage.load()
    }

    public func project(_ reference: ProjectReference) throws(ProjectStoreError) -> Project {
        try catalog().project(reference)
    }

    public func projects(in order: ProjectOrder, collator: NameCollator) throws(ProjectStoreError) -> [Project] {
        try catalog().projects(in: order, collator: collator)
    }

    @discardableResult
    public func add(name: String, kind: ProjectKind = .blank, details: String? = nil) throws(ProjectStoreError) -> Project {
        let id = newID()
        let created = clock()
        return try storage.update { catalog throws(ProjectStoreError) in
            try catalog.add(name: name, kind: kind, details: details, id: id, created: created)
        }
    }

    @discardableResult
    public func rename(_ reference: ProjectReference, to name: String) throws(ProjectStoreError) -> Project {
        try storage.update { catalog throws(ProjectStoreError) in try catalog.rename(reference, to: name) }
    }

    @discardableResult
    public func setDetails(of reference: ProjectReference, to details: String?) throws(ProjectStoreError) -> Project {
        try storage.update { catalog throws(ProjectStoreError) in try catalog.setDetails(of: reference, to: details) }
    }

    @discardableResult
    public func delete(_ reference: ProjectReference) throws(ProjectStoreError) -> Project {
        try storage.update { catalog throws(ProjectStoreError) in try catalog.delete(reference) }
    }

    @discardableResult
    public func move(_ reference: ProjectReference, to target: MoveTarget) throws(ProjectStoreError) -> Project {
        try storage.update { catalog throws(ProjectStoreError) in try catalog.move(reference, to: target) }
    }

    public func defaultOrder() throws(ProjectStoreError) -> ProjectOrder {
        try catalog().defaultOrder
    }

    public func setDefaultOrder(_ order: ProjectOrder) throws(ProjectStoreError) {
        try storage.update { catalog throws(ProjectStoreError) in catalog.defaultOrder = order }
    }

    /// Several steps applied as one change, for a caller that must report on the catalog as the
    /// change left it (a move's new position among how many). The catalog still enforces every rule.
    public func change<Result>(
        _ steps: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result {
        try storage.update(steps)
    }

    @discardableResult
    public func importProjects(_ projects: [Project]) throws(ProjectStoreError) -> [Project] {
        try storage.update { catalog throws(ProjectStoreError) in try catalog.importProjects(projects) }
    }
}
