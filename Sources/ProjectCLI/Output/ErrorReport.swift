#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore
import ProjectStoreFile

/// The exit statuses, a contract with scripts (see README).
enum ExitStatus: Int32 {
    case success = 0
    /// The request was understood and refused: a name, a reference, a position, a confirmation, an import.
    case refused = 1
    case usage = 2
    /// The store cannot be read or written, or a program the command needs is not installed.
    case unavailable = 3
}

/// Any error as the words the user reads and the status the tool exits with: the one place where
/// errors become language.
struct ErrorReport {
    let text: String
    let status: ExitStatus
    /// The words alone, without the "Error:" that starts `text`: for a warning that quotes them.
    let message: String
    /// What kind of error it is, the same in every language, for scripts: the part that found it
    /// and the case, `sync.unreachable`, `usage.missingArgument`, `store.duplicateName`.
    let code: String

    /// `dates` words the dates some errors name, in the writer's locale; without it they are
    /// given as timestamps. `numbers` groups the numbers they name; without it they are digits.
    init(_ error: any Error, localizer l: Localizer, dates: DateText? = nil, numbers: NumberText? = nil) {
        let lines: [String]
        let number = { (value: Int) in numbers?.string(value) ?? String(value) }
        switch error {
        case let error as ProjectStoreError:
            if case .submissions(let problem) = error {
                (lines, status) = (Self.describe(problem, l, day: { dates?.day($0) ?? $0.description }, number: number), .refused)
            } else {
                (lines, status) = Self.describe(
                    error, l, when: { dates?.dateAndTime($0) ?? Timestamp.string(from: $0) }, number: number)
            }
        case let error as UsageError:
            lines = [Self.describe(error, l)] + Self.ownOption(error, l) + [Self.helpHint(for: error.command, l)]
            status = .usage
        case let error as CommandError:
            (lines, status) = Self.describe(error, l)
        case let error as SyncError:
            (lines, status) = Self.describe(error, l)
        default:
            lines = [l.text("error.unexpected", ["detail": String(describing: error)])]
            status = .refused
        }
        code = Self.code(of: error)
        message = lines.joined(separator: "\n")
        text = lines.enumerated().map { index, line in
            index == 0 ? l.text("error.prefix", ["message": line]) : line
        }.joined(separator: "\n") + "\n"
    }

