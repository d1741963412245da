import Foundation
import ProjectStore
import ProjectStoreFile

/// What `sync --json` prints: the same facts as the sentences, under names scripts read. Changes are
/// said in English, as `history --json` says them, whatever the writer's language.
extension SyncReport {
    func sharedJSON(root: String, catalog: ProjectCatalog, remote: String?, outcome: GitSync.Outcome?) -> [String: Any] {
        ["root": root, "projects": catalog.projects.count, "markets": catalog.markets.count, "submissions": catalog.submissions.count,
         "remote": remote ?? NSNull(), "pushed": outcome?.pushed ?? false]
    }

    func joinedJSON(root: String, catalog: ProjectCatalog, broughtIn: Int, arrivals: Arrivals?, outcome: GitSync.Outcome) -> [String: Any] {
        ["root": root, "projects": catalog.projects.count, "markets": catalog.markets.count, "submissions": catalog.submissions.count,
         "broughtIn": broughtIn, "pushed": outcome.pushed,
         "renamed": (arrivals?.renamed ?? []).map { ["from": $0.from, "to": $0.to] }]
    }

    func syncedJSON(_ outcome: GitSync.Outcome, sent: Outgoing, arrivals: [Arrivals], catalog: ProjectCatalog) -> [String: Any] {
        let english = english
        let changes = arrivals.flatMap(\.changes)
        let names = HistorySentence.namesAtEachChange(changes, catalog: catalog, earlier: arrivals.flatMap(\.dropped).map(\.removal))
        return [
            "committed": outcome.committed, "pushed": outcome.pushed, "sent": outcome.sentOwnChanges ? sent.sentences : [],
            "removedLocks": outcome.removedLocks, "withheldTexts": outcome.withheldTexts.map(\.path),
            "arrived": changes.map { ["machine": $0.machine.name, "change": english.describe(History.Entry(change: $0), names: names[$0.id] ?? [:])] },
            "files": outcome.arrivedFiles,
            "conflicts": outcome.conflicts.map { ["path": $0.path, "copy": $0.copy] },
            "ownVersionsMoved": outcome.ownVersionsMoved.map { ["path": $0.path, "copy": $0.copy, "keptBy": $0.keptBy] },
            "overridden": arrivals.flatMap(\.overridden).map { overridden -> [String: Any] in
                var entry: [String: Any] = [
                    "project": overridden.project.lowercasedString, "field": overridden.field,
                    "lostOn": overridden.lost.machine.name, "wonOn": overridden.won.machine.name]
                if let name = catalog.projects.first(where: { $0.id == overridden.project })?.name { entry["name"] = name }
                // The values, as the sentence says them, where the field has one (a place in the order has none).
                if let held = overridden.won.value(of: overridden.field, for: overridden.project),
                   let gaveWay = overridden.lost.value(of: overridden.field, for: overridden.project) {
                    entry["held"] = Self.json(held)
                    entry["gaveWay"] = Self.json(gaveWay)
                }
                return entry
            },
            "dropped": arrivals.flatMap(\.dropped).map {
                ["project": $0.project.lowercasedString, "editedOn": $0.edit.machine.name, "deletedOn": $0.removal.machine.name]
            },
            "renamed": arrivals.flatMap(\.renamed).map { ["from": $0.from, "to": $0.to] },
        ]
    }

    /// The value a change set, as JSON: text, a number of words, a day as `YYYY-MM-DD`, a folder as
    /// the store records it (relative to the root inside it); `null` for a field cleared.
    private static func json(_ field: FieldChange) -> Any {
        let value: Any? = switch field {
        case .name(_, let to): to
        case .details(_, let to): to
        case .target(_, let to): to
        case .due(_, let to): to?.description
        case .folder(_, let to): to?.recorded
        }
        return value ?? NSNull()
    }

    func statusJSON(_ status: SharingStatus) -> [String: Any] {
        [
            "root": status.root,
            "machines": status.machines.map {
                ["id": $0.machine.id.lowercasedString, "name": $0.machine.name, "lastChange": Timestamp.string(from: $0.lastChange),
                 "changes": $0.changes, "thisMachine": $0.isThisMachine]
            },
            "awaited": status.awaited.map { ["id": $0.machine.lowercasedString, "name": $0.name.map { $0 as Any } ?? NSNull(), "seenBy": $0.seenBy] },
            "foldersNotHere": status.foldersNotHere.map(\.name),
            "keptTwice": SharedRootFolder.conflictCopies(in: status.root).map { ["path": $0.original, "copy": $0.copy] },
            "setAside": status.setAside.map {
                ["path": $0.path, "line": $0.line, "problem": ErrorReport.describe($0.problem, english.localizer)] as [String: Any]
            },
        ]
    }

    func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        else { return }
        context.terminal.output(String(decoding: data, as: UTF8.self) + "\n")
    }
}
