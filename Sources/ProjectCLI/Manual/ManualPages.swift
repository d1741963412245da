import ProjectStore
import ProjectStoreFile

/// The manual pages, generated from the command specs and the message tables like `--help`, so
/// they say what the parser accepts: `project.1`, the overview, and `project-<command>.1` for each
/// command, as git has them.
struct ManualPages {
    static let section = 1
    let localizer: Localizer
    let commands: [CommandSpec]

    /// File name and roff source of every page.
    func pages() -> [(name: String, source: String)] {
        [(Self.fileName("project"), overview())] + commands.map { (Self.fileName(Self.pageName($0.name)), page(for: $0)) }
    }

    private var help: HelpView { HelpView(localizer: localizer) }

    private func start(_ page: String) -> Roff {
        Roff(page: page, section: Self.section, source: ["project", ProjectTool.version].joined(separator: " "), manual: text("man.manual"))
    }

    func overview() -> String {
        var roff = start("project")
        roff.section(text("man.heading.name"))
        roff.line(Roff.escaped("project") + " \\- " + Roff.escaped(text("man.project.name")))
        roff.section(text("man.heading.synopsis"))
        let synopsis = text("help.synopsis")
        roff.line(Roff.bold("project") + Roff.escaped(String(synopsis.dropFirst(synopsis.hasPrefix("project") ? "project".count : 0))))
        roff.section(text("man.heading.description"))
        roff.paragraph(text("help.about"))
        roff.paragraph(text("man.project.description"))
        roff.section(text("man.heading.commands"))
        for spec in commands {
            roff.item(Roff.bold(help.usage(spec)), text(spec.summary) + "\n" + text("man.see-page", ["page": Self.pageName(spec.name) + "(\(Self.section))"]))
        }
        options(CommandLineParser.globalOptions, heading: "man.heading.global-options", into: &roff)
        roff.section(text("man.heading.environment"))
        for (variables, key) in Self.environment {
            roff.item(variables.map(Roff.bold).joined(separator: ", "), text(key))
        }
        roff.section(text("man.heading.files"))
        let store = ["$" + Self.dataHome, StoreLocation.folderName, StoreLocation.fileName].joined(separator: "/")
        roff.item(Roff.italic(store), text("man.files.store"))
        roff.item(Roff.italic(store + FileStorage.historySuffix), text("man.files.history"))
        let root = "~/" + FolderLocation.defaultRootName
        roff.item(Roff.italic(root), text("man.files.root"))
        roff.item(Roff.italic(root + "/" + FolderRoot.trashName), text("man.files.trash"))
        let templates = ["~", FolderLocation.configFolder, StoreLocation.folderName, FolderLocation.templatesName, "<" + text("placeholder.kind") + ">"]
        roff.item(Roff.italic(templates.joined(separator: "/")), text("man.files.templates"))
        roff.section(text("man.heading.exit-status"))
        for (status, key) in Self.exitStatuses {
            roff.item(Roff.bold(String(status.rawValue)), text(key))
        }
        roff.section(text("man.heading.examples"))
        roff.verbatim(text("man.project.examples"))
        seeAlso(commands.map { Self.pageName($0.name) }, into: &roff)
        return roff.source
    }

    func page(for spec: CommandSpec) -> String {
        var roff = start(Self.pageName(spec.name))
        roff.section(text("man.heading.name"))
        roff.line(Roff.escaped(Self.pageName(spec.name)) + " \\- " + Roff.escaped(text(spec.summary)))
        roff.section(text("man.heading.synopsis"))
        let usage = help.usage(spec)
        let command = ["project", spec.name].joined(separator: " ")
        roff.line(Roff.bold(command) + Roff.escaped(String(usage.dropFirst(command.count))))
        roff.section(text("man.heading.description"))
        roff.paragraph(text(spec.summary))
        if let discussion = spec.discussion { roff.paragraph(text(discussion)) }
        if !spec.arguments.isEmpty {
            roff.section(text("man.heading.arguments"))
            for argument in spec.arguments {
                roff.item(Roff.italic(help.placeholder(argument.placeholder)), text(argument.help))
            }
        }
        if !spec.options.isEmpty { options(spec.options, heading: "man.heading.options", into: &roff) }
        options(spec.globalOptions, heading: "man.heading.global-options", into: &roff)
        if let examples = spec.examples {
            roff.section(text("man.heading.examples"))
            roff.verbatim(text(examples))
        }
        seeAlso(["project"], into: &roff)
        return roff.source
    }

    private func options(_ options: [OptionSpec], heading: String, into roff: inout Roff) {
        roff.section(text(heading))
        for option in options {
            var label = (option.short.map { Roff.bold("-\($0)") + ", " } ?? "") + Roff.bold("--\(option.long)")
            if let value = option.valueName { label += " " + Roff.italic(help.placeholder(value)) }
            roff.item(label, text(option.help))
        }
    }

    private func seeAlso(_ pages: [String], into roff: inout Roff) {
        roff.section(text("man.heading.see-also"))
        roff.line(pages.map { Roff.reference($0, section: Self.section) }.joined(separator: ", "))
    }

    private func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        localizer.text(key, arguments)
    }

    /// `project-move`, the page of a command, as git names its pages.
    static func pageName(_ command: String) -> String { ["project", command].joined(separator: "-") }

    static func fileName(_ page: String) -> String { page + ".\(section)" }

    static let dataHome = "XDG_DATA_HOME"

    /// The variables the tool reads, in the order the overview lists them.
    static let environment: [([String], String)] = [
        (["PROJECT_STORE"], "man.environment.store"),
        (["PROJECT_ROOT"], "man.environment.root"),
        ([dataHome], "man.environment.data-home"),
        (["VISUAL", "EDITOR"], "man.environment.editor"),
        (["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"], "man.environment.language"),
        (["LC_COLLATE", "LC_TIME"], "man.environment.formats"),
        (["NO_COLOR"], "man.environment.no-color"),
        (["COLUMNS"], "man.environment.columns"),
    ]

    static let exitStatuses: [(ExitStatus, String)] = [
        (.success, "man.exit.success"), (.refused, "man.exit.refused"),
        (.usage, "man.exit.usage"), (.unavailable, "man.exit.store"),
    ]
}
