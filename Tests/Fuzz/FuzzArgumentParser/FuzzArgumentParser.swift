// A libFuzzer target for the command line: each input becomes a whole `project` invocation (its
// arguments, its environment and what a person types at prompts) run by `ProjectTool.run` against a
// small store in a private folder, restored before every run. The tool must answer with a status
// from 0 to 3, never crash, and never send a raw escape character to the terminal.
//
// Input: byte 0 holds flags (bit 0 standard input is a terminal, bit 1 standard output is one,
// bits 2-3 the language, bit 4 NO_COLOR, bit 5 the first argument is LC_ALL instead); the rest is
// NUL-separated arguments, and the arguments after a lone 0x01 are the lines typed at prompts.
// Every "/" in an argument becomes "_", so no run can reach a file outside the private folder.
//
// Built normally (`swift build`), the executable replays the files and folders given as arguments,
// so the committed corpus and every crash reproducer run as ordinary tests. Built with
// `-sanitize=fuzzer -DFUZZING` (see Tests/Fuzz/run.sh), it hands control to libFuzzer.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import FuzzDriver
import ProjectCLI

/// A terminal in memory: answers prompts from a list, keeps everything written.
final class ScriptedTerminal: Terminal {
    var written: [UInt8] = []
    private var answers: [String]
    let inputIsInteractive: Bool
    let outputIsTerminal: Bool

    init(answers: [String], inputIsInteractive: Bool, outputIsTerminal: Bool) {
        self.answers = answers.reversed()
        self.inputIsInteractive = inputIsInteractive
        self.outputIsTerminal = outputIsTerminal
    }

    func output(_ text: String) { written += text.utf8 }
    func error(_ text: String) { written += text.utf8 }
    func readLine() -> String? { answers.popLast() }
}

enum ArgumentParserCheck {
    /// A store with the names that make references tricky: numbers, id-like names, an id prefix
    /// shared by two projects, accents, an option-like name, and details holding an escape sequence.
    static let store = Array("""
        {
          "version": 1,
          "sort": "name",
          "projects": [
            {"id": "abcd0000-0000-4000-8000-000000000001", "name": "1984", "type": "novel", "created": "2024-01-02T03:04:05.006Z", "details": "line one\\nline two \\u001b[31mred\\u001b[0m", "position": 1},
            {"id": "abcd0000-0000-4000-8000-000000000002", "name": "2", "type": "poetry", "created": "2024-01-02T03:04:05.006Z", "details": null, "position": 2},
            {"id": "beef0000-0000-4000-8000-000000000003", "name": "Café", "type": "script", "created": "2023-05-06T07:08:09.010Z", "details": "\\u009b31m", "position": 3},
            {"id": "0123abcd-0000-4000-8000-000000000004", "name": "abcd", "type": "short-story", "created": "2025-12-31T23:59:59.999Z", "details": "", "position": 4},
            {"id": "cafe0000-0000-4000-8000-000000000005", "name": "-draft-", "type": "blank", "created": "2025-12-31T23:59:59.999Z", "details": "Draft 10", "position": 5},
            {"id": "cafe0000-0000-4000-8000-000000000006", "name": "Draft 10", "type": "blank", "created": "2020-02-29T12:00:00.000Z", "details": null, "position": 6},
            {"id": "d00d0000-0000-4000-8000-000000000007", "name": "東京 🎉 Draft 2", "type": "novel", "created": "2020-02-29T12:00:00.000Z", "details": null, "position": 7}
          ]
        }

        """.utf8)
    static let languages = ["en_US.UTF-8", "fr_FR.UTF-8", "de_DE.UTF-8", "es_ES.UTF-8"]

    /// `<private folder>/inner/work`, the current folder while the tool runs: with no "/" in any
    /// argument, `..` is as far as a path can reach, and even the lock file of `--store ..` stays
    /// inside the private folder.
    static let folder: String = {
        // FUZZ_PRIVATE_BASE (set by Tests/Fuzz/run.sh, which removes it) or memory-backed /dev/shm.
        let environment = ProcessInfo.processInfo.environment
        let base = environment["FUZZ_PRIVATE_BASE"] ?? (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory())
        var template = Array("\(base)/FuzzArgumentParser-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { FuzzDriver.fail("cannot make a private folder in \(base)") }
        let work = String(cString: made) + "/inner/work"
        guard mkdir(String(cString: made) + "/inner", 0o700) == 0, mkdir(work, 0o700) == 0 else {
            FuzzDriver.fail("cannot make \(work)")
        }
        // Nothing may wait for input from the real terminal (`import -` reads standard input).
        let null = open("/dev/null", O_RDONLY)
        dup2(null, STDIN_FILENO)
        close(null)
        return work
    }()

    static func check(_ input: [UInt8]) {
        let flags = input.first ?? 0
        var tokens = input.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if input.count <= 1 { tokens = [] }
        var answers: [String] = []
        if let separator = tokens.firstIndex(of: "\u{1}") {
            answers = Array(tokens[(separator + 1)...])
            tokens.removeSubrange(separator...)
        }
        var environment = [
            "PROJECT_STORE": folder + "/projects.json",
            "HOME": folder,
            "LANG": languages[Int(flags >> 2) & 3],
        ]
        if flags & 0x10 != 0 { environment["NO_COLOR"] = "1" }
        if flags & 0x20 != 0, !tokens.isEmpty { environment["LC_ALL"] = tokens.removeFirst() }
        let arguments = tokens.map { $0.replacingOccurrences(of: "/", with: "_") }

        resetFolder()
        let terminal = ScriptedTerminal(
            answers: answers, inputIsInteractive: flags & 1 != 0, outputIsTerminal: flags & 2 != 0)
        // The tool runs in the private folder; libFuzzer's relative paths need the original one back.
        let original = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard original >= 0, chdir(folder) == 0 else { FuzzDriver.fail("cannot enter \(folder)") }
        let status = ProjectTool.run(arguments: arguments, environment: environment, terminal: terminal)
        fchdir(original)
        close(original)
        FuzzDriver.require((0...3).contains(status), "exit status \(status) for \(arguments)")
        // Control characters from the store or the command line reach the terminal escaped.
        FuzzDriver.require(!terminal.written.contains(0x1B), "a raw escape character was written for \(arguments)")
        FuzzDriver.require(!containsC1(terminal.written), "a raw C1 control character was written for \(arguments)")
    }

    /// The private folder holding `inner/work`: as far as a run can reach.
    static var privateRoot: String { String(folder.dropLast("/inner/work".count)) }

    /// Everything a run can reach as it was: the store alone, in its original bytes. Whatever an
    /// input made goes, folders too (projects' folders, a trash, a history, a lock beside `--store ..`),
    /// so that every input meets the same world and a saved crash replays on its own.
    static func resetFolder() {
        for (parent, kept) in [(privateRoot, "inner"), (privateRoot + "/inner", "work"), (folder, "")] {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry != kept {
                try? FileManager.default.removeItem(atPath: parent + "/" + entry)
            }
        }
        let descriptor = open(folder + "/projects.json", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { FuzzDriver.fail("cannot write the store in \(folder)") }
        store.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// U+0080…U+009F in UTF-8: C2 80 … C2 9F.
    static func containsC1(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
    }

}

@main
enum FuzzArgumentParser {
    static func main() {
        _ = ArgumentParserCheck.folder
        let status = FuzzDriver.run(ArgumentParserCheck.check)
        removeFolder()
        exit(status)
    }

    static func removeFolder() {
        try? FileManager.default.removeItem(atPath: ArgumentParserCheck.privateRoot)
    }
}
