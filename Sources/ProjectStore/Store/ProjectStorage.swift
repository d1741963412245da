import Foundation

/// Where a catalog lives between runs. `update` must apply a change all-or-nothing and
/// serialize changes made at the same time; `load` must never see half a change.
///
/// A change that also touches the writer's folders records a `FolderIntent` (inside `update`,
/// before the disk is touched); `update` clears it once the changed catalog is stored. An intent
/// still there later is the trace of a change a crash interrupted.
public protocol ProjectStorage: Sendable {
    func load() throws(ProjectStoreError) -> ProjectCatalog
    /// As `load`, the submissions holding only `pieces`; a storage may give them all.
    func load(pieces: SubmissionPieces) throws(ProjectStoreError) -> ProjectCatalog
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

    /// The changes the store has seen, oldest first, read whole. Throws `.historyUnreadable`.
    /// Outside `update`, called after reading `catalog`, which says which changes it has seen.
    func history(of catalog: ProjectCatalog) throws(ProjectStoreError) -> [Change]
    /// The changes the store has seen, newest first, their operations left out, up to the first
    /// for which `stop` is true: what `undo` and `redo` need to find their change without reading
    /// every project an import recorded, nor a long history. Then `HistoryLine.whole`.
    func recentHistory(of catalog: ProjectCatalog, until stop: (Change) -> Bool) throws(ProjectStoreError) -> [HistoryLine]
    /// Appends `change`, the one the store is about to be written with, and notes in `catalog`
    /// where the history now ends; inside `update` only, before the store is written. Refuses a
    /// history holding changes this store never saw: they are evidence, never cut off.
    func append(_ change: Change, to catalog: inout ProjectCatalog) throws(ProjectStoreError)
    /// The change a crash left in the history after the one the store was last written with (the
    /// history is written first): its id, `nil` when there is none. Inside `update` only.
    func unsavedChange(of catalog: ProjectCatalog) -> ChangeID?
    /// Forgets every change; inside `update` only.
    func clearHistory(of catalog: inout ProjectCatalog) throws(ProjectStoreError)
    /// Moves a store that cannot be read as one (not JSON, a field wrong) out of the way, whole,
    /// under a name that says it is damaged and when it was set aside, never over an earlier one,
    /// and returns that name; `nil` when the store reads, is missing, or is only from a newer
    /// version. Outside `update`: it takes the lock itself.
    func setAsideDamagedStore(at time: Date) throws(ProjectStoreError) -> String?
}

extension ProjectStorage {
    /// Every piece: a storage kept in memory has them all at hand.
    public func load(pieces: SubmissionPieces) throws(ProjectStoreError) -> ProjectCatalog {
        try load()
    }
}

/// One change of the history as `recentHistory` finds it: its outline, and the change read whole.
public struct HistoryLine: Sendable {
    public let outline: Change
    public let whole: @Sendable () throws(ProjectStoreError) -> Change

    public init(outline: Change, whole: @escaping @Sendable () throws(ProjectStoreError) -> Change) {
        self.outline = outline
        self.whole = whole
    }
}

/// Where the history stood when the store was last written: how long the file was and how many
/// changes it held. A storage keeps it in the store, to append without reading the history and to
/// tell changes the store has seen from those it has not. `nil` fields: not known yet.
public struct HistoryMark: Sendable, Equatable {
    public var end: Int?
    public var lines: Int?

    public init(end: Int? = nil, lines: Int? = nil) {
        self.end = end
        self.lines = lines
    }
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

    private var changes: [Change] = []
    /// Set by tests: the history reads as a corrupt file would.
    public var historyIsCorrupt = false

    public func history(of catalog: ProjectCatalog) throws(ProjectStoreError) -> [Change] {
        lock.lock()
        defer { lock.unlock() }
        if historyIsCorrupt { throw .historyUnreadable(path: "memory", .syntax(line: 1, column: 1)) }
        return changes.filter { $0.revision <= catalog.revision }
    }

    public func recentHistory(of catalog: ProjectCatalog, until stop: (Change) -> Bool) throws(ProjectStoreError) -> [HistoryLine] {
        var lines: [HistoryLine] = []
        for change in try history(of: catalog).reversed() {
            var outline = change
            outline.operations = []
            lines.append(HistoryLine(outline: outline) { change })
            if stop(outline) { break }
        }
        return lines
    }

    public func append(_ change: Change, to catalog: inout ProjectCatalog) throws(ProjectStoreError) {
        if historyIsCorrupt { throw .historyUnreadable(path: "memory", .syntax(line: 1, column: 1)) }
        changes.removeAll { $0.revision > catalog.revision }
        changes.append(change)
        catalog.lastClock = change.clock
    }

    public func unsavedChange(of catalog: ProjectCatalog) -> ChangeID? {
        lock.withLock { changes.last { $0.revision == catalog.revision + 1 }?.id }
    }

    public func clearHistory(of catalog: inout ProjectCatalog) {
        historyIsCorrupt = false
        changes = []
    }

    /// A catalog in memory is never damaged.
    public func setAsideDamagedStore(at time: Date) -> String? { nil }

    public func hasIntent() -> Bool { lock.withLock { recordedIntent != nil } }
    public func intent() -> FolderIntent? { recordedIntent }
    public func recordIntent(_ intent: FolderIntent) { recordedIntent = intent }
    public func clearIntent() { recordedIntent = nil }

    /// What a crash leaves: an intent recorded, its step done or not, the store unchanged.
    public func leaveIntent(_ intent: FolderIntent) {
        lock.withLock { recordedIntent = intent }
    }
}
