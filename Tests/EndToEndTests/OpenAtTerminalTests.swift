import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `project open` typed at an interactive bash with job control, on a pseudo-terminal that is its
/// controlling one, as a writer has it: the editor or shell it starts must be able to read the
/// terminal, Ctrl-C and Ctrl-Z must act on it as on the editor alone, and the terminal must work
/// afterwards. The editor is a real one, vim.tiny (`Tests/install-test-tools.sh` installs it), without
/// any vimrc.
@Suite(.serialized) struct OpenAtTerminalTests {
    static let editor = "/usr/bin/vim.tiny"
    /// How long to wait for the screen: the full suite runs many tests at once on few cores, and a
    /// shell starved that long is slow, not broken. A wait ends as soon as the text is there.
    static let patience: Double = 60
    /// Prints whether the terminal echoes and edits lines again, as `stty sane` would have it.
    static let checkTerminal = #"case " $(stty -a | tr '\n;' '  ') " in *" -echo "* | *" -icanon "*) echo TERMINAL-BROKEN ;; *) echo TERMINAL-WORKS ;; esac"#

    /// bash on a new terminal, in a sandbox holding “Harbour Lights”, with `project` on `PATH`. The
    /// sandbox is removed when the caller lets go of it.
    static func start() async throws -> (Sandbox, ShellSession) {
        guard FileManager.default.fileExists(atPath: editor), FileManager.default.fileExists(atPath: "/usr/bin/setsid") else {
            throw ToolMissing(description: "\(editor) or setsid is missing: run bash Tests/install-test-tools.sh")
        }
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Harbour Lights")
        let bin = sandbox.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/project", withDestinationPath: ProjectBinary.path)
        try "PS1='READY> '\nstty cols 80 rows 24\n".write(toFile: sandbox.root + "/bashrc", atomically: true, encoding: .utf8)
        let environment = [
            "HOME": sandbox.root, "PATH": bin + ":/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8",
            "PROJECT_STORE": sandbox.store,
        ]
        let session = try ShellSession(
            "bash", arguments: ["--noprofile", "--rcfile", sandbox.root + "/bashrc", "-i"], environment: environment,
            folder: sandbox.root)
        await session.waitFor("READY> ", timeout: Self.patience)
        return (sandbox, session)
    }

    static func folder(_ sandbox: Sandbox) -> String {
        sandbox.root + "/Writing/Harbour Lights"
    }

    struct ToolMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// Once the command at the prompt has ended: its exit status, and whether the terminal works.
    static func expectPromptBack(_ session: ShellSession, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async {
        // Typed before the prompt, it could go to the editor still reading.
        await session.waitFor("READY> ", timeout: Self.patience, sourceLocation: sourceLocation)
        session.type("echo \"status=$?\"; \(checkTerminal)\r")
        await session.waitFor("status=\(status)", timeout: Self.patience, sourceLocation: sourceLocation)
        await session.waitFor("TERMINAL-WORKS", timeout: Self.patience, sourceLocation: sourceLocation)
    }

    @Test("vi opens the folder in the foreground: typed text is saved, Ctrl-Z suspends it, the terminal works after")
    func editorReadsTheTerminal() async throws {
        let (sandbox, session) = try await Self.start()
        session.type("EDITOR='\(Self.editor) -u NONE -N' project open 'Harbour Lights'\r")
        await session.waitFor("is a directory", timeout: Self.patience)
        session.type(":edit notes.txt\r")
        await session.waitFor("[New", timeout: Self.patience)
        session.type("iThe harbour at night.\u{1b}")
        // Ctrl-Z suspends vi, and the tool with it, as one job; `fg` brings both back.
        session.type("\u{1a}")
        await session.waitFor("Stopped", timeout: Self.patience)
        session.type("fg\r")
        await session.waitFor("The harbour at night.", timeout: Self.patience)
        session.type(":wq\r")
        await Self.expectPromptBack(session, status: 0)
        #expect(try String(contentsOfFile: Self.folder(sandbox) + "/notes.txt", encoding: .utf8) == "The harbour at night.\n")
    }

    @Test("--shell: an interactive shell reads the terminal, in the folder")
    func shellReadsTheTerminal() async throws {
        let (sandbox, session) = try await Self.start()
        // Its ~/.bashrc (the sandbox's) names its prompt.
        try "PS1='INNER> '\n".write(toFile: sandbox.root + "/.bashrc", atomically: true, encoding: .utf8)
        session.type("SHELL=/bin/bash project open --shell 'Harbour Lights'\r")
        await session.waitFor("INNER> ", timeout: Self.patience)
        session.type("echo \"in=$PWD\"; exit 0\r")
        await session.waitFor("in=\(Self.folder(sandbox))", timeout: Self.patience)
        await Self.expectPromptBack(session, status: 0)
    }

    @Test("Ctrl-C goes to the editor, not to the tool, which waits for it")
    func interruptGoesToTheEditor() async throws {
        let (sandbox, session) = try await Self.start()
        // An editor that saves on Ctrl-C and ends well: the tool must wait for it, not die first.
        let editor = try sandbox.file("saving-editor", """
            #!/bin/sh
            trap 'echo saved-on-interrupt; exit 0' INT
            echo editing
            for i in $(seq 100); do sleep 0.1; done

            """)
        chmod(editor, 0o755)
        session.type("EDITOR=\(editor) project open 'Harbour Lights'\r")
        await session.waitFor("editing", timeout: Self.patience)
        session.type("\u{3}")
        await session.waitFor("saved-on-interrupt", timeout: Self.patience)
        await Self.expectPromptBack(session, status: 0)
    }

    @Test("an editor killed before it could restore the terminal's modes: the tool restores them")
    func modesAreRestored() async throws {
        let (sandbox, session) = try await Self.start()
        let editor = try sandbox.file("crashing-editor", "#!/bin/sh\nstty -echo -icanon\necho modes-changed\nkill -KILL $$\n")
        chmod(editor, 0o755)
        session.type("EDITOR=\(editor) project open 'Harbour Lights'\r")
        await session.waitFor("modes-changed", timeout: Self.patience)
        await Self.expectPromptBack(session, status: 1)
    }
}
