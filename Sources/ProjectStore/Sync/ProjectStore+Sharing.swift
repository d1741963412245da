import Foundation

/// A root shared between machines: what a command takes in before anything else, and what each
/// change gives the other machines. The store on this machine is then a cache of the merge of every
/// machine's log in `<root>/.project/` (docs/sync.md).
extension ProjectStore {
    /// The shared root `catalog`'s store uses, if its root is shared.
    public func sharedRoot(of catalog: ProjectCatalog) -> String? {
        guard let root = root(of: catalog)?.path, shared.isShared(root) else { return nil }
        return root
    }

    /// Whether the folder at `path` holds a shared root (a remote's clone, before it is the root).
    public func isSharedRoot(_ path: String) -> Bool {
        shared.isShared(path)
    }

    /// Whether `project`'s folder is one the sync engine has not brought to this machine yet: the root
    /// is shared, the folder recorded inside it, and not on disk.
    public func folderHasNotArrived(_ project: Project, in catalog: ProjectCatalog) -> Bool {
        guard let folder = project.folder, !folder.recorded.hasPrefix("/"), sharedRoot(of: catalog) != nil else { return false }
        return folders.entry(at: folder.path(in: root(of: catalog))) == .missing
    }

    /// Makes the root shared, with every project of this machine in it; a root already shared is
    /// left as it is. Returns the catalog as it then is.
    @discardableResult
    public func share() throws(ProjectStoreError) -> ProjectCatalog {
        let before = try catalog()
        guard let root = root(of: before)?.path else { throw .noRoot }
        try shared.share(root)
        return try changeAndTidy { catalog throws(ProjectStoreError) in catalog }
    }

    /// Whether the shared logs may hold what this store has not taken in: cheap, for every read.
    func hasArrivals(_ catalog: ProjectCatalog) -> Bool {
        guard let root = sharedRoot(of: catalog) else { return false }
        guard let mark = catalog.sharing, mark.root == root else { return true }
        guard let ends = try? shared.logEnds(in: root) else { return true }
        return ends != mark.ends
    }