    private static func describe(
        _ error: ProjectStoreError, _ l: Localizer, when: (Date) -> String, number: @escaping (Int) -> String
    ) -> ([String], ExitStatus) {
        switch error {
        case .invalidName(let name, let problem):
            return ([describe(problem, name: name, l)], .refused)
        case .duplicateName(let name, let existing):
            return ([l.text("error.duplicate-name", ["name": name, "existing": existing.name])], .refused)
        case .projectNotFound(let reference, let near) where near.isEmpty:
            return ([l.text("error.not-found", ["reference": reference])], .refused)
        case .projectNotFound(let reference, let near):
            // Asked, never acted on: the writer types the name again.
            let names = near.map { l.text("error.not-found.near.name", ["name": $0]) }
            let list = names.count == 1
                ? names[0] : l.text("error.not-found.near.or", ["list": names.dropLast().joined(separator: ", "), "last": names.last!])
            return ([l.text("error.not-found.near", ["reference": reference, "names": list])], .refused)
        case .ambiguousReference(let reference, let candidates):
            let list = candidates.map { "  \($0.id.lowercasedString)  \(TerminalText.visible($0.name))" }
            return ([l.text("error.ambiguous", ["reference": reference])] + list, .refused)
        case .positionOutOfRange(let position, let count):
            let message = count == 0
                ? l.text("error.position-empty", ["position": String(position)])
                : l.text("error.position-range", count: count, ["position": String(position)])
            return ([message], .refused)
        case .moveRelativeToItself(let project):
            return ([l.text("error.move-itself", ["name": project.name])], .refused)
        case .importRejected(let problems):
            let list = problems.map { "  " + describe($0, l) }
            return ([l.text("error.import-rejected", count: problems.count)] + list, .refused)
        case .invalidTarget(let target):
            return ([l.text("error.invalid-target", range(of: .wordTarget, number, with: ["target": number(target)]))], .refused)
        case .invalidGoal(let goal):
            return ([l.text("error.invalid-goal", range(of: .dailyGoal, number, with: ["goal": number(goal)]))], .refused)
        case .storage(let storage):
            return ([describe(storage, l)] + recovery(from: storage, l), .unavailable)
        case .folderRefused(let path, .notUTF8):
            return ([l.text("error.folder-not-utf8", ["path": path])], .usage)
        case .folderRefused(let path, let refusal):
            return ([describe(refusal, path: path, l)], .refused)
        case .noFolder(let project):
            return ([l.text("error.no-folder", ["name": project.name])], .refused)
        case .folderMissing(let project, let path):
            return ([l.text("error.folder-missing", ["name": project.name, "path": path])], .refused)
        case .alreadyHasFolder(let project, let path):
            return ([l.text("error.has-folder", ["name": project.name, "path": path])], .refused)
        case .noRoot:
            return ([l.text("error.no-root")], .unavailable)
        case .rootNotAFolder(let path):
            return ([l.text("error.root-not-folder", ["path": path])], .unavailable)
        case .folderFailed(let failure):
            return ([l.text("error.folder-failed", ["path": failure.path, "reason": systemMessage(failure.code, l)])], .unavailable)
        case .interruptedChange(let failure):
            return ([l.text("error.interrupted-change", ["path": failure.path, "reason": systemMessage(failure.code, l)])], .unavailable)
        case .nothingToUndo:
            return ([l.text("error.nothing-to-undo")], .refused)
        case .nothingToRedo:
            return ([l.text("error.nothing-to-redo")], .refused)
        case .nothingToUndelete(let name):
            return ([l.text("error.nothing-to-undelete", ["name": name])], .refused)
        case .unrecordedChange(let time):
            return ([l.text("error.unrecorded-change", ["time": when(time)])], .refused)
        case .historyBlocked(let obstacle, _):
            return ([describe(obstacle, l)], .refused)
        case .versions(let problem):
            return ([describe(problem, l)], .refused)
        case .historyUnreadable(let path, .newerVersion(let version)):
            return ([l.text("error.history-newer", ["path": path, "version": String(version)])], .unavailable)
        case .historyUnreadable(let path, let problem):
            return ([l.text("error.history-unreadable", ["path": path, "problem": describe(problem, l)])], .unavailable)
        case .historyUnavailable(let path, let code):
            return ([l.text("error.history-unavailable", ["path": path, "problem": systemMessage(code, l)])], .unavailable)
        case .historyAhead(let path, let count, let last):
            return ([l.text("error.history-ahead", count: count, ["path": path, "last": last.map { when($0) } ?? "?"])], .unavailable)
        case .sharedFolderMissing(let root):
            return ([l.text("error.shared-folder-missing", ["root": root])], .unavailable)
        case .sharedFile(let storage):
            return ([describeShared(storage, l)], .unavailable)
        case .sharedLinesSetAside(let lines):
            return ([l.text("error.shared-set-aside", count: lines.count, ["count": String(lines.count)])]
                + lines.map { "  " + l.text("error.shared-set-aside.line", ["path": $0.path, "line": String($0.line), "problem": describe($0.problem, l)]) }
                + [l.text("error.shared-set-aside.advice")], .unavailable)
        case .storeLost(let lost):
            let found = lost.last.map { l.text("error.store-lost", count: lost.changes, ["path": lost.path, "last": when($0)]) }
                ?? l.text("error.store-lost.undated", count: lost.changes, ["path": lost.path])
            return ([found, l.text("error.store-lost.what-to-do")], .unavailable)
        case .submissions(let problem):
            return (describe(problem, l, day: \.description, number: number), .refused)
        }
    }

    /// `arguments` with `{minimum}` and `{maximum}` of a number the tool keeps, for the messages
    /// that say its range.
    static func range(of kept: StoredNumber, _ number: (Int) -> String, with arguments: [String: String]) -> [String: String] {
        arguments.merging(["minimum": number(kept.range.lowerBound), "maximum": number(kept.range.upperBound)]) { $1 }
    }

