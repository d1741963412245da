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

    var store: ProjectStore {
        get throws(CommandError) {
            guard let storePath else { throw .noStoreLocation }
            return ProjectStore(storage: FileStorage(path: storePath), folders: folders, places: places)
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
