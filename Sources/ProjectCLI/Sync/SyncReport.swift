import Foundation
import ProjectStore
import ProjectStoreFile

/// What `sync` tells: what came in from each machine and what went out, what the merge decided
/// (a change overridden, an edit dropped, a name numbered), the files kept twice, the machines heard
/// from and what has not arrived yet. In the writer's words, or as JSON for scripts.
struct SyncReport {
    let context: CommandContext
    let json: Bool

    private var l: Localizer { context.localizer }

    // MARK: What each step says

    func shared(root: String, catalog: ProjectCatalog, remote: String?, outcome: GitSync.Outcome?) {
        if json { return emit(sharedJSON(root: root, catalog: catalog, remote: remote, outcome: outcome)) }
        context.say("sync.shared", count: catalog.projects.count, ["root": shown(root)])
        records(of: catalog)
        if let remote {
            context.say("sync.shared.git", ["remote": remote])
            context.say("sync.shared.next-git", ["remote": remote])
        } else {
            context.say("sync.shared.next-folder")
        }
    }

    func joined(root: String, catalog: ProjectCatalog, broughtIn: Int, arrivals: Arrivals?, outcome: GitSync.Outcome) {
        if json { return emit(joinedJSON(root: root, catalog: catalog, broughtIn: broughtIn, arrivals: arrivals, outcome: outcome)) }
        context.say("sync.joined", count: catalog.projects.count, ["root": shown(root)])
        if broughtIn > 0 { context.say("sync.joined.brought", count: broughtIn) }
        records(of: catalog)
        if let arrivals { decisions([arrivals], catalog: catalog, joining: true) }
    }

    /// The markets and submissions a shared list holds, said beside its projects: a writer sharing a
    /// year of submissions sees that they went with it.
    private func records(of catalog: ProjectCatalog) {
        guard !catalog.markets.isEmpty || !catalog.submissions.isEmpty else { return }
        let localizer = context.localizer
        context.say("sync.records", [
            "markets": localizer.text("sync.records.markets", count: catalog.markets.count, ["count": context.numbers.string(catalog.markets.count)]),
            "submissions": localizer.text("market.figures.submissions", count: catalog.submissions.count, ["count": context.numbers.string(catalog.submissions.count)]),
        ])
    }

    /// `--remote`: said before what the sync that follows says (not with `--json`, whose object says the sync).
    func remoteChanged(to remote: String, from old: String?) {
        guard !json else { return }
        if let old { context.say("sync.remote-changed", ["remote": remote, "old": old]) } else { context.say("sync.remote-set", ["remote": remote]) }
    }

    /// This machine's changes its log holds that are not in `known`, a version of that log: not in
    /// `HEAD`'s, the ones to commit; not in the remote's, the ones to send.
    func ownChanges(notIn known: [UInt8], root: String, catalog: ProjectCatalog, store: ProjectStore) -> Outgoing {
        let me = MachineFile.machine(environment: context.environment)
        let there = SharedRootFolder.changeIDs(inLog: known, of: me.id)
        let changes = ((try? SharedRootFolder().log(of: me.id, in: root)) ?? []).map(\.change.change).filter { !there.contains($0.id) }
        return Outgoing(sentences: sentences(changes, catalog: catalog, store: store), localizer: l)
    }

    /// `sent`: this machine's changes the remote did not have before this sync, committed by it or
    /// by an earlier sync that could not push.
    func synced(_ outcome: GitSync.Outcome, sent: Outgoing, arrivals: [Arrivals], catalog: ProjectCatalog, store: ProjectStore) {
        let changes = arrivals.flatMap(\.changes)
        let files = filesByProject(outcome.arrivedFiles, catalog: catalog, store: store)
        if json { return emit(syncedJSON(outcome, sent: sent, arrivals: arrivals, catalog: catalog)) }
        for lock in outcome.removedLocks { context.say("sync.lock-removed", ["path": lock]) }
        for text in outcome.withheldTexts {
            context.say("sync.text-withheld", ["path": TerminalText.visible(text.path), "problem": ErrorReport.describe(text.problem, l)])
        }
        // From each machine: its changes, and the files of each project that came with them; files
        // are said with the changes when one machine sent both, else on a line of their own.
        let machines = Set(changes.map(\.machine.name))
        sayFrom(changes, catalog: catalog, store: store, removals: arrivals.flatMap(\.dropped).map(\.removal), files: machines.count == 1 ? files : [])
        if !files.isEmpty, machines.count != 1 { context.say("sync.files-arrived", ["what": files.listed(l)]) }
        if changes.isEmpty && files.isEmpty { context.say("sync.nothing-arrived") }
        if outcome.sentOwnChanges {
            context.say("sync.sent", ["what": sent.sentences.isEmpty ? l.text("sync.sent.files") : sent.sentences.listed(l)])
        } else if outcome.pushed {
            context.say("sync.nothing-to-send")
        }
        for conflict in outcome.conflicts { context.say("sync.conflict", ["path": conflict.path, "copy": conflict.copy]) }
        for moved in outcome.ownVersionsMoved {
            context.say("sync.conflict-own-moved", ["path": moved.path, "copy": moved.copy, "machine": moved.keptBy])
        }
        decisions(arrivals, catalog: catalog, store: store)
        unclaimed(catalog, store: store)
    }