    private static func describe(_ obstacle: HistoryObstacle, _ l: Localizer) -> String {
        switch obstacle {
        case .projectChanged(let name): l.text("error.history.project-changed", ["name": name])
        case .projectPresent(let name): l.text("error.history.project-present", ["name": name])
        case .nameTaken(let name, let holder): l.text("error.history.name-taken", ["name": name, "existing": holder])
        case .orderChanged: l.text("error.history.order-changed")
        case .rootChanged: l.text("error.history.root-changed")
        case .folderMoved(let path): l.text("error.history.folder-moved", ["path": path])
        case .folderInTheWay(let path): l.text("error.history.folder-in-the-way", ["path": path])
        case .fileChanged(let file): l.text("error.history.file-changed", ["file": TerminalText.visible(file)])
        case .recordedBeforeUpgrade: l.text("error.history.before-upgrade")
        case .submissionChanged(let name): l.text("error.history.submission-changed", ["name": TerminalText.visible(name)])
        case .changedElsewhere(let name, let machine, let what): describeElsewhere(what, name: name, machine: machine, l)
        }
    }

    /// What another machine did since to a project, or to a market or its submissions (`name` is
    /// then the market's): each market field and answer by the words `market show` and `submissions` use.
    private static func describeElsewhere(_ what: ChangeElsewhere, name: String, machine: String, _ l: Localizer) -> String {
        let said = ["market": TerminalText.visible(name), "machine": machine]
        return switch what {
        case .field(let field): l.text("error.history.changed-elsewhere", ["name": name, "machine": machine, "field": SyncReport.fieldName(field, l)])
        case .deleted: l.text("error.history.deleted-elsewhere", ["name": name, "machine": machine])
        case .added: l.text("error.history.added-elsewhere", ["name": name, "machine": machine])
        case .marketEdited(let field): l.text("error.history.market-edited-elsewhere", said.merging(["field": l.text("market.row.\(field.rawValue)")]) { $1 })
        case .marketDeleted: l.text("error.history.market-deleted-elsewhere", said)
        case .marketAdded: l.text("error.history.market-added-elsewhere", said)
        case .submitted(let project): l.text("error.history.submitted-elsewhere", said.merging(["project": TerminalText.visible(project)]) { $1 })
        case .responded(let piece, .withdrawn): l.text("error.history.withdrawn-elsewhere", said.merging(["piece": TerminalText.visible(piece)]) { $1 })
        case .responded(let piece, let status):
            l.text("error.history.responded-elsewhere", said.merging([
                "piece": TerminalText.visible(piece), "status": l.text("submissions.status.\(status.rawValue)")]) { $1 })
        }
    }

    private static func describe(_ refusal: FolderRefusal, path: String, _ l: Localizer) -> String {
        switch refusal {
        case .missing: l.text("error.folder-refused.missing", ["path": path])
        case .notAFolder: l.text("error.folder-refused.not-folder", ["path": path])
        case .holdsRoot: l.text("error.folder-refused.root", ["path": path])
        case .trash: l.text("error.folder-refused.trash", ["path": path])
        case .climbsOut: l.text("error.folder-refused.climbs-out", ["path": path])
        case .projectFolder(let other): l.text("error.folder-refused.taken", ["path": path, "name": other.name])
        case .insideProjectFolder(let other): l.text("error.folder-refused.inside", ["path": path, "name": other.name])
        case .holdsProjectFolder(let other): l.text("error.folder-refused.holds", ["path": path, "name": other.name])
        case .notUTF8: l.text("error.folder-not-utf8", ["path": path])
        case .link: l.text("error.folder-refused.link", ["path": TerminalText.visible(path)])
        }
    }

    static func describe(_ problem: NameProblem, name: String, _ l: Localizer) -> String {
        switch problem {
        case .empty: l.text("error.name-empty")
        case .controlCharacter: l.text("error.name-control", ["name": name])
        case .invisibleCharacter(let hidden):
            l.text("error.name-invisible", [
                "name": shownWithInvisibles(name), "code": codePoint(hidden), "character": hidden.properties.name ?? "",
            ])
        case .tooLong(let maximum): l.text("error.name-too-long", ["maximum": String(maximum), "length": String(name.count)])
        }
    }

