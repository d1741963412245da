#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The seam through which `open` starts the writer's editor or shell and `compile` its converters, so
/// tests need not.
public protocol ProgramLauncher {
    /// Runs `program` with `arguments` in `folder`, inheriting the standard input, output and error,
    /// and waits for it: a converter, which the writer does not talk to.
    func run(_ program: String, arguments: [String], in folder: String) -> ProgramExit
    /// Runs it as `run` does, with `variables` set in its environment over the tool's own.
    func run(_ program: String, arguments: [String], in folder: String, setting variables: [String: String]) -> ProgramExit
    /// Runs the writer's editor or shell as `run` does, handing it the terminal as git hands it the
    /// editor for a commit message: Ctrl-C and Ctrl-\ are its keys while it runs, not the tool's, and
    /// the terminal's modes are put back when it ends, however it ends.
    func runAtTerminal(_ program: String, arguments: [String], in folder: String) -> ProgramExit
}

public enum ProgramExit: Equatable {
    case exited(Int32)
    case killed(signal: Int32)
    case couldNotStart(code: Int32)
}

/// Starts real processes, in the tool's own process group. That group is the terminal's foreground
/// one when the writer's shell started the tool, so an editor may read the terminal (in a group of
/// its own, as Foundation's `Process` starts one, the kernel stops it at its first read), and the keys
/// that stop or suspend a job (Ctrl-C, Ctrl-Z) reach the program and the tool together, as the shell
/// expects of one job.
public struct ProcessLauncher: ProgramLauncher {
    public init() {}

    public func run(_ program: String, arguments: [String], in folder: String) -> ProgramExit {
        spawnAndWait(program, arguments: arguments, in: folder, resetting: [])
    }

    public func run(_ program: String, arguments: [String], in folder: String, setting variables: [String: String]) -> ProgramExit {
        spawnAndWait(program, arguments: arguments, in: folder, resetting: [], setting: variables)
    }

    public func runAtTerminal(_ program: String, arguments: [String], in folder: String) -> ProgramExit {
        let savedModes = TerminalModes.save()
        // As system(3) does: ignored before the program starts, so no key between the two ends the
        // tool, and back as they were after it; the tool then says how the program ended. The program
        // gets them as the tool got them: at their defaults, or ignored if the writer's shell ignored
        // them (a job started in the background without job control).
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        let previous = [SIGINT, SIGQUIT].map { signal in
            var action = sigaction()
            sigaction(signal, &ignore, &action)
            return (signal, action)
        }
        defer {
            for (signal, action) in previous {
                var action = action
                sigaction(signal, &action, nil)
            }
        }
        let ignoredByTheWriter = { (action: sigaction) in
            unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        }
        let exit = spawnAndWait(
            program, arguments: arguments, in: folder, resetting: previous.filter { !ignoredByTheWriter($0.1) }.map(\.0))
        savedModes?.restore()
        return exit
    }

    /// Starts the program with `signals` at their defaults (every other signal as the tool has it)
    /// and waits for it.
    private func spawnAndWait(
        _ program: String, arguments: [String], in folder: String, resetting signals: [Int32], setting variables: [String: String] = [:]
    ) -> ProgramExit {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let unchangeable = posix_spawn_file_actions_addchdir_np(&actions, folder)
        guard unchangeable == 0 else { return .couldNotStart(code: unchangeable) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in signals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let failure: Int32
        if variables.isEmpty {
            failure = posix_spawn(&child, program, &actions, &attributes, argv, environ)
        } else {
            let environment = Self.environment(setting: variables).map { strdup($0) } + [nil]
            defer { environment.forEach { free($0) } }
            failure = posix_spawn(&child, program, &actions, &attributes, argv, environment)
        }
        guard failure == 0 else { return .couldNotStart(code: failure) }

        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return .couldNotStart(code: errno) }
        }
        // What <sys/wait.h>'s WIFEXITED, WEXITSTATUS and WTERMSIG say, which Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    }

    /// The tool's environment as `NAME=value` entries, those of `variables` replaced.
    private static func environment(setting variables: [String: String]) -> [String] {
        var entries: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if variables[String(name)] == nil { entries.append(text) }
            index += 1
        }
        return entries + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (since 2.29), which the Glibc module does not show:
/// the program starts in the folder without the tool leaving its own. Linked by name, as `renameat2`
/// is in `DiskFolders`: looked up at run time instead (`dlsym`), it is missing from the statically
/// linked binary the writer installs, and no program would start.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func posix_spawn_file_actions_addchdir_np(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ folder: UnsafePointer<CChar>) -> Int32

/// The terminal's modes (echo, line editing, …) as they were, to be put back after a program that
/// may leave them changed: an editor killed before it could restore them.
private struct TerminalModes {
    let settings: termios

    /// The standard input's modes, or nil when it is not a terminal.
    static func save() -> TerminalModes? {
        var settings = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        return TerminalModes(settings: settings)
    }

    func restore() {
        // Only from the foreground: from the background the kernel would stop the tool instead.
        guard tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        var settings = settings
        tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
    }
}
