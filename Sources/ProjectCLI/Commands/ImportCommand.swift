#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore
import ProjectStoreFile

/// `project import <file>`: adds the projects, markets and submissions of an export document, all
/// or none.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", summary: "import.summary", discussion: "import.discussion",
        arguments: [.required("placeholder.file", help: "import.argument.file")],
        examples: "import.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let path = invocation.argument(0)!
        let bytes = try read(path)
        let document: StoreDocument.Contents
        do {
            document = try StoreDocument.decode(bytes)
        } catch {
            throw CommandError.importInvalid(path: path, error)
        }
        let store = try context.store
        // The markets and submissions come in the same change as the projects: one undo takes all back.
        let imported = try store.change { catalog throws(ProjectStoreError) in
            try catalog.importDocument(
                projects: document.projects, markets: document.markets, submissions: document.submissions, root: store.root(of: catalog))
        }
        if document.markets.isEmpty && document.submissions.isEmpty {
            context.say("import.done", count: imported.projects.count)
        } else {
            // Says what came of each, even of none: "Imported 0 projects." told nothing of the rest.
            let localizer = context.localizer
            context.say("import.done.all", [
                "projects": localizer.text("import.count.projects", count: imported.projects.count),
                "markets": localizer.text("import.count.markets", count: imported.markets.count),
                "submissions": localizer.text("import.count.submissions", count: imported.submissions.count),
            ])
        }
    }

    private static func read(_ path: String) throws(CommandError) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .importUnreadable(path: path, code: errno) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        switch FileDescriptorReader.readAll(descriptor) {
        case .success(let bytes): return bytes
        case .failure(let error): throw .importUnreadable(path: path, code: error.code)
        }
    }
}
