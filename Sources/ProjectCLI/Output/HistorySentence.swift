import Foundation
import ProjectStore

/// One recorded change in one sentence, as `history` lists it and `redo` says it, or, `undone`, as
/// `undo` says it was taken back, built from what the change did: its operations. An edit names
/// each field it set or cleared; a command this version does not know is described by its count.
struct HistorySentence {
    let localizer: Localizer
    private let formats: Formats

    /// Where folders recorded relative to the root are, and the home folder, shown as `~`.
    let root: FolderRoot?
    let home: String?
    /// A market's name, given its id or the id of a submission to it: operations name them by id.
    var marketNames: (UUID) -> String? = { _ in nil }

    /// `dates` makes the date formats when a sentence first names a date (by default in the locales'
    /// zone); a caller that tells the writer about an unusable zone does so there.
    init(
        localizer: Localizer, locales: LocaleSettings, root: FolderRoot? = nil, home: String? = nil,
        dates: (() -> DateText)? = nil
    ) {
        self.localizer = localizer
        self.root = root
        self.home = home
        formats = Formats(
            numbers: { NumberText(locale: locales.numbers) },
            dates: dates ?? { DateText(locale: locales.formatting, timeZone: locales.timeZone.zone) })
    }

    /// ICU's number and date formats, made when a sentence first needs one: most sentences name no
    /// number or date, and making the formats read 1.4 MB more of ICU's data for an `undo` of a rename.
    private final class Formats {
        private let makeNumbers: () -> NumberText
        private let makeDates: () -> DateText
        lazy var numbers = makeNumbers()
        lazy var dates = makeDates()

        init(numbers: @escaping () -> NumberText, dates: @escaping () -> DateText) {
            makeNumbers = numbers
            makeDates = dates
        }
    }

    private var numbers: NumberText { formats.numbers }
    private var dates: DateText { formats.dates }

    /// `names`: what the projects the change names by id alone (a move, an edit) were called then.
    func describe(_ entry: History.Entry, names: [UUID: String], undone: Bool = false) -> String {
        let change = entry.change
        let names = Names(known: names, change: change)
        let operations = change.catalogOperations
        func text(_ key: String, undo undoKey: String, _ values: [String: String]) -> String {
            localizer.text(undone ? undoKey : key, values)
        }
        if let restore = change.fileRestore { return describe(restore, in: change, names: names, undone: undone) }
        if let said = describeSubmissions(change, undone: undone) { return said }
        switch (change.command, operations.first) {
        case ("add", .create(let project)?):
            return text("history.add", undo: "history.add.undo", ["name": visible(project.name)])
        case ("delete", .remove(let project)?):
            return text("history.delete", undo: "history.delete.undo", ["name": visible(project.name)])
        case ("rename", .set(_, .name(let old, let new))?):
            return text("history.rename", undo: "history.rename.undo", ["old": visible(old), "new": visible(new)])
        case ("move", .place(_, let placement)?):
            return text("history.move", undo: "history.move.undo", [
                "name": names.name(of: placement, in: change), "from": numbers.string(placement.fromPosition),
                "to": numbers.string(placement.toPosition)])
        case ("undo", _) where !undone:
            // What the undo took back, said as that change is said undone: "brought back “Autumn” (undo)".
            let original = Self.projectsFirst(operations.reversed().map(\.reversed))
            guard let command = Self.command(doing: original) else { break }
            let taken = Change(revision: change.revision, time: change.time, clock: change.clock, machine: change.machine,
                               kind: .command(command), operations: original)
            return localizer.text("history.undo-of", ["what": describe(History.Entry(change: taken), names: names.known, undone: true)])
        case ("redo", _) where !undone:
            let again = Self.projectsFirst(operations)
            guard let command = Self.command(doing: again) else { break }
            let redone = Change(revision: change.revision, time: change.time, clock: change.clock, machine: change.machine,
                                kind: .command(command), operations: again)
            return localizer.text("history.redo-of", ["what": describe(History.Entry(change: redone), names: names.known)])
        case ("sync", _) where !undone:
            return localizer.text("history.share", count: operations.filter { if case .create = $0 { true } else { false } }.count)
        case ("import", _):
            // Projects only: the markets and submissions an export carries come with them.
            let count = operations.filter { if case .create = $0 { true } else if case .remove = $0 { true } else { false } }.count
            return undone ? localizer.text("history.import.undo", count: count) : localizer.text("history.import", count: count)
        case ("sort", .setDefaultOrder(let from, let to)?):
            // The order itself reads "sorted by name"; the sentence around it does not repeat it.
            return text("history.sort", undo: "history.sort.undo", ["order": localizer.text((undone ? from : to).nameKey)])
        case ("root", _):
            let root = operations.lazy.compactMap { if case .setRoot(let from, let to) = $0 { undone ? from : to } else { nil } }.first ?? nil
            return text("history.root", undo: "history.root.undo", ["path": root.map(visible) ?? localizer.text("history.root.default")])
        case ("edit", _) where !operations.isEmpty:
            // What an undo did is the reverse of each field set.
            return fields(undone ? operations.reversed().map(\.reversed) : operations, in: change, names: names)
        default:
            break
        }
        let count = max(change.projectIDs.count, 1)
            let command = ["command": change.command]
        return undone
            ? localizer.text("history.other.undo", count: count, command) : localizer.text("history.other", count: count, command)
    }