    /// Takes in every change the other machines' logs hold that `catalog` has not; inside `update`,
    /// before the change itself. A store first finding its root shared joins it: its projects the
    /// logs do not know yet go into this machine's log, the others' are taken as the logs have them.
    /// A store shared through a root whose `.project/` has gone refuses to change: what it would
    /// change could never reach the other machines, and would be undone by the next merge.
    @discardableResult
    func takeIn(_ catalog: inout ProjectCatalog) throws(ProjectStoreError) -> Arrivals? {
        guard let root = root(of: catalog)?.path else { return nil }
        guard shared.isShared(root) else {
            if let mark = catalog.sharing {
                guard mark.root != root else { throw .sharedFolderMissing(root: root) }
                // The writer moved the root away from the shared one: this list is no longer shared.
                catalog.sharing = nil
                catalog.changes += 1
            }
            return nil
        }
        let ends = try shared.logEnds(in: root)
        let mark = catalog.sharing?.root == root ? catalog.sharing : nil
        if let mark, ends == mark.ends { return nil }
        var me = machine()
        // This machine's own changes, in a log that is no longer its own alone: not arrivals.
        var ownChanges = Set<ChangeID>()
        var previous: UUID?
        var logs: [UUID: [SharedLogEntry]] = [:]
        var unread: [UUID: SharedLog] = [:]
        for machine in ends.keys {
            let log = try shared.readLog(of: machine, in: root)
            logs[machine] = log.entries
            if !log.unread.isEmpty { unread[machine] = log }
        }
        if let mine = logs[me.id] {
            // The mark of this machine's own log holds wherever the root is now (a root moved).
            switch OwnLogCheck.check(mine, mark: catalog.sharing?.logs[me.id], unsaved: { [storage] in storage.unsavedChange(of: catalog) }) {
            case .own: break
            case .leftover(let kept):
                // Past the mark, a change whose store was never written: a crash between the two.
                try shared.cut(me.id, in: root, to: kept)
                logs[me.id] = mine.filter { $0.end <= kept }
            case .written(let count):
                // Another machine goes by this id. Its log stays whole, a log of the two machines,
                // every change of both merged; this machine writes a log of its own from now on.
                previous = me.id
                me = renewMachine(IdentityRenewal(previous: me, foreignChanges: count))
                ownChanges = Set(((try? storage.history(of: catalog)) ?? []).map(\.id))
            }
        }
        if mark == nil, let joining = joiningChange(of: catalog, by: me, logs: logs) {
            let end = try shared.append(joining, in: root)
            logs[me.id, default: []].append(SharedLogEntry(change: joining, end: end))
        }
        let merged: MergeOutcome
        do throws(DocumentProblem) {
            merged = try ProjectCatalog.merged(logs.values.flatMap { $0.map(\.change) }, numbered: numbered)
        } catch {
            throw .sharedFile(.invalid(path: root, error))
        }
        var marks: [UUID: LogMark] = [:]
        for (machine, entries) in logs {
            guard let last = entries.last else { continue }
            marks[machine] = LogMark(end: last.end, clock: last.change.change.clock)
        }
        // Lines set aside count as read, so that they are not read again and again, and are said
        // once, by the command that first met them; this machine's own mark stays on its last
        // change, which is how it knows its log (`OwnLogCheck`).
        var newlyUnread: [UnreadLine] = []
        for (machine, log) in unread.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            let seen = mark?.logs[machine]?.end ?? 0
            newlyUnread += log.unread.filter { $0.end > seen }
            guard machine != me.id else { continue }
            marks[machine] = LogMark(end: log.end, clock: marks[machine]?.clock ?? HybridTime(milliseconds: 0, counter: 0))
        }
        if !newlyUnread.isEmpty { readProblem(.sharedLinesSetAside(newlyUnread)) }
        let before = catalog
        catalog.adopt(merged.catalog, sharing: SharingMark(root: root, logs: marks))
        return Arrivals(from: logs, after: mark, by: me, merged: merged, before: before, previous: previous, leaving: ownChanges)
    }

    /// What a store joining a shared root brings: every record of every kind the logs do not know
    /// (its projects in its order, its markets, its submissions with their answers), made anew in
    /// this machine's log; and, when no machine has set one, its default order.
    private func joiningChange(of catalog: ProjectCatalog, by me: Machine, logs: [UUID: [SharedLogEntry]]) -> SharedChange? {
        var known = Set<RecordID>()
        var orderSet = false
        for entry in logs.values.joined() {
            for operation in entry.change.change.operations {
                if let record = operation.created { known.insert(record) }
                if case .setDefaultOrder = operation { orderSet = true }
            }
        }
        var operations = catalog.creations(leavingOut: known)
        if !orderSet, catalog.defaultOrder != .standard {
            operations.append(.setDefaultOrder(from: .standard, to: catalog.defaultOrder))
        }
        guard !operations.isEmpty else { return nil }
        let latest = ([catalog.lastClock] + logs.values.joined().map { $0.change.change.clock }).compactMap { $0 }.max()
        let now = clock()
        let seen = logs.compactMapValues { $0.last?.change.change.clock }.filter { $0.key != me.id }
        let change = Change(
            revision: catalog.revision + 1, time: now, clock: HybridTime.next(at: now, after: latest), machine: me,
            kind: .command("sync"), operations: operations)
        return SharedChange(change: change, seen: seen)
    }

    /// Gives the other machines `change`, the one the store is about to be written with: appended to
    /// this machine's log, and noted in the mark. The operations that are this machine's own (the
    /// saved root, the steps on disk) stay out.
    func publish(_ change: Change, in catalog: inout ProjectCatalog) throws(ProjectStoreError) {
        guard let mark = catalog.sharing else { return }
        var outgoing = change
        outgoing.operations = change.operations.filter(\.isShared)
        guard !outgoing.operations.isEmpty else { return }
        let end = try shared.append(SharedChange(change: outgoing, seen: mark.seen(by: change.machine.id)), in: mark.root)
        catalog.sharing?.logs[change.machine.id] = LogMark(end: end, clock: change.clock)
    }
}

extension ChangeOperation {
    /// Whether other machines take it in: not the saved root, whose path is each machine's own, nor
    /// a step on disk, which the sync engine carries as files.
    var isShared: Bool {
        switch self {
        case .setRoot, .disk: false
        default: true
        }
    }
}

extension ProjectCatalog {
    /// Takes the projects and default order of `merged`, the merge of every machine's log, keeping
    /// what is this store's own (revision, history, root); the latest clock seen stays the floor of
    /// the next change's.
    mutating func adopt(_ merged: ProjectCatalog, sharing: SharingMark) {
        let recorded = operations
        projects = merged.projects
        idsByName = merged.idsByName
        defaultOrder = merged.defaultOrder
        markets = merged.markets
        submissions = merged.submissions
        operations = recorded
        let latest = sharing.logs.values.map(\.clock).max()
        if let latest, lastClock.map({ $0 < latest }) ?? true { lastClock = latest }
        self.sharing = sharing
        changes += 1
    }
}