    /// `U+200B`: how Unicode names a code point, for a character that cannot be shown.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `name` with each character that shows nothing or reorders text written as `<U+200B>`:
    /// printed as it is, the name would look like another, or turn the message around.
    private static func shownWithInvisibles(_ name: String) -> String {
        name.unicodeScalars.map { $0.properties.isDefaultIgnorableCodePoint ? "<\(codePoint($0))>" : String($0) }.joined()
    }

    private static func describe(_ problem: ImportProblem, _ l: Localizer) -> String {
        switch problem {
        case .invalidName(let index, let name, let problem):
            l.text("import.problem.invalid-name", ["index": String(index), "reason": describe(problem, name: name, l)])
        case .clashesWithStore(let index, let name, let existing):
            l.text("import.problem.clash-store", ["index": String(index), "name": name, "existing": existing])
        case .clashesWithinDocument(let index, let name, let other):
            l.text("import.problem.clash-document", ["index": String(index), "name": name, "other": String(other)])
        case .idInStore(let index, let id):
            l.text("import.problem.id-store", ["index": String(index), "id": id.lowercasedString])
        case .idRepeated(let index, let id, let other):
            l.text("import.problem.id-repeated", ["index": String(index), "id": id.lowercasedString, "other": String(other)])
        case .folderInStore(let index, let folder, let existing):
            l.text("import.problem.folder-store", ["index": String(index), "path": folder, "existing": existing])
        case .folderRepeated(let index, let folder, let other):
            l.text("import.problem.folder-repeated", ["index": String(index), "path": folder, "other": String(other)])
        case .folderRefused(let index, let folder, let refusal):
            l.text("import.problem.folder-refused", ["index": String(index), "reason": describe(refusal, path: folder, l)])
        case .marketInvalidName(let index, let name, let problem):
            l.text("import.problem.market-invalid-name", ["index": String(index), "reason": describe(problem, name: name, l)])
        case .marketClashesWithStore(let index, let name, let existing):
            l.text("import.problem.market-clash-store", ["index": String(index), "name": name, "existing": existing])
        case .marketClashesWithinDocument(let index, let name, let other):
            l.text("import.problem.market-clash-document", ["index": String(index), "name": name, "other": String(other)])
        case .marketIDRepeated(let index, let id, let other):
            l.text("import.problem.market-id-repeated", ["index": String(index), "id": id.lowercasedString, "other": String(other)])
        case .marketIDOfSubmission(let index, let id):
            l.text("import.problem.market-id-submission", ["index": String(index), "id": id.lowercasedString])
        case .submissionIDRepeated(let index, let id, let other):
            l.text("import.problem.submission-id-repeated", ["index": String(index), "id": id.lowercasedString, "other": String(other)])
        case .submissionIDOfMarket(let index, let id, let market):
            l.text("import.problem.submission-id-market", ["index": String(index), "id": id.lowercasedString, "market": market])
        case .submissionMarketMissing(let index, let market):
            l.text("import.problem.submission-no-market", ["index": String(index), "id": market.lowercasedString])
        case .submissionWithoutPieces(let index):
            l.text("import.problem.submission-no-piece", ["index": String(index)])
        }
    }

    private static func describe(_ error: StorageError, _ l: Localizer) -> String {
        switch error {
        case .unreadable(let path, let code):
            l.text("error.store-unreadable", ["path": path, "reason": systemMessage(code, l)])
        case .invalid(let path, .newerVersion(let version)):
            l.text("error.store-newer", ["path": path, "version": String(version)])
        case .invalid(let path, let problem):
            l.text("error.store-invalid", ["path": path, "problem": describe(problem, l)])
        case .busy(let path, let seconds):
            l.text("error.store-busy", ["path": path, "seconds": String(seconds)])
        case .unwritable(let path, let code):
            l.text("error.store-unwritable", ["path": path, "reason": systemMessage(code, l)])
        case .notAFile(let path):
            l.text("error.store-not-file", ["path": path])
        }
    }

    /// A store that cannot be read as one has a way back: `history --rebuild` keeps it aside and
    /// rebuilds the list from its history. One from a newer version is not damaged.
    private static func recovery(from error: StorageError, _ l: Localizer) -> [String] {
        guard case .invalid(_, let problem) = error else { return [] }
        if case .newerVersion = problem { return [] }
        return [l.text("error.store-invalid.what-to-do")]
    }

