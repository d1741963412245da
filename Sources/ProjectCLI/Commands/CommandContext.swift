import Foundation
import ProjectStore
import ProjectStoreFile

/// What a command may use: the store, the terminal, the environment, the writer's folders, and
/// the user's language and locales.
struct CommandContext {
    /// `nil` when neither `--store`, `PROJECT_STORE` nor `HOME` says where the store is; only
    /// commands that use the store fail then.
    let storePath: String?
    let terminal: Terminal
    let localizer: Localizer
    let locales: LocaleSettings
    let environment: [String: String]
    let folders: any FolderSystem
    let launcher: any ProgramLauncher
    /// The time: `Date.init`, or a time a test sets.
    let clock: @Sendable () -> Date
    /// The command that runs: its changes go into the history under this name.
    let commandName: String
    private let toldOfTimeZone = Once()

    var store: ProjectStore {
        get throws(CommandError) {
            guard let storePath else { throw .noStoreLocation }
            let warning = HistoryWarning(terminal: terminal, localizer: localizer, locales: locales)
            let environment = environment
            let localizer = localizer
            return ProjectStore(
                storage: FileStorage(path: storePath), folders: folders, shared: SharedRootFolder(),
                numbered: { localizer.text("name.numbered", ["name": $0, "number": String($1)]) },
                places: places, recording: commandName,
                historyProblem: { warning.warn($0) }, readProblem: { warning.warnOnRead($0) }, clock: clock,
                machine: { MachineFile.machine(environment: environment) },
                renewMachine: { renewal in
                    warning.noteIdentityRenewed(renewal)
                    return MachineFile.renew(replacing: renewal.previous.id, environment: environment)
                },
                versionFolder: { DiskVersionFolder(project: $0) })
        }
    }

    /// `PROJECT_ROOT`, `~/Writing` and the templates folder, as canonical paths.
    var places: FolderPlaces { FolderLocation.places(environment: environment) }

    /// A folder the writer typed, as the store would record it.
    func folder(typed text: String) throws(ProjectStoreError) -> String {
        guard let path = CanonicalPath.resolve(text) else { throw .folderRefused(path: text, .notUTF8) }
        return path
    }

    /// The kind's folders in the user's language, or the writer's template.
    func layout(for kind: ProjectKind, in store: ProjectStore) -> FolderLayout {
        store.layout(for: kind) { localizer.text("kind-folder.\($0.rawValue)") }
    }

    /// Sentences for the history's changes, in the user's language and locales; a market gone from
    /// `catalog` is named as `changes` last named it.
    func historySentence(_ store: ProjectStore, _ catalog: ProjectCatalog, remembering changes: [Change] = []) -> HistorySentence {
        var sentence = HistorySentence(
            localizer: localizer, locales: locales, root: store.root(of: catalog), home: environment["HOME"],
            dates: { dateText })
        sentence.marketNames = catalog.marketNames(bySubmission: true, remembering: changes)
        return sentence
    }

    /// The width a view must fit at a terminal; `nil` in a pipe, where nothing is cut or broken.
    var lineWidth: Int? { terminal.lineWidth(environment: environment) }

    func say(_ key: String, _ arguments: [String: String] = [:]) {
        terminal.output(localizer.text(key, arguments) + "\n")
    }

    func say(_ key: String, count: Int, _ arguments: [String: String] = [:]) {
        terminal.output(localizer.text(key, count: count, arguments) + "\n")
    }

    func warn(_ key: String, _ arguments: [String: String] = [:]) {
        terminal.error(localizer.text(key, arguments) + "\n")
    }

    func warn(_ key: String, count: Int, _ arguments: [String: String] = [:]) {
        terminal.error(localizer.text(key, count: count, arguments) + "\n")
    }

    /// Says, the first time dates are about to be shown, that they are in UTC for want of the
    /// writer's zone.
    func noteUnusableTimeZone() {
        guard let zone = locales.timeZone.unusable, toldOfTimeZone.first() else { return }
        warn("note.time-zone-unusable", ["zone": zone])
    }
}

/// True the first time it is asked, then false: for what a command says at most once.
final class Once: @unchecked Sendable {
    private var asked = false

    func first() -> Bool {
        defer { asked = true }
        return !asked
    }
}

/// Says, once, that changes are not being recorded because the history cannot be used: the change
/// itself goes on; and, once, what a read went on over.
final class HistoryWarning: @unchecked Sendable {
    private let terminal: Terminal
    private let localizer: Localizer
    private let locales: LocaleSettings
    private var warned = false
    private var warnedOnRead = false

    init(terminal: Terminal, localizer: Localizer, locales: LocaleSettings) {
        self.terminal = terminal
        self.localizer = localizer
        self.locales = locales
    }

    private func report(_ problem: ProjectStoreError) -> ErrorReport {
        ErrorReport(problem, localizer: localizer, dates: DateText(locale: locales.formatting, timeZone: locales.timeZone.zone))
    }

    func warn(_ problem: ProjectStoreError) {
        guard !warned else { return }
        warned = true
        // The store's own "cannot write" ends by saying nothing was changed; here the change was made.
        let reason = if case .storage(.unwritable(let path, let code)) = problem {
            localizer.text("warning.history-unwritable", ["path": path, "reason": ErrorReport.systemMessage(code, localizer)])
        } else {
            report(problem).message
        }
        terminal.error(localizer.text("warning.history-not-recorded", ["reason": reason]) + "\n")
    }

    /// Said once, when it happens: from then on, the log this machine finds is its own.
    func noteIdentityRenewed(_ renewal: IdentityRenewal) {
        terminal.error(localizer.text("sync.identity-renewed", count: renewal.foreignChanges) + "\n")
    }

    /// A read goes on, showing what there is, after saying what a change would refuse.
    func warnOnRead(_ problem: ProjectStoreError) {
        guard !warnedOnRead else { return }
        warnedOnRead = true
        let lines = report(problem).message.split(separator: "\n", omittingEmptySubsequences: false)
        let first = localizer.text("warning.prefix", ["message": String(lines[0])])
        terminal.error(([first] + lines.dropFirst().map(String.init)).joined(separator: "\n") + "\n")
    }
}