    /// A restore, or its undo or redo: the step they record is the restore's own.
    private func describe(_ restore: FileRestore, in change: Change, names: Names, undone: Bool) -> String {
        func restoring(undone: Bool) -> String {
            let values = ["file": visible(restore.file), "number": numbers.string(restore.number), "name": names.name(of: restore.project)]
            guard undone else { return localizer.text("history.restore", values) }
            return localizer.text(restore.before == nil ? "history.restore.undo.gone" : "history.restore.undo", values)
        }
        switch change.kind {
        case .undo: return localizer.text("history.undo-of", ["what": restoring(undone: true)])
        case .redo: return localizer.text("history.redo-of", ["what": restoring(undone: false)])
        case .command: return restoring(undone: undone)
        }
    }

    /// A project made or removed first: the deletion of a project that was edited, undone, is said
    /// as the project brought back.
    private static func projectsFirst(_ operations: [ChangeOperation]) -> [ChangeOperation] {
        func isWhole(_ operation: ChangeOperation) -> Bool {
            switch operation {
            case .create, .remove: true
            default: false
            }
        }
        return operations.filter(isWhole) + operations.filter { !isWhole($0) }
    }

    /// The command whose sentence says what `operations` did, as an undo or a redo did them again
    /// without naming the command; `nil` when no one sentence says it.
    private static func command(doing operations: [ChangeOperation]) -> String? {
        switch operations.first {
        case .create?: operations.count == 1 ? "add" : "import"
        case .remove?: "delete"
        case .set(_, .name)? where operations.dropFirst().allSatisfy({ if case .set(_, .folder) = $0 { true } else { false } }): "rename"
        case .set?: "edit"
        case .place?: "move"
        case .setDefaultOrder?: "sort"
        case .setRoot?: "root"
        case .disk?, .submissions?, nil: nil
        }
    }

    /// Each field an edit set or cleared, as one clause each: the first names the project, the
    /// others say "its", all joined as a list. After a clause with the same verb, a clause takes its
    /// `.again` form, which leaves the verb out where the language does: "set the target of “Beta”
    /// to 5,000 words and its due date to January 1, 2027".
    private func fields(_ operations: [ChangeOperation], in change: Change, names: Names) -> String {
        var clauses: [String] = []
        var previousVerb: ClauseVerb?
        for operation in operations {
            guard case .set(let id, let field) = operation else { continue }
            // Each clause as the first of the sentence, naming the project, and after it, saying "its";
            // `again` after a clause of the same verb, where the language says the verb once.
            let keys: (named: String, its: String, again: String?)
            var verb = ClauseVerb.other
            var values = ["name": names.name(of: id)]
            switch field {
            case .details(_, nil):
                keys = ("history.edit.details.cleared", "history.edit.details.cleared.its", "history.edit.details.cleared.its.again")
                verb = .cleared
            case .details: keys = ("history.edit.details.changed", "history.edit.details.changed.its", nil)
            case .target(_, let to?):
                keys = ("history.edit.target.set", "history.edit.target.set.its", "history.edit.target.set.its.again")
                verb = .set
                values["target"] = localizer.text("history.edit.words", count: to, ["count": numbers.string(to)])
            case .target(_, nil):
                keys = ("history.edit.target.cleared", "history.edit.target.cleared.its", "history.edit.target.cleared.its.again")
                verb = .cleared
            case .due(_, let to?):
                keys = ("history.edit.due.set", "history.edit.due.set.its", "history.edit.due.set.its.again")
                verb = .set
                values["date"] = dates.day(to)
            case .due(_, nil):
                keys = ("history.edit.due.cleared", "history.edit.due.cleared.its", "history.edit.due.cleared.its.again")
                verb = .cleared
            case .folder(_, let to?):
                keys = ("history.edit.folder.given", "history.edit.folder.given.its", nil)
                values["path"] = visible(folderPath(to))
            case .folder(_, nil): keys = ("history.edit.folder.detached", "history.edit.folder.detached.its", nil)
            case .name(_, let to):
                keys = ("history.edit.name.set", "history.edit.name.set.its", nil)
                values["name"] = visible(to)
            }
            let key = clauses.isEmpty ? keys.named : verb != .other && verb == previousVerb ? keys.again ?? keys.its : keys.its
            clauses.append(localizer.text(key, values))
            previousVerb = verb
        }
        guard let last = clauses.popLast() else { return localizer.text("history.other", count: 1, ["command": change.command]) }
        guard !clauses.isEmpty else { return last }
        return localizer.text("history.edit.and", ["list": clauses.joined(separator: ", "), "last": last])
    }