    private static func describe(_ error: SyncError, _ l: Localizer) -> ([String], ExitStatus) {
        switch error {
        case .gitMissing:
            return ([l.text("error.sync.git-missing")], .unavailable)
        case .notShared(let root):
            return ([l.text("error.sync.not-shared", ["root": root])], .refused)
        case .noRemote(let root):
            return ([l.text("error.sync.no-remote", ["root": root])], .refused)
        case .otherRemote(let root, let existing):
            return ([l.text("error.sync.other-remote", ["root": root, "remote": existing])], .refused)
        case .remoteNotEmpty(let remote):
            return ([l.text("error.sync.remote-not-empty", ["remote": remote])], .refused)
        case .unreachable(let remote, let reason):
            return ([l.text("error.sync.unreachable", ["remote": remote, "reason": clause(reason)])], .unavailable)
        case .unreachableUnchanged(let remote, let reason):
            return ([l.text("error.sync.unreachable-unchanged", ["remote": remote, "reason": clause(reason)])], .unavailable)
        case .remoteMissing(let remote):
            return ([l.text("error.sync.remote-missing", ["remote": remote])], .refused)
        case .notRepository(let root, let remote):
            return ([l.text("error.sync.not-repository", ["root": root, "remote": remote])], .refused)
        case .remoteUnrelated(let remote):
            return ([l.text("error.sync.remote-unrelated", ["remote": remote])], .refused)
        case .operationInProgress(let root):
            return ([l.text("error.sync.operation-in-progress", ["root": root])], .refused)
        case .detachedHead(let root):
            return ([l.text("error.sync.detached-head", ["root": root])], .refused)
        case .insideRepository(let root, let top):
            return ([l.text("error.sync.inside-repository", ["root": root, "top": top])], .refused)
        case .rootNotEmpty(let root):
            return ([l.text("error.sync.root-not-empty", ["root": root])], .refused)
        case .joinFailed(let remote, let reason):
            return ([l.text("error.sync.join-failed", ["remote": remote, "reason": clause(reason)])], .unavailable)
        case .remoteNotShared(let remote):
            return ([l.text("error.sync.remote-not-shared", ["remote": remote])], .refused)
        case .pushRefused(let remote, let reason):
            return ([l.text("error.sync.push-refused", ["remote": remote, "reason": clause(reason)])], .unavailable)
        case .pushRefusedUnchanged(let remote, let reason):
            return ([l.text("error.sync.push-refused-unchanged", ["remote": remote, "reason": clause(reason)])], .unavailable)
        case .pushRaced(let remote, let attempts):
            return ([l.text("error.sync.push-raced", ["remote": remote, "attempts": String(attempts)])], .unavailable)
        case .lockHeld(let root, let lock, let seconds):
            return ([l.text("error.sync.lock-held", ["root": root, "lock": lock, "seconds": String(seconds)])], .unavailable)
        case .gitFailed(let step, let reason):
            return ([l.text("error.sync.git-failed", ["step": step, "reason": clause(reason)])], .unavailable)
        }
    }

    /// git's own sentence as a clause of ours: without its closing period, which ours supplies
    /// ("…not a git repository: …" rather than "repository..").
    static func clause(_ reason: String) -> String {
        var clause = Substring(reason.trimmingCharacters(in: .whitespacesAndNewlines))
        if clause.hasSuffix("."), !clause.hasSuffix("..") { clause = clause.dropLast() }
        return String(clause)
    }

    private static func describeShared(_ error: StorageError, _ l: Localizer) -> String {
        switch error {
        case .unreadable(let path, let code):
            l.text("error.shared-unreadable", ["path": path, "reason": systemMessage(code, l)])
        case .invalid(let path, .newerVersion(let version)):
            l.text("error.shared-newer", ["path": path, "version": String(version)])
        case .invalid(let path, let problem):
            l.text("error.shared-invalid", ["path": path, "problem": describe(problem, l)])
        case .busy(let path, let seconds):
            l.text("error.store-busy", ["path": path, "seconds": String(seconds)])
        case .unwritable(let path, let code):
            l.text("error.shared-unwritable", ["path": path, "reason": systemMessage(code, l)])
        case .notAFile(let path):
            l.text("error.shared-not-file", ["path": path])
        }
    }

