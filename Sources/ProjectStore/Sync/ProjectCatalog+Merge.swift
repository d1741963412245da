import Foundation

extension ProjectCatalog {
    /// The catalog every machine's changes make, the same whatever order they arrived in: they are
    /// taken in the one order all machines agree on (by hybrid clock, then machine), and each field
    /// of each project holds what the latest change to it wrote. So changes to different projects,
    /// or to different fields of one, are all kept; a field changed on two machines holds the later
    /// change; a project deleted on one machine stays deleted whatever another did to it meanwhile;
    /// moves and adds all hold, each project where its latest move put it.
    ///
    /// A name or folder two projects took is decided as the changes are taken, once for good: the
    /// first to take it keeps it, a later one taking a name another holds gets it numbered
    /// (`numbered`, “Winter (2)”, shortened to fit), one taking a folder another holds gets none.
    /// What a merge decided changes later only through a change of its own, never because the
    /// holder went away: otherwise the machine that deleted the holder, which has no reason to merge
    /// again, would keep “Winter (2)” while every other machine gave the plain name back.
    ///
    /// Every name it gives, a project's or a market's, is one the store reads: a name the store
    /// would refuse, which only a log edited by hand or written by another program holds, is made
    /// one first (`ProjectName.mended`). The catalog made is checked by the store reader's own
    /// rules, and refused (thrown) rather than written if anything else a log held breaks them.
    ///
    /// The saved root and the steps on disk are left out: the root's path is each machine's own,
    /// and a machine never moves a folder because of another machine's change.
    public static func merged(
        _ changes: [SharedChange], numbered: (String, Int) -> String = { "\($0) (\($1))" }
    ) throws(DocumentProblem) -> MergeOutcome {
        var merge = Merge()
        for change in changes.sorted(by: { $0.stamp < $1.stamp }) { merge.take(change, numbered: numbered) }
        return try merge.outcome()
    }
}

/// The state the changes build as they are taken, latest last.
private struct Merge {
    struct Entry {
        var project: Project
        var exists = true
        /// The latest change to each field: `name`, `details`, `target`, `due`, `folder`, `place`.
        var writes: [String: SharedChange] = [:]
        var removal: SharedChange?
        /// When it was first made, which orders projects that arrive without a place.
        let made: MergeStamp
    }

    static let fields = ["name", "details", "target", "due", "folder", "place"]

    var entries: [UUID: Entry] = [:]
    /// Which project holds each name (as names compare) and each folder, among those that exist.
    var names: [String: UUID] = [:]
    var folders: [String: UUID] = [:]
    var defaultOrder = ProjectOrder.standard
    var overridden: [Overridden] = []
    var dropped: [DroppedEdit] = []
    /// The numbered name or the folder given up that each project holds now, by the merge, and
    /// when the merge decided it: the order they are told in.
    var renamed: [UUID: (MergeStamp, Renaming)] = [:]
    var folderClashes: [UUID: (MergeStamp, FolderClash)] = [:]
    var submissions = SubmissionMerge()

    mutating func take(_ shared: SharedChange, numbered: (String, Int) -> String) {
        for operation in shared.change.operations {
            switch operation {
            case .create(let project):
                if let gone = entries[project.id], !gone.exists {
                    // Brought back (undo, undelete) by a machine that knew of the edits its deletion
                    // dropped: they came back with it, so they are no longer said to be dropped.
                    dropped.removeAll { $0.project == project.id && shared.knew(of: MergeStamp(clock: $0.edit.clock, machine: $0.edit.machine.id)) }
                }
                var entry = entries[project.id] ?? Entry(project: project, made: shared.stamp)
                for field in Self.fields { write(field, by: shared, to: &entry) }
                let key = project.orderKey ?? entry.project.orderKey
                if entry.exists, entries[project.id] != nil { release(entry.project) }
                entry.project = project
                entry.project.orderKey = key
                entry.exists = true
                entry.removal = nil
                name(&entry, project.name, by: shared, numbered: numbered)
                claimFolder(&entry, by: shared)
                entries[project.id] = entry
            case .remove(let project):
                guard var entry = entries[project.id], entry.exists else { continue }
                // Each unseen change once, in the agreed order: a dictionary's order is not the same
                // on two machines.
                var unseen: [MergeStamp: Change] = [:]
                for write in entry.writes.values where !shared.knew(of: write.stamp) { unseen[write.stamp] = write.change }
                for (_, edit) in unseen.sorted(by: { $0.key < $1.key }) {
                    dropped.append(DroppedEdit(project: project.id, edit: edit, removal: shared.change))
                }
                release(entry.project)
                renamed[project.id] = nil
                folderClashes[project.id] = nil
                entry.exists = false
                entry.removal = shared
                entries[project.id] = entry
            case .set(let id, let change):
                guard var entry = entries[id] else { continue }
                guard entry.exists else {
                    // One edit that set several fields is dropped once.
                    if let removal = entry.removal, !shared.knew(of: removal.stamp),
                       !dropped.contains(where: { $0.project == id && $0.edit.id == shared.change.id }) {
                        dropped.append(DroppedEdit(project: id, edit: shared.change, removal: removal.change))
                    }
                    continue
                }
                write(change.field, by: shared, to: &entry)
                switch change {
                case .name(_, let to): name(&entry, to, by: shared, numbered: numbered)
                case .details(_, let to): entry.project.details = to
                case .target(_, let to): entry.project.target = to
                case .due(_, let to): entry.project.due = to
                case .folder(_, let to):
                    if let folder = entry.project.folder, folders[Self.key(of: folder)] == id { folders[Self.key(of: folder)] = nil }
                    entry.project.folder = to
                    folderClashes[id] = nil
                    claimFolder(&entry, by: shared)
                }
                entries[id] = entry
            case .place(let id, let placement):
                // A move recorded before there were keys names positions only, which mean nothing here.
                guard let key = placement.toKey, var entry = entries[id], entry.exists else { continue }
                write("place", by: shared, to: &entry)
                entry.project.orderKey = key
                entries[id] = entry
            case .setDefaultOrder(_, let to):
                defaultOrder = to
            case .submissions(let change):
                submissions.take(change, by: shared, overridden: &overridden, numbered: numbered)
            case .setRoot, .disk:
                break
            }
        }
    }