    /// The value a field change left, as a sentence quotes it: “a blurb”, 80,000 words, a date, a
    /// folder; a value cleared is said as none. `sync` says which value held and which gave way.
    func value(_ field: FieldChange) -> String {
        let none = localizer.text("sync.value.none")
        switch field {
        case .name(_, let to): return localizer.text("sync.quoted-name", ["name": visible(to)])
        case .details(_, let to): return to.map { localizer.text("sync.quoted-name", ["name": visible($0)]) } ?? none
        case .target(_, let to): return to.map { localizer.text("history.edit.words", count: $0, ["count": numbers.string($0)]) } ?? none
        case .due(_, let to): return to.map { dates.day($0) } ?? none
        case .folder(_, let to): return to.map { visible(folderPath($0)) } ?? none
        }
    }

    /// The verbs two clauses of an edit may share: "set" the target and the due date.
    private enum ClauseVerb { case set, cleared, other }

    private func visible(_ text: String) -> String { TerminalText.visible(text) }

    /// A folder as the writer knows it: absolute, with the home folder as `~`.
    private func folderPath(_ folder: ProjectFolder) -> String {
        let path = folder.path(in: root)
        guard let home, home != "/", FolderPath.isSameOrInside(path, home) else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The names of the projects each change touched, as they were just after it: the catalog's
    /// names now, taken back change by change from the newest, undos and redos included, since each
    /// did what its operations say. Keyed by change. A project no longer in the catalog goes by the
    /// name it last had in `changes` or in `earlier` (changes that removed projects, such as the
    /// deletion that dropped an edit arriving now), never by its id.
    static func namesAtEachChange(_ changes: [Change], catalog: ProjectCatalog, earlier: [Change] = []) -> [ChangeID: [UUID: String]] {
        // Only the projects the changes name: a store may hold 100,000.
        var names = catalog.names(of: changes.flatMap(\.projectIDs))
        let present = names
        for change in earlier + changes {
            for operation in change.operations {
                switch operation {
                case .create(let project) where present[project.id] == nil, .remove(let project) where present[project.id] == nil:
                    names[project.id] = project.name
                case .set(let id, .name(_, let to)) where present[id] == nil: names[id] = to
                default: continue
                }
            }
        }
        var result: [ChangeID: [UUID: String]] = [:]
        for change in changes.reversed() {
            var known: [UUID: String] = [:]
            for id in change.projectIDs { known[id] = names[id] }
            result[change.id] = known
            for operation in change.operations.reversed() {
                switch operation {
                case .set(let id, .name(let from, _)): names[id] = from
                case .remove(let project): names[project.id] = project.name
                case .create(let project): names[project.id] = names[project.id] ?? project.name
                default: continue
                }
            }
        }
        return result
    }
}

/// The name a sentence gives a project: the name the change itself gave or took, else the one
/// it had then.
private struct Names {
    let known: [UUID: String]
    let change: Change

    func name(of id: UUID) -> String {
        for operation in change.operations {
            switch operation {
            case .create(let project) where project.id == id, .remove(let project) where project.id == id:
                return TerminalText.visible(project.name)
            case .set(id, .name(_, let to)):
                return TerminalText.visible(to)
            default: continue
            }
        }
        return known[id].map { TerminalText.visible($0) } ?? String(id.lowercasedString.prefix(8))
    }

    func name(of placement: Placement, in change: Change) -> String {
        guard let id = change.operations.first?.projectID else { return "" }
        return name(of: id)
    }
}