    static func describe(_ problem: DocumentProblem, _ l: Localizer) -> String {
        switch problem {
        case .empty: l.text("document.empty")
        case .notUTF8: l.text("document.not-utf8")
        case .syntax(let line, let column): l.text("document.syntax", ["line": String(line), "column": String(column)])
        case .missingField(let field, nil): l.text("document.missing-field", ["field": field])
        case .missingField(let field, let project?):
            l.text("document.missing-project-field", ["field": field, "index": String(project)])
        case .wrongValue(let field, let value, nil): l.text("document.wrong-value", ["field": field, "value": value])
        case .wrongValue(let field, let value, let project?):
            l.text("document.wrong-project-value", ["field": field, "value": value, "index": String(project)])
        case .wrongKind(nil, nil, _, let found): l.text("document.wrong-shape", ["found": describe(found, l)])
        case .wrongKind(let field?, _, let expected, let found):
            l.text("document.wrong-kind", ["field": field, "expected": describe(expected, l), "found": describe(found, l)])
        case .wrongKind(nil, let project?, let expected, let found):
            l.text("document.wrong-project-kind", ["index": String(project), "expected": describe(expected, l), "found": describe(found, l)])
        case .duplicateName(let name): l.text("document.duplicate-name", ["name": name])
        case .duplicateID(let id): l.text("document.duplicate-id", ["id": id.lowercasedString])
        case .folderRefused(let path, .climbsOut, let project):
            l.text("document.folder-climbs-out", ["path": path, "index": String(project)])
        case .folderRefused(let path, _, let project):
            l.text("document.folder-in-trash", ["path": path, "index": String(project)])
        case .newerVersion(let version): l.text("document.newer", ["version": String(version)])
        }
    }

    private static func describe(_ kind: JSONValueKind, _ l: Localizer) -> String {
        switch kind {
        case .object: l.text("document.kind.object")
        case .array: l.text("document.kind.array")
        case .string: l.text("document.kind.string")
        case .number: l.text("document.kind.number")
        case .boolean: l.text("document.kind.boolean")
        case .null: l.text("document.kind.null")
        }
    }

    private static func describe(_ error: UsageError, _ l: Localizer) -> String {
        switch error {
        case .unknownCommand(let name, let suggestion?):
            l.text("usage.unknown-command.suggest", ["command": name, "suggestion": suggestion])
        case .unknownCommand(let name, nil):
            l.text("usage.unknown-command", ["command": name])
        case .unknownOption(let option, _, let suggestion?):
            l.text("usage.unknown-option.suggest", ["option": option, "suggestion": suggestion])
        case .unknownOption(let option, _, nil):
            l.text("usage.unknown-option", ["option": option])
        case .missingValue(let option, _): l.text("usage.missing-value", ["option": option])
        case .unexpectedValue(let option, _): l.text("usage.unexpected-value", ["option": option])
        case .missingArgument(let placeholder, _): l.text("usage.missing-argument", ["argument": l.placeholder(placeholder)])
        case .extraArgument(let argument, _): l.text("usage.extra-argument", ["argument": argument])
        case .repeatedOption(let option, _): l.text("usage.repeated-option", ["option": option])
        case .conflictingOptions(let options, _):
            l.text("usage.conflicting-options", ["options": options.joined(separator: ", ")])
        case .missingChoice(let options, _):
            l.text(options.count == 1 ? "usage.missing-option" : "usage.missing-choice",
                   ["options": options.joined(separator: ", ")])
        case .badValue(let option, let value, let expected, _):
            l.text("usage.bad-value", ["option": option, "value": value, "expected": describe(expected, l)])
        case .needsTerminal(let argument, _): l.text("usage.needs-terminal", ["argument": l.placeholder(argument)])
        case .notUTF8(let argument, let position):
            l.text("usage.not-utf8", ["argument": TerminalText.visible(argument), "position": String(position)])
        }
    }