    /// Notes `shared` as the latest change to `field`, and the one it overrode if its machine did
    /// not know of it.
    private mutating func write(_ field: String, by shared: SharedChange, to entry: inout Entry) {
        if let previous = entry.writes[field], entry.exists, !shared.knew(of: previous.stamp) {
            overridden.append(Overridden(project: entry.project.id, field: field, lost: previous.change, won: shared.change))
        }
        entry.writes[field] = shared
    }

    /// Gives `entry` the name `arriving`, made one the store reads if it is not, and numbered if
    /// another project holds it now.
    private mutating func name(_ entry: inout Entry, _ arriving: String, by shared: SharedChange, numbered: (String, Int) -> String) {
        let id = entry.project.id
        let current = ProjectName.matchKey(entry.project.name)
        if names[current] == id { names[current] = nil }
        renamed[id] = nil
        let wanted = ProjectName.mended(arriving, id: id)
        var given = wanted
        if let holder = names[ProjectName.matchKey(wanted)], holder != id {
            var number = 2
            given = ProjectName.numbered(wanted, number, numbered)
            while names[ProjectName.matchKey(given)] != nil {
                number += 1
                given = ProjectName.numbered(wanted, number, numbered)
            }
            renamed[id] = (shared.stamp, Renaming(project: id, from: wanted, to: given))
        }
        entry.project.name = given
        names[ProjectName.matchKey(given)] = id
    }

    /// Two projects given one folder on two machines (each added “Winter”, and each machine made
    /// `Winter/`): the first to claim it keeps it, the later has none now. Its files are in that
    /// folder with the other's; nothing moves.
    private mutating func claimFolder(_ entry: inout Entry, by shared: SharedChange) {
        // Taken in as an import is: no machine's log makes a folder outside the root movable here.
        entry.project.folder = entry.project.folder?.takenIn
        guard let folder = entry.project.folder else { return }
        let key = Self.key(of: folder)
        if let holder = folders[key], holder != entry.project.id {
            folderClashes[entry.project.id] = (shared.stamp, FolderClash(project: entry.project.id, path: folder.recorded, keptBy: holder))
            entry.project.folder = nil
        } else {
            folders[key] = entry.project.id
        }
    }

    /// Frees the name and folder `project` held.
    private mutating func release(_ project: Project) {
        let name = ProjectName.matchKey(project.name)
        if names[name] == project.id { names[name] = nil }
        if let folder = project.folder, folders[Self.key(of: folder)] == project.id { folders[Self.key(of: folder)] = nil }
    }

    private static func key(of folder: ProjectFolder) -> String {
        folder.recorded.precomposedStringWithCanonicalMapping
    }

    func outcome() throws(DocumentProblem) -> MergeOutcome {
        let projects = entries.values.filter(\.exists)
        // Places: a project that arrived without one (made before there were keys) goes last, in
        // the order the projects were made.
        var keyed = projects.map(\.project)
        var last = keyed.compactMap(\.orderKey).max()
        for entry in projects.sorted(by: { $0.made < $1.made }) where entry.project.orderKey == nil {
            let key = OrderKey.between(last, nil)
            last = key
            keyed[keyed.firstIndex { $0.id == entry.project.id }!].orderKey = key
        }
        // Checked by the rules the store's reader applies, the very ones: whatever a log held, a
        // merge never writes a store its reader refuses. They cost a look at each name and id,
        // little beside the merge itself.
        var catalog = try ProjectCatalog(projects: keyed, defaultOrder: defaultOrder)
        let merged = submissions.outcome()
        try catalog.takeStored(markets: merged.markets, submissions: merged.submissions)
        // In the order the merge decided them, the same on every machine.
        return MergeOutcome(
            catalog: catalog, latestWrites: projects.reduce(into: [:]) { $0[$1.project.id] = $1.writes.mapValues(\.change) },
            overridden: overridden, dropped: dropped,
            renamed: renamed.values.sorted { ($0.0, $0.1.project.uuidString) < ($1.0, $1.1.project.uuidString) }.map(\.1),
            folderClashes: folderClashes.values.sorted { ($0.0, $0.1.project.uuidString) < ($1.0, $1.1.project.uuidString) }.map(\.1),
            renamedMarkets: merged.renamed)
    }
}
