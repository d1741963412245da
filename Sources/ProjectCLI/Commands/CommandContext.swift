import ProjectStore
import ProjectStoreFile

/// What a command may use: the store, the terminal, and the user's language and locales.
struct CommandContext {
    /// `nil` when neither `--store`, `PROJECT_STORE` nor `HOME` says where the store is; only
    /// commands that use the store fail then.
    let storePath: String?
    let terminal: Terminal
    let localizer: Localizer
    let locales: LocaleSettings

    var store: ProjectStore {
        get throws(CommandError) {
            guard let storePath else { throw .noStoreLocation }
            return ProjectStore(storage: FileStorage(path: storePath))
        }
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