    private static func describe(_ expectation: UsageError.Expectation, _ l: Localizer) -> String {
        switch expectation {
        case .kind:
            l.text("usage.expected-kind", ["kinds": ProjectKind.allCases.map(\.rawValue).joined(separator: ", ")])
        case .order:
            l.text("usage.expected-order", ["orders": ProjectOrder.allCases.map(\.rawValue).joined(separator: ", ")])
        case .positiveNumber:
            l.text("usage.expected-number")
        case .shell:
            l.text("usage.expected-shell", ["shells": Shell.allCases.map(\.rawValue).joined(separator: ", ")])
        case .wordTarget(let grouped):
            l.text("usage.expected-target", ["grouped": grouped])
        case .wholeWords(let grouped):
            l.text("usage.expected-whole-target", ["grouped": grouped])
        case .inRange(.wordTarget, let minimum, let maximum):
            l.text("usage.expected-target-range", ["minimum": minimum, "maximum": maximum])
        case .inRange(.dailyGoal, let minimum, let maximum):
            l.text("usage.expected-goal-range", ["minimum": minimum, "maximum": maximum])
        case .inRange(.responseDays, let minimum, let maximum):
            l.text("usage.expected-response-days-range", ["minimum": minimum, "maximum": maximum])
        case .date:
            l.text("usage.expected-date")
        case .day:
            l.text("usage.expected-day")
        case .format:
            l.text("usage.expected-format", ["formats": CompileFormat.allCases.map(\.rawValue).joined(separator: ", ")])
        case .formatOfFile:
            l.text("usage.expected-format-of-file", ["formats": CompileFormat.allCases.map(\.rawValue).joined(separator: ", ")])
        case .extensionOfFormat(let format):
            l.text("usage.expected-extension-of-format", ["format": format])
        case .paper:
            l.text("usage.expected-paper", ["papers": Paper.allCases.map(\.rawValue).joined(separator: ", ")])
        case .oneOf(let values):
            l.text("usage.expected-one-of", ["values": values.joined(separator: ", ")])
        case .machineName:
            l.text("usage.expected-machine-name")
        case .dayCount(let maximum):
            l.text("usage.expected-days", ["maximum": maximum])
        case .dailyGoal(let grouped, let decimal):
            l.text(decimal ? "usage.expected-whole-goal" : "usage.expected-goal", ["grouped": grouped])
        }
    }

    /// `path --version` alone: the command's own option, which takes a value, in the place of the
    /// global one of the same name; said, with where the global one goes.
    private static func ownOption(_ error: UsageError, _ l: Localizer) -> [String] {
        guard case .missingValue(let option, let command?) = error,
              CommandLineParser.globalOptions.contains(where: { "--" + $0.long == option }) else { return [] }
        return [l.text("usage.own-option", ["option": option, "command": command])]
    }

    private static func helpHint(for command: String?, _ l: Localizer) -> String {
        command.map { l.text("usage.hint.command", ["command": $0]) } ?? l.text("usage.hint")
    }

