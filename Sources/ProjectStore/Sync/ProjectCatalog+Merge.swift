import Foundation

extension ProjectCatalog {
    /// The catalog every machine's changes make, the same whatever order they arrived in: they are
    /// taken in the one order all machines agree on (by hybrid clock, then machine), and each field
    /// of each project holds what the latest change to it wrote. So changes to different projects,
    /// or to different fields of one, are all kept; a field changed on two machines holds the later
    /// change; a project deleted on one machine stays deleted whatever another did to it meanwhile;
    /// moves and adds all hold, each project where its latest move put it. Two projects given one
    /// name keep it in the order they took it, the later ones renamed by `numbered` (“Winter (2)”).
    ///
    /// The saved root and the steps on disk are left out: the root's path is each machine's own,
    /// and a machine never moves a folder because of another machine's change.
    public static func merged(
        _ changes: [SharedChange], numbered: (String, Int) -> String = { "\($0) (\($1))" }
    ) throws(DocumentProblem) -> MergeOutcome {
        var merge = Merge()
        for change in changes.sorted(by: { $0.stamp < $1.stamp }) { merge.take(change) }
        return try merge.outcome(numbered: numbered)
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
        /// When it took its name, which decides who keeps a name two projects took.
        var named: MergeStamp
        /// When it was first made, which orders projects that arrive without a place.
        let made: MergeStamp
    }

    static let fields = ["name", "details", "target", "due", "folder", "place"]

    var entries: [UUID: Entry] = [:]
    var defaultOrder = ProjectOrder.standard
    var overridden: [Overridden] = []
    var dropped: [DroppedEdit] = []

    mutating func take(_ shared: SharedChange) {
        for operation in shared.change.operations {
            switch operation {
            case .create(let project):
                var entry = entries[project.id] ?? Entry(project: project, named: shared.stamp, made: shared.stamp)
                for field in Self.fields { write(field, by: shared, to: &entry) }
                let key = project.orderKey ?? entry.project.orderKey
                entry.project = project
                entry.project.orderKey = key
                entry.exists = true
                entry.removal = nil
                entry.named = shared.stamp
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
                entry.exists = false
                entry.removal = shared
                entries[project.id] = entry
            case .set(let id, let change):
                guard var entry = entries[id] else { continue }
                guard entry.exists else {
                    if let removal = entry.removal, !shared.knew(of: removal.stamp) {
                        dropped.append(DroppedEdit(project: id, edit: shared.change, removal: removal.change))
                    }
                    continue
                }
                write(change.field, by: shared, to: &entry)
                switch change {
                case .name(_, let to):
                    entry.project.name = to
                    entry.named = shared.stamp
                case .details(_, let to): entry.project.details = to
                case .target(_, let to): entry.project.target = to
                case .due(_, let to): entry.project.due = to
                case .folder(_, let to): entry.project.folder = to
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

    func outcome(numbered: (String, Int) -> String) throws(DocumentProblem) -> MergeOutcome {
        var projects = entries.values.filter(\.exists).sorted { ($0.named, $0.project.id.uuidString) < ($1.named, $1.project.id.uuidString) }
        // Names: the first to take one keeps it; each later one gets the first free number.
        var taken = Set<String>()
        var renamed: [Renaming] = []
        for index in projects.indices {
            let name = projects[index].project.name
            guard !taken.insert(ProjectName.matchKey(name)).inserted else { continue }
            var number = 2
            var candidate = Self.fitted(name, number, numbered)
            while !taken.insert(ProjectName.matchKey(candidate)).inserted {
                number += 1
                candidate = Self.fitted(name, number, numbered)
            }
            projects[index].project.name = candidate
            renamed.append(Renaming(project: projects[index].project.id, from: name, to: candidate))
        }
        // Folders: two projects given one folder on two machines (each added “Winter”, and each
        // machine made `Winter/`): the first to claim it keeps it, the later has none now. Its files
        // are in that folder with the other's; nothing moves.
        var claimed: [String: UUID] = [:]
        var folderClashes: [FolderClash] = []
        let byClaim = projects.indices.sorted {
            (projects[$0].writes["folder"]?.stamp ?? projects[$0].made, projects[$0].project.id.uuidString)
                < (projects[$1].writes["folder"]?.stamp ?? projects[$1].made, projects[$1].project.id.uuidString)
        }
        for index in byClaim {
            // Taken in as an import is: no machine's log makes a folder outside the root movable here.
            projects[index].project.folder = projects[index].project.folder?.takenIn
            guard let folder = projects[index].project.folder else { continue }
            let key = folder.recorded.precomposedStringWithCanonicalMapping
            if let holder = claimed[key] {
                folderClashes.append(FolderClash(project: projects[index].project.id, path: folder.recorded, keptBy: holder))
                projects[index].project.folder = nil
            } else {
                claimed[key] = projects[index].project.id
            }
        }
        // Places: a project that arrived without one (made before there were keys) goes last, in
        // the order the projects were made.
        var keyed = projects.map(\.project)
        var last = keyed.compactMap(\.orderKey).max()
        for entry in projects.sorted(by: { $0.made < $1.made }) where entry.project.orderKey == nil {
            let key = OrderKey.between(last, nil)
            last = key
            keyed[keyed.firstIndex { $0.id == entry.project.id }!].orderKey = key
        }
        let catalog = try ProjectCatalog(projects: keyed, defaultOrder: defaultOrder)
        return MergeOutcome(catalog: catalog, overridden: overridden, dropped: dropped, renamed: renamed, folderClashes: folderClashes)
    }

    /// `name` numbered, shortened first if the number would make it too long.
    private static func fitted(_ name: String, _ number: Int, _ numbered: (String, Int) -> String) -> String {
        var base = name
        var candidate = numbered(base, number)
        while candidate.count > ProjectName.maximumLength, !base.isEmpty {
            base.removeLast()
            candidate = numbered(base, number)
        }
        return candidate
    }
}
