import ProjectStore

/// What a command may use: the store, the terminal, and the user's language and locales.
struct CommandContext {
    let store: ProjectStore
    let storePath: String
    let terminal: Terminal
    let localizer: Localizer
    let locales: LocaleSettings

    func say(_ key: String, _ arguments: [String: String] = [:]) {
        terminal.output(localizer.text(key, arguments) + "\n")
    }

    func warn(_ key: String, _ arguments: [String: String] = [:]) {
        terminal.error(localizer.text(key, arguments) + "\n")
    }
}