    private static func describe(_ error: CommandError, _ l: Localizer) -> ([String], ExitStatus) {
        switch error {
        case .cancelled:
            return ([l.text("error.cancelled")], .refused)
        case .deleteNeedsConfirmation(let project):
            return ([l.text("error.delete-needs-yes", ["name": project.name])], .refused)
        // `-` is standard input, and is called so.
        case .importUnreadable("-", let code):
            return ([l.text("error.import-unreadable.standard-input", ["reason": systemMessage(code, l)])], .refused)
        case .importUnreadable(let path, let code):
            return ([l.text("error.import-unreadable", ["path": path, "reason": systemMessage(code, l)])], .refused)
        case .importInvalid("-", .newerVersion(let version)):
            return ([l.text("error.import-newer.standard-input", ["version": String(version)])], .refused)
        case .importInvalid(let path, .newerVersion(let version)):
            return ([l.text("error.import-newer", ["path": path, "version": String(version)])], .refused)
        case .importInvalid("-", let problem):
            return ([l.text("error.import-invalid.standard-input", ["problem": describe(problem, l)])], .refused)
        case .importInvalid(let path, let problem):
            return ([l.text("error.import-invalid", ["path": path, "problem": describe(problem, l)])], .refused)
        case .noStoreLocation:
            return ([l.text("error.no-store-location")], .unavailable)
        case .noEditor:
            return ([l.text("error.no-editor")], .refused)
        case .programFailed(let program, let status):
            return ([l.text("error.program-failed", ["program": program, "status": String(status)])], .refused)
        case .programKilled(let program, let signal):
            return ([l.text("error.program-killed", ["program": program, "signal": String(signal)])], .refused)
        case .programNotStarted(let program, let code):
            return ([l.text("error.program-not-started", ["program": program, "reason": systemMessage(code, l)])], .refused)
        case .clearNeedsConfirmation:
            return ([l.text("error.clear-needs-yes")], .refused)
        case .manualUnwritable(let path, let code):
            return ([l.text("error.manual-unwritable", ["path": path, "reason": systemMessage(code, l)])], .refused)
        case .folderUncountable(let project, .missing(let path)):
            return ([l.text("error.folder-missing", ["name": project.name, "path": path])], .refused)
        case .folderUncountable(let project, .notAFolder(let path)):
            return ([l.text("error.folder-not-folder", ["name": project.name, "path": path])], .refused)
        case .folderUncountable(let project, .unreadable(let path, let code)):
            return ([l.text("error.folder-unreadable", ["name": project.name, "path": path, "reason": systemMessage(code, l)])], .refused)
        case .manuscript(let project, let folder, let problem):
            return ([describe(problem, project: project, folder: folder, l)], .refused)
        case .outputExists(let path):
            return ([l.text("error.compile.exists", ["path": path])], .refused)
        case .outputUnwritable(let path, let code):
            return ([l.text("error.compile.unwritable", ["path": path, "reason": systemMessage(code, l)])], .refused)
        case .converterMissing(let program, let format, let installation):
            return ([l.text("error.compile.missing-program", ["program": program, "format": format, "install": installation])], .unavailable)
        case .converterFailed(let program, let status):
            return ([l.text("error.compile.program-failed", ["program": program, "status": String(status)])], .refused)
        case .scriptFormat(let format):
            return ([l.text("error.compile.script-format", ["format": format])], .refused)
        case .authorUnreadable(let path, let code):
            return ([l.text("error.compile.author-unreadable", ["path": path, "reason": systemMessage(code, l)])], .refused)
        case .versions(let problem):
            return ([describe(problem, l)], .refused)
        }
    }

    private static func describe(_ problem: ManuscriptError, project: Project, folder: String, _ l: Localizer) -> String {
        switch problem {
        case .empty(let places):
            l.text("error.compile.empty", ["name": project.name, "places": places.joined(separator: ", ")])
        case .outsideFolder(let path):
            l.text("error.compile.outside", ["name": project.name, "path": path, "folder": folder])
        case .notFound(let path):
            l.text("error.compile.not-found", ["name": project.name, "path": path, "folder": folder])
        case .unreadable(let path, let code):
            l.text("error.compile.unreadable", ["path": path, "reason": systemMessage(code, l)])
        case .linkOutside(let path):
            l.text("error.compile.link-outside", ["name": project.name, "path": path, "folder": folder])
        case .unknownEncoding(let path):
            l.text("error.compile.encoding", ["path": path])
        }
    }

    /// Something inside a project's folder that could not be counted: a warning, since everything
    /// else was. `folder` is the counted folder, so the path shown can be copied.
    static func describe(_ problem: FolderProblem, in folder: String, _ l: Localizer) -> String {
        let path = FolderPath.join(folder, problem.path)
        switch problem.kind {
        case .unreadableFolder: return l.text("words.problem.folder", ["path": path, "reason": systemMessage(problem.code, l)])
        case .unreadableFile: return l.text("words.problem.file", ["path": path, "reason": systemMessage(problem.code, l)])
        case .vanished: return l.text("words.problem.vanished", ["path": path])
        }
    }

    /// An errno in the user's words; codes without a message of ours fall back to `strerror`.
    static func systemMessage(_ code: Int32, _ l: Localizer) -> String {
        let keys: [Int32: String] = [
            ENOENT: "system.enoent", EACCES: "system.eacces", EPERM: "system.eperm", ENOSPC: "system.enospc",
            EDQUOT: "system.edquot", EROFS: "system.erofs", EISDIR: "system.eisdir", ENOTDIR: "system.enotdir",
            EIO: "system.eio", ELOOP: "system.eloop", ENAMETOOLONG: "system.enametoolong",
        ]
        return keys[code].map { l.text($0) } ?? String(cString: strerror(code))
    }
}
