import Foundation

/// Where a catalog lives between runs. `update` must apply a change all-or-nothing and
/// serialize changes made at the same time; `load` must never see half a change.
///
/// A change that also touches the writer's folders records a `FolderIntent` (inside `update`,
/// before the disk is touched); `update` clears it once the changed catalog is stored. An intent
/// still there later is the trace of a change a crash interrupted.
public protocol ProjectStorage: Sendable {
    func load() throws(ProjectStoreError) -> ProjectCatalog
    func update<Result>(
        _ change: (inout ProjectCatalog) throws(ProjectStoreError) -> Result
    ) throws(ProjectStoreError) -> Result
    /// Whether an intent is recorded; cheap, and without the lock, so every read can ask.
    func hasIntent() -> Bool
    /// The recorded intent; called inside `update` only.
    func intent() throws(ProjectStoreError) -> FolderIntent?
    /// Records `intent` durably; called inside `update` only.
    func recordIntent(_ intent: FolderIntent) throws(ProjectStoreError)
    func clearIntent()

    /// The history's events, checked whole. Throws `.historyUnreadable`. Outside `update`, read
    /// after the store: events above the store's revision are not part of the history yet.
    func historyEvents() throws(ProjectStoreError) -> [HistoryEvent]
    /// The events with their changes' records left empty: what `undo` and `redo` need to find the
    /// change to take, without reading every project an import recorded. Then `change(revision:)`.
    func historyOutline() throws(ProjectStoreError) -> [HistoryEvent]
    /// The change event of `revision`, read whole.
    func change(revision: Int) throws(ProjectStoreError) -> HistoryEvent?
    /// Adds an event for the revision the store is about to be written with, dropping events of
    /// revisions the store never reached; inside `update` only, before the store is written.
    func appendHistory(_ event: HistoryEvent, storeRevision: Int) throws(ProjectStoreError)
    /// Replaces the whole history (compacted, or emptied); inside `update` only.
    func replaceHistory(_ events: [HistoryEvent]) throws(ProjectStoreError)
}

/// A storage in memory, for tests and for Swift code that does not need a file.
public final class MemoryStorage: ProjectStorage, @unchecked Sendable {
    /// Recursive: the history is read both inside a change and on its own.
    private let lock = NSRecursiveLock()
    private var catalog: ProjectCatalog
    private var recordedIntent: FolderIntent?
    /// Set by tests: the next change fails as a full disk would, after its folder step.
    public var failNextWrite = false

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
        if draft.changes != catalog.changes {
            if failNextWrite {
                failNextWrite = false
                throw .storage(.unwritable(path: "memory", code: ENOSPC))
            }
            draft.revision += 1
            catalog = draft
            recordedIntent = nil
        }
        return result
    }

    private var events: [HistoryEvent] = []
    /// Set by tests: the history reads as a corrupt file would.
    public var historyIsCorrupt = false

    public func historyEvents() throws(ProjectStoreError) -> [HistoryEvent] {
        lock.lock()
        defer { lock.unlock() }
        if historyIsCorrupt { throw .historyUnreadable(path: "memory", .syntax(line: 1, column: 1)) }
        return events
    }

    public func historyOutline() throws(ProjectStoreError) -> [HistoryEvent] {
        try historyEvents()
    }

    public func change(revision: Int) throws(ProjectStoreError) -> HistoryEvent? {
        try historyEvents().first { $0.revision == revision && $0.isChange }
    }

    public func appendHistory(_ event: HistoryEvent, storeRevision: Int) throws(ProjectStoreError) {
        if historyIsCorrupt { throw .historyUnreadable(path: "memory", .syntax(line: 1, column: 1)) }
        events.removeAll { $0.revision > storeRevision }
        events.append(event)
    }

    public func replaceHistory(_ events: [HistoryEvent]) {
        historyIsCorrupt = false
        self.events = events
    }

    public func hasIntent() -> Bool { lock.withLock { recordedIntent != nil } }
    public func intent() -> FolderIntent? { recordedIntent }
    public func recordIntent(_ intent: FolderIntent) { recordedIntent = intent }
    public func clearIntent() { recordedIntent = nil }

    /// What a crash leaves: an intent recorded, its step done or not, the store unchanged.
    public func leaveIntent(_ intent: FolderIntent) {
        lock.withLock { recordedIntent = intent }
    }
}
