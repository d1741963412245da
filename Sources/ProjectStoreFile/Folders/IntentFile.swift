import Foundation
import ProjectStore

/// A `FolderIntent` on disk, `<store>.intent`: written through `AtomicFile` before the folder step,
/// removed once the store holds the change. One JSON object:
/// `{"version": 1, "project": id, "folder": recorded or null, "managed": bool, "make": path}`, or
/// `"from"` and `"to"` instead of `"make"` for a move.
enum IntentFile {
    static func path(forStore store: String) -> String { store + ".intent" }

    static func encode(_ intent: FolderIntent) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.raw("{\"version\": 1, \"project\": ")
        writer.uuid(intent.project)
        writer.raw(", \"folder\": ")
        writer.optionalString(intent.committedFolder?.recorded)
        writer.raw(", \"managed\": ")
        writer.boolean(intent.committedFolder?.isManaged ?? false)
        writer.raw(", \"gone\": ")
        writer.boolean(intent.removesProject)
        writer.raw(", \"parents\": [")
        for (index, parent) in intent.madeParents.enumerated() {
            if index > 0 { writer.raw(", ") }
            writer.string(parent)
        }
        writer.raw("]")
        switch intent.step {
        case .make(let path):
            writer.raw(", \"make\": ")
            writer.string(path)
        case .move(let source, let destination):
            writer.raw(", \"from\": ")
            writer.string(source)
            writer.raw(", \"to\": ")
            writer.string(destination)
        }
        writer.raw("}\n")
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws(DocumentProblem) -> FolderIntent {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentProblem) in
            var scanner = JSONScanner(buffer)
            var project: UUID?
            var folder: String?
            var managed = false
            var gone = false
            var parents: [String] = []
            var make: String?
            var source: String?
            var destination: String?
            try scanner.object { scanner, key throws(DocumentProblem) in
                if key == "version" {
                    let version = try scanner.integer()
                    guard version == 1 else { throw .newerVersion(version) }
                } else if key == "project" {
                    project = try scanner.parsedString(field: "project", project: 1, UUIDText.uuid)
                } else if key == "folder" {
                    folder = try scanner.optionalString()
                } else if key == "managed" {
                    managed = try scanner.boolean()
                } else if key == "gone" {
                    gone = try scanner.boolean()
                } else if key == "parents" {
                    try scanner.array { scanner throws(DocumentProblem) in parents.append(try scanner.string()) }
                } else if key == "make" {
                    make = try scanner.string()
                } else if key == "from" {
                    source = try scanner.string()
                } else if key == "to" {
                    destination = try scanner.string()
                } else {
                    try scanner.skipValue()
                }
            }
            try scanner.end()
            guard let project else { throw .missingField("project", project: nil) }
            let step: FolderIntent.Step
            if let make {
                step = .make(make)
            } else if let source, let destination {
                step = .move(from: source, to: destination)
            } else {
                throw .missingField("make", project: nil)
            }
            return FolderIntent(
                step: step, project: project, committedFolder: folder.map { ProjectFolder(recorded: $0, isManaged: managed) },
                removesProject: gone, madeParents: parents)
        }
    }
}
