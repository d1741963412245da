#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `project __man <folder>`: writes every manual page, in every language, where man looks for
/// them under a `share/man` folder: English in `man1/`, the others in `<language>/man1/`. The
/// install script calls it, so the installed pages are made from the installed binary's specs.
/// Hidden like the completion helper.
enum ManualWriter {
    static let name = "__man"

    static func run(_ arguments: [String], terminal: Terminal, localizer: Localizer) -> Int32 {
        guard arguments.count == 1, let root = arguments.first else {
            terminal.error(ErrorReport(UsageError.missingArgument(placeholder: "placeholder.path", command: name), localizer: localizer).text)
            return ExitStatus.usage.rawValue
        }
        do {
            for language in Localizer.languages {
                let folder = (language == "en" ? root : "\(root)/\(language)") + "/man\(ManualPages.section)"
                try makeFolders(folder)
                let pages = ManualPages(localizer: Localizer(language: language), commands: allCommands.map { $0.spec })
                for page in pages.pages() {
                    try save(page.source, to: "\(folder)/\(page.name)")
                }
            }
            return ExitStatus.success.rawValue
        } catch {
            let report = ErrorReport(error, localizer: localizer)
            terminal.error(report.text)
            return report.status.rawValue
        }
    }

    private static func makeFolders(_ path: String) throws(CommandError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST { throw .manualUnwritable(path: current, code: errno) }
        }
    }

    private static func save(_ text: String, to path: String) throws(CommandError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .manualUnwritable(path: path, code: errno) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .manualUnwritable(path: path, code: errno) }
            bytes = bytes.dropFirst(written)
        }
    }
}
