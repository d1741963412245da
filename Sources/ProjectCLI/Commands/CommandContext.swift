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
    /// The command that runs: its changes go into the history under this name.
    let commandName: String

    var store: ProjectStore {
        get throws(CommandError) {
            guard let storePath else { throw .noStoreLocation }
            let warning = HistoryWarning(terminal: terminal, localizer: localizer)
            let environment = environment
            return ProjectStore(
                storage: FileStorage(path: storePath), folders: folders, places: places, recording: commandName,
                historyProblem: { warning.warn($0) }, machine: { MachineFile.machine(environment: environment) })
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

    /// Sentences for the history's changes, in the user's language and locales.
    func historySentence(_ store: ProjectStore, _ catalog: ProjectCatalog) -> HistorySentence {
        HistorySentence(localizer: localizer, locales: locales, root: store.root(of: catalog), home: environment["HOME"])
    }

    func say(_ key: String, _ arguments: [String: String] = [:]) {
        terminal.output(localizer.text(key, arguments) + "\n")
    }

    func say(_ key: String, count: Int, _ arguments: [String: String] = [:]) {
        terminal.output(localizer.text(key, count: count, arguments) + "\n")
    }

    func warn(_ key: String, _ arguments: [String: String] = [:]) {
        terminal.error(localizer.text(key, arguments) + "\n")
    }
}

/// Says, once, that changes are not being recorded because the history cannot be used: the change
/// itself goes on.
final class HistoryWarning: @unchecked Sendable {
    private let terminal: Terminal
    private let localizer: Localizer
    private var warned = false

    init(terminal: Terminal, localizer: Localizer) {
        self.terminal = terminal
        self.localizer = localizer
    }

    func warn(_ problem: ProjectStoreError) {
        guard !warned else { return }
        warned = true
        terminal.error(localizer.text("warning.history-not-recorded", ["reason": ErrorReport(problem, localizer: localizer).message]) + "\n")
    }
}