    /// A root a folder-sync tool carries: the machines heard from, and what has not arrived yet.
    func status(_ status: SharingStatus?, arrivals: Arrivals?, catalog: ProjectCatalog, store: ProjectStore) {
        guard let status else { return }
        let dates = context.dateText
        if json { return emit(statusJSON(status)) }
        if let arrivals { sayFrom(arrivals.changes, catalog: catalog, store: store, removals: arrivals.dropped.map(\.removal)) }
        context.say("sync.status.root", ["root": shown(status.root)])
        for heard in status.machines {
            let values = ["name": heard.machine.name, "date": dates.dateAndTime(heard.lastChange),
                          "count": NumberText(locale: context.locales.numbers).string(heard.changes)]
            if heard.isThisMachine {
                context.say("sync.status.this-machine", count: heard.changes, values)
            } else {
                context.say("sync.status.machine", count: heard.changes, values)
            }
        }
        for awaited in status.awaited {
            context.say("sync.status.awaited", ["name": awaited.name ?? String(awaited.machine.lowercasedString.prefix(8)), "by": awaited.seenBy])
        }
        if !status.foldersNotHere.isEmpty {
            context.say("sync.status.folders-not-here", count: status.foldersNotHere.count,
                        ["names": status.foldersNotHere.map { l.text("sync.quoted-name", ["name": TerminalText.visible($0.name)]) }.listed(l)])
        }
        if status.awaited.isEmpty && status.foldersNotHere.isEmpty { context.say("sync.status.all-here") }
        // Said at every sync while they are there; other commands say them once, when they arrive.
        if !status.setAside.isEmpty { context.terminal.output(ErrorReport(ProjectStoreError.sharedLinesSetAside(status.setAside), localizer: l).message + "\n") }
        // Which machine's text went into a copy the sync tool made, its name does not say: both
        // machines are told, while the copy is there, which file and where the other version is.
        for kept in SharedRootFolder.conflictCopies(in: status.root) {
            context.say("sync.kept-twice", ["path": kept.original, "copy": kept.copy])
        }
        if let arrivals { decisions([arrivals], catalog: catalog, store: store) }
        unclaimed(catalog, store: store)
    }

    // MARK: Pieces

    /// “From desktop: renamed “Draft” to “Winter”; added “Sonnets””, a machine a line.
    /// `removals`: the deletions that dropped edits arriving now, which name those projects.
    private func sayFrom(_ changes: [Change], catalog: ProjectCatalog, store: ProjectStore, removals: [Change], files: [String] = []) {
        let byMachine = Dictionary(grouping: changes, by: { $0.machine.name })
        for machine in byMachine.keys.sorted() {
            let said = sentences(byMachine[machine]!, catalog: catalog, store: store, earlier: removals) + files
            context.say("sync.from", ["machine": machine, "what": said.listed(l)])
        }
    }

    /// Each change in one sentence, as `history` says it.
    private func sentences(_ changes: [Change], catalog: ProjectCatalog, store: ProjectStore, earlier: [Change] = []) -> [String] {
        let sentence = context.historySentence(store, catalog, remembering: earlier + changes)
        let names = HistorySentence.namesAtEachChange(changes, catalog: catalog, earlier: earlier)
        return changes.map { sentence.describe(History.Entry(change: $0), names: names[$0.id] ?? [:]) }
    }

    var english: HistorySentence {
        HistorySentence(localizer: Localizer(language: "en"), locales: LocaleSettings(environment: [:]))
    }

    /// “3 files changed in “My Novel””, a project at a time, then the files of no project.
    private func filesByProject(_ paths: [String], catalog: ProjectCatalog, store: ProjectStore) -> [String] {
        guard !paths.isEmpty else { return [] }
        var remaining = paths
        var said: [String] = []
        for project in catalog.projects {
            guard let folder = project.folder, !folder.recorded.hasPrefix("/") else { continue }
            let prefix = folder.recorded + "/"
            let inside = remaining.filter { $0.hasPrefix(prefix) }
            guard !inside.isEmpty else { continue }
            remaining.removeAll { $0.hasPrefix(prefix) }
            said.append(l.text("sync.files-in", count: inside.count, ["count": String(inside.count), "name": TerminalText.visible(project.name)]))
        }
        if !remaining.isEmpty { said.append(l.text("sync.files-elsewhere", count: remaining.count, ["count": String(remaining.count)])) }
        return said
    }

