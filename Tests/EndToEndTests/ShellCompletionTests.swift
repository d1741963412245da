import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// TAB in the real shells: bash with Debian's bash-completion, zsh and fish, each loading the script
/// `project completions` wrote from where the install puts it. A partial line is typed, then TAB; then
/// the cursor goes to the start of the line and `printf '<%s>' ` is typed before it, and Enter runs it:
/// what is printed is the line's words exactly as the shell reads them, so a name wrongly quoted by
/// the completion shows. `Tests/install-test-tools.sh` installs the shells.
@Suite(.serialized) struct ShellCompletionTests {
    static let names = ["L’Été de Marie", "Ödet", #"It's "odd" $HOME \ now"#, "東京 🎉 diary", "My Novel", "Draft"]

    /// A sandbox holding the store, a second store, `project` on `PATH` and the three scripts where
    /// `install.sh` puts them under its prefix (here the sandbox's `share`).
    static func prepare() async throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in names { await sandbox.ok("add", name) }
        await sandbox.ok("add", "Other Story", "--store", sandbox.root + "/other.json")
        let bin = sandbox.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/project", withDestinationPath: ProjectBinary.path)
        let places = [
            "bash": "share/bash-completion/completions/project", "zsh": "share/zsh/site-functions/_project",
            "fish": "share/fish/vendor_completions.d/project.fish",
        ]
        for (shell, place) in places {
            let script = await sandbox.ok("completions", shell)
            let path = sandbox.root + "/" + place
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try script.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try "PS1='READY> '\nstty cols 200 rows 50\n. /usr/share/bash-completion/bash_completion\n"
            .write(toFile: sandbox.root + "/bashrc", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: sandbox.root + "/zsh", withIntermediateDirectories: true)
        try "PS1='READY> '\nstty cols 200 rows 50\nfpath=($HOME/share/zsh/site-functions $fpath)\nautoload -U compinit && compinit -u -D\n"
            .write(toFile: sandbox.root + "/zsh/.zshrc", atomically: true, encoding: .utf8)
        return sandbox
    }

    static func start(_ shell: String, in sandbox: Sandbox, language: String = "C.UTF-8") async throws -> ShellSession {
        let missing = shell == "bash" ? "/usr/share/bash-completion/bash_completion" : "/usr/bin/\(shell)"
        guard FileManager.default.fileExists(atPath: missing), FileManager.default.fileExists(atPath: "/usr/bin/setsid") else {
            throw ShellMissing(description: "\(missing) or setsid is missing: run bash Tests/install-test-tools.sh")
        }
        let environment = [
            "HOME": sandbox.root, "PATH": sandbox.root + "/bin:/usr/bin:/bin", "TERM": "xterm", "LANG": language,
            "PROJECT_STORE": sandbox.store, "XDG_DATA_HOME": sandbox.root + "/share",
            "XDG_DATA_DIRS": sandbox.root + "/share:/usr/share", "XDG_CONFIG_HOME": sandbox.root + "/config",
            "ZDOTDIR": sandbox.root + "/zsh",
        ]
        let arguments = switch shell {
        case "bash": ["--noprofile", "--rcfile", sandbox.root + "/bashrc", "-i"]
        case "zsh": ["-i"]
        // Not `--no-config`: it would also leave out the vendor completion folders. HOME is the sandbox,
        // so no configuration of the user's is read.
        default: ["-i", "-C", "function fish_prompt; echo -n 'READY> '; end; stty cols 200 rows 50"]
        }
        let session = try ShellSession(shell, arguments: arguments, environment: environment, folder: sandbox.root)
        await session.waitFor("READY> ", timeout: 20)
        return session
    }

    struct ShellMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// Types `partial`, TAB, and runs the line under `printf`: the words must be `expected`.
    static func complete(_ session: ShellSession, _ partial: String, _ expected: [String],
                         sourceLocation: SourceLocation = #_sourceLocation) async {
        session.type(partial + "\t")
        session.type("\u{1}printf '<%s>' \r")
        await session.waitFor(expected.map { "<\($0)>" }.joined(), sourceLocation: sourceLocation)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func tabCompletes(shell: String) async throws {
        let sandbox = try await Self.prepare()
        let session = try await Self.start(shell, in: sandbox)
        // Commands, options, kinds, the argument of help and of completions.
        await Self.complete(session, "project ren", ["project", "rename"])
        await Self.complete(session, "project list --ty", ["project", "list", "--type"])
        await Self.complete(session, "project list --type sh", ["project", "list", "--type", "short-story"])
        await Self.complete(session, "project list --sort=us", ["project", "list", "--sort=user"])
        await Self.complete(session, "project help mo", ["project", "help", "move"])
        await Self.complete(session, "project completions fi", ["project", "completions", "fish"])
        // Names with spaces, accents, quotes, $, a backslash, CJK and emoji, typed bare or after a quote.
        await Self.complete(session, "project show L’", ["project", "show", "L’Été de Marie"])
        await Self.complete(session, "project show \"It", ["project", "show", Self.names[2]])
        await Self.complete(session, "project show 'it", ["project", "show", Self.names[2]])
        await Self.complete(session, "project show it", ["project", "show", Self.names[2]])
        await Self.complete(session, "project show 東", ["project", "show", "東京 🎉 diary"])
        await Self.complete(session, "project move Draft --after my\\ n", ["project", "move", "Draft", "--after", "My Novel"])
        // Any word of the name, not only its first.
        await Self.complete(session, "project show MAR", ["project", "show", "L’Été de Marie"])
        await Self.complete(session, "project show diar", ["project", "show", "東京 🎉 diary"])
        if shell != "fish" {
            // fish filters the candidates again by its own rules, which know the case of ASCII letters
            // only, and no accents: what fish 3.6 lets a completion script do stops there.
            await Self.complete(session, "project show été", ["project", "show", "L’Été de Marie"])
            await Self.complete(session, "project show ete", ["project", "show", "L’Été de Marie"])
            await Self.complete(session, "project delete ODE", ["project", "delete", "Ödet"])
        }
        // The store named earlier on the line, not PROJECT_STORE.
        let other = sandbox.root + "/other.json"
        await Self.complete(session, "project --store \(other) show ot", ["project", "--store", other, "show", "Other Story"])
    }

    /// Names that share no beginning with what was typed: the word stays, the names are listed.
    @Test(arguments: ["bash", "zsh"])
    func theTypedWordStaysWhenTheNamesShareNoBeginning(shell: String) async throws {
        let sandbox = try await Self.prepare()
        await sandbox.ok("add", "Été Indien")
        await sandbox.ok("add", "Harbour Lights")
        await sandbox.ok("add", "Harbour lamp")
        let session = try await Self.start(shell, in: sandbox)
        // zsh lists them on the first TAB (a second would go through them), bash on the second.
        session.type("project show ete" + (shell == "zsh" ? "\t" : "\t\t"))
        await session.waitFor("Indien")
        session.type("\u{1}printf '<%s>' \r")
        await session.waitFor("<project><show><ete>")
        // Where they do share one that extends the word, it is put in place.
        await Self.complete(session, "project show harb", ["project", "show", "Harbour "])
        if shell == "zsh" {
            // readline puts the shorter `Harbour ` in place of `harbour l`, as it does for any command's
            // candidates; zsh can be told not to.
            await Self.complete(session, "project show harbour\\ l", ["project", "show", "harbour l"])
        }
    }

    /// A project's files, named from its folder whatever the shell's own folder, and a file's
    /// versions; names with spaces quoted for the line.
    @Test(arguments: ["bash", "zsh", "fish"])
    func versionCommandsCompleteFilesAndVersions(shell: String) async throws {
        let sandbox = try await Self.prepare()
        let folder = await sandbox.ok("path", "My Novel").stdout.trimmingCharacters(in: .newlines)
        try FileManager.default.createDirectory(atPath: folder + "/Chapters", withIntermediateDirectories: true)
        try "It was a dark night.".write(toFile: folder + "/Chapters/Chapter One.md", atomically: true, encoding: .utf8)
        try "They left.".write(toFile: folder + "/Chapters/The End.md", atomically: true, encoding: .utf8)
        await sandbox.ok("snapshot", "My Novel", "-m", "first draft")
        try "It was a stormy night.".write(toFile: folder + "/Chapters/Chapter One.md", atomically: true, encoding: .utf8)
        await sandbox.ok("snapshot", "My Novel")
        try FileManager.default.removeItem(atPath: folder + "/Chapters/The End.md")
        let session = try await Self.start(shell, in: sandbox)
        await Self.complete(session, "project snapshot My\\ Novel chapters/chapter\\ o",
                            ["project", "snapshot", "My Novel", "Chapters/Chapter One.md"])
        await Self.complete(session, "project snapshot 'My Novel' Chapters/Chapter\\ One.md Chapters/Chap",
                            ["project", "snapshot", "My Novel", "Chapters/Chapter One.md", "Chapters/Chapter One.md"])
        // The chapter deleted since: restore brings it back, and its one version is 1.
        await Self.complete(session, "project restore My\\ Novel Chapters/The", ["project", "restore", "My Novel", "Chapters/The End.md"])
        await Self.complete(session, "project restore My\\ Novel Chapters/The\\ End.md ", ["project", "restore", "My Novel", "Chapters/The End.md", "1"])
        await Self.complete(session, "project path \"My Novel\" --version Chapters/Chapter\\ One.md 2",
                            ["project", "path", "My Novel", "--version", "Chapters/Chapter One.md", "2"])
    }

    @Test(arguments: ["zsh", "fish"])
    func descriptionsAreInTheUsersLanguage(shell: String) async throws {
        let sandbox = try await Self.prepare()
        let session = try await Self.start(shell, in: sandbox, language: "fr_FR.UTF-8")
        session.type("project list --s\t")
        await session.waitFor("Seulement les projets dont le nom contient ce texte")
        await session.waitFor("Utiliser ce fichier de projets au lieu du fichier habituel")
    }
}
