import Foundation

/// Where a catalog lives between runs. `update` must apply a change all-or-nothing and
/// serialize changes made at the same time; `load` must never see half a change.
public protocol ProjectStorage: Sendable {
    func load() throws(ProjectStoreError) -> ProjectCatalog
    func update<Result>(
        _ change: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result
}

/// A storage in memory, for tests and for Swift code that does not need a file.
public final class MemoryStorage: ProjectStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var catalog: ProjectCatalog

    public init(_ catalog: ProjectCatalog = ProjectCatalog()) {
        self.catalog = catalog
    }

    public func load() -> ProjectCatalog {
        lock.withLock { catalog }
    }

    public func update<Result>(
        _ change: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        var draft = catalog
        let result = try change(&draft)
        catalog = draft
        return result
    }
}