    /// What the merge decided, each said once: nothing happens silently.
    /// `joining`: only what joining decided, the names and folders this machine brought; the other
    /// machines' earlier decisions were told on those machines.
    private func decisions(_ arrivals: [Arrivals], catalog: ProjectCatalog, store: ProjectStore? = nil, joining: Bool = false) {
        let markets = catalog.marketNames(bySubmission: true, remembering: arrivals.flatMap(\.changes))
        func name(_ id: UUID, _ change: Change) -> String {
            if let project = catalog.projects.first(where: { $0.id == id }) { return TerminalText.visible(project.name) }
            for case .remove(let project) in change.operations where project.id == id { return TerminalText.visible(project.name) }
            // A market, or a submission named by its market: what a response or a market's field is about.
            if let market = markets(id) { return TerminalText.visible(market) }
            return String(id.lowercasedString.prefix(8))
        }
        for overridden in joining ? [] : arrivals.flatMap(\.overridden) {
            var values = [
                "field": fieldName(overridden.field), "name": name(overridden.project, overridden.won),
                "lost": overridden.lost.machine.name, "won": overridden.won.machine.name]
            // The values themselves, where the field has one to say (a place in the order has none).
            if let store, let kept = overridden.won.value(of: overridden.field, for: overridden.project),
               let given = overridden.lost.value(of: overridden.field, for: overridden.project) {
                let sentence = context.historySentence(store, catalog)
                values["kept"] = sentence.value(kept)
                values["given"] = sentence.value(given)
                context.say("sync.overridden.values", values)
            } else {
                context.say("sync.overridden", values)
            }
        }
        for dropped in joining ? [] : arrivals.flatMap(\.dropped) {
            context.say("sync.dropped", [
                "name": name(dropped.project, dropped.removal), "machine": dropped.edit.machine.name, "deleter": dropped.removal.machine.name])
        }
        for renaming in arrivals.flatMap(\.renamed) { sayRenaming(renaming) }
        for renaming in arrivals.flatMap(\.renamedMarkets) {
            context.say("sync.market-renamed", ["from": TerminalText.visible(renaming.from), "to": TerminalText.visible(renaming.to)])
        }
        for clash in arrivals.flatMap(\.folderClashes) {
            let project = catalog.projects.first { $0.id == clash.project }
            let keeper = catalog.projects.first { $0.id == clash.keptBy }
            context.say("sync.folder-clash", [
                "name": TerminalText.visible(project?.name ?? ""), "other": TerminalText.visible(keeper?.name ?? ""), "path": clash.path])
        }
    }

    /// A field as the sentence names it; `undo` names the fields it gave another machine's value.
    func fieldName(_ field: String) -> String { Self.fieldName(field, l) }

    /// A field as a sentence names it, for `sync`, `undo` and the errors that name one.
    static func fieldName(_ field: String, _ l: Localizer) -> String {
        switch field {
        case "name": l.text("sync.field.name")
        case "details": l.text("sync.field.details")
        case "target": l.text("sync.field.target")
        case "due": l.text("sync.field.due")
        case "folder": l.text("sync.field.folder")
        case "response": l.text("sync.field.response")
        case _ where MarketField(rawValue: field) != nil: l.text("sync.field.market")
        default: l.text("sync.field.place")
        }
    }

    private func sayRenaming(_ renaming: Renaming) {
        context.say("sync.renamed", ["from": TerminalText.visible(renaming.from), "to": TerminalText.visible(renaming.to)])
    }

    /// Folders under the root no project claims, such as the files of a project deleted on one
    /// machine while another wrote in it: said, never touched.
    private func unclaimed(_ catalog: ProjectCatalog, store: ProjectStore) {
        guard let found = try? store.unclaimedFolders(in: catalog), !found.names.isEmpty else { return }
        context.say("sync.unclaimed", count: found.names.count, ["names": found.names.listed(l)])
    }

    /// `~` for the home folder.
    private func shown(_ path: String) -> String {
        guard let home = context.environment["HOME"], home != "/", FolderPath.isSameOrInside(path, home) else { return path }
        return "~" + path.dropFirst(home.count)
    }

}

extension Change {
    /// The last value this change set in one field of one project.
    func value(of field: String, for project: UUID) -> FieldChange? {
        operations.lazy.reversed().compactMap { operation -> FieldChange? in
            guard case .set(project, let change) = operation, change.field == field else { return nil }
            return change
        }.first
    }
}

/// This machine's changes a sync sends, in sentences; the commit's subject says them.
struct Outgoing {
    let sentences: [String]
    let localizer: Localizer

    func subject(machine: String) -> String {
        guard !sentences.isEmpty else { return localizer.text("sync.commit.files", ["machine": machine]) }
        let shown = Array(sentences.prefix(3)).listed(localizer)
        let more = sentences.count - 3
        let what = more > 0 ? localizer.text("sync.commit.more", count: more, ["list": shown, "count": String(more)]) : shown
        return localizer.text("sync.commit.subject", ["machine": machine, "what": what])
    }
}

extension Array where Element == String {
    /// “a; b; c”, as the writer's language separates the items of a list.
    func listed(_ localizer: Localizer) -> String {
        guard var text = first else { return "" }
        for item in dropFirst() { text = localizer.text("sync.list", ["list": text, "item": item]) }
        return text
    }
}
