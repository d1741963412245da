import Foundation
import ProjectStore

/// One project as JSON, the same in the store, `export`, `list --json` and `show --json`:
/// `{"id": …, "name": …, "type": …, "created": …, "details": … or null, "position": n, "folder": …,
/// "target": n or null, "due": "YYYY-MM-DD" or null}`.
/// The store and `export` add `"managed"` and record the folder as it is kept (relative inside the
/// root); the store leaves out the fields a project does not have. `list` and `show` give the
/// folder's absolute path, for scripts, and `"words"` when they counted them.
public enum ProjectJSON {
    /// The `"words"` field of `list` and `show`: left out when the words were not counted, `null`
    /// for a project whose folder could not be counted.
    public enum Words: Sendable, Equatable {
        case notCounted
        case counted(Int?)
    }

    /// How the folder is written.
    enum Folder {
        /// As the store keeps it, with the project's order key.
        case recorded
        /// As the store keeps it, for `export`: the order key is the store's own.
        case exported
        case absolute(String?)
    }

    public static func encode(_ project: Project, folderPath: String?, words: Words = .notCounted) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        write(project, to: &writer, folder: .absolute(folderPath), words: words)
        return writer.bytes
    }

    /// An array, one project a line.
    public static func encode(
        _ projects: [Project], folderPath: (Project) -> String?, words: (Project) -> Words = { _ in .notCounted }
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 16 + projects.count * 200)
        writer.raw("[")
        for (index, project) in projects.enumerated() {
            writer.raw(index == 0 ? "\n  " : ",\n  ")
            write(project, to: &writer, folder: .absolute(folderPath(project)), words: words(project))
        }
        writer.raw(projects.isEmpty ? "]" : "\n]")
        return writer.bytes
    }

    static func write(_ project: Project, to writer: inout JSONWriter, folder: Folder, words: Words = .notCounted) {
        writer.raw("{\"id\": ")
        writer.uuid(project.id)
        writer.raw(", \"name\": ")
        writer.string(project.name)
        writer.raw(", \"type\": ")
        writer.string(project.kind.rawValue)
        writer.raw(", \"created\": ")
        writer.timestamp(project.created)
        writer.raw(", \"details\": ")
        if let details = project.details { writer.string(details) } else { writer.null() }
        writer.raw(", \"position\": ")
        writer.integer(project.position)
        // The store leaves out what a project does not have (a missing field reads as none): a store
        // of 100,000 list entries is not megabytes larger for saying so on every line. `export`,
        // `list` and `show` always give every field, `null` where there is none: one shape for
        // people and scripts.
        let isStore: Bool
        switch folder {
        case .recorded:
            isStore = true
            if let folder = project.folder {
                writer.raw(", \"folder\": ")
                writer.string(folder.recorded)
            }
        case .exported:
            isStore = false
            writer.raw(", \"folder\": ")
            writer.optionalString(project.folder?.recorded)
        case .absolute(let path):
            isStore = false
            writer.raw(", \"folder\": ")
            writer.optionalString(path)
        }
        if !isStore || project.target != nil {
            writer.raw(", \"target\": ")
            if let target = project.target { writer.integer(target) } else { writer.null() }
        }
        if !isStore || project.due != nil {
            writer.raw(", \"due\": ")
            writer.optionalString(project.due?.description)
        }
        switch (folder, project.folder) {
        case (.recorded, let recorded?), (.exported, let recorded?):
            writer.raw(", \"managed\": ")
            writer.boolean(recorded.isManaged)
        case (.exported, nil):
            writer.raw(", \"managed\": null")
        default:
            break
        }
        if case .recorded = folder, let key = project.orderKey {
            writer.raw(", \"place\": ")
            writer.string(key.text)
        }
        if case .counted(let count) = words {
            writer.raw(", \"words\": ")
            if let count { writer.integer(count) } else { writer.null() }
        }
        writer.raw("}")
    }

    /// Reads one project; `position` is its place in the document, which is what counts
    /// (a `position` field is informative only), unless `recordedPosition`: the history keeps
    /// projects one by one, each with its place.
    static func read(
        from scanner: inout JSONScanner, position: Int, recordedPosition: Bool = false
    ) throws(DocumentProblem) -> Project {
        var position = position
        var id: UUID?
        var name: String?
        var kind: ProjectKind?
        var created: Date?
        var details: String?
        var folder: String?
        var managed = false
        var target: Int?
        var due: CalendarDay?
        var orderKey: OrderKey?
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "id" {
                id = try scanner.parsedString(field: "id", project: position, UUIDText.uuid)
            } else if key == "name" {
                name = try scanner.string()
            } else if key == "type" {
                let text = try scanner.string()
                guard let value = ProjectKind(rawValue: text) else {
                    throw .wrongValue(field: "type", value: text, project: position)
                }
                kind = value
            } else if key == "created" {
                created = try scanner.parsedString(field: "created", project: position, Timestamp.date)
            } else if key == "details" {
                details = try scanner.optionalString()
            } else if key == "position" {
                // On every line, and informative but in the history: read next to its neighbours.
                if recordedPosition { position = try scanner.integer() } else { try scanner.skipValue() }
            } else if key == "folder" {
                folder = try scanner.optionalString()
                if folder?.isEmpty == true { throw .wrongValue(field: "folder", value: "", project: position) }
            } else if key == "managed" {
                // `null` in an export, for a project without a folder.
                managed = try scanner.null() ? false : scanner.boolean()
            } else if key == "target" {
                target = try Self.target(&scanner, project: position)
            } else if key == "due" {
                if let text = try scanner.optionalString() {
                    guard let day = CalendarDay(parsing: text) else { throw .wrongValue(field: "due", value: text, project: position) }
                    due = day
                }
            } else if key == "place" {
                orderKey = try scanner.parsedString(field: "place", project: position) { OrderKey(utf8: $0) }
            } else {
                try scanner.skipValue()
            }
        }
        guard let id else { throw .missingField("id", project: position) }
        guard let name else { throw .missingField("name", project: position) }
        guard let kind else { throw .missingField("type", project: position) }
        guard let created else { throw .missingField("created", project: position) }
        return Project(
            id: id, name: name, kind: kind, created: created, details: details, position: position,
            folder: folder.map { ProjectFolder(recorded: $0, isManaged: managed) }, target: target, due: due,
            orderKey: orderKey)
    }
}

extension ProjectJSON {
    /// A word target as the store reads one: none, or 1 or more. The history's lines and the
    /// machines' logs read a target set by this too, so a merge never takes in one the store refuses.
    /// Any target of at least 1 the scanner reads, beyond `StoredNumber.wordTarget.range`: a store
    /// or export written before that range is read as it was.
    static func target(_ scanner: inout JSONScanner, project: Int?) throws(DocumentProblem) -> Int? {
        let target = try scanner.optionalInteger()
        if let target, target < 1 { throw .wrongValue(field: "target", value: String(target), project: project) }
        return target
    }
}

extension JSONScanner {
    /// A string parsed further by `parse` (ids, dates), straight from the document's bytes when it
    /// holds no escapes.
    mutating func parsedString<Value>(
        field: String, project: Int?, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?
    ) throws(DocumentProblem) -> Value {
        let text: String
        if let raw = plainStringBytes() {
            if let value = parse(raw) { return value }
            text = String(decoding: raw, as: UTF8.self)
        } else {
            text = try string()
            if let value = Array(text.utf8).withUnsafeBufferPointer(parse) { return value }
        }
        throw .wrongValue(field: field, value: text, project: project)
    }
}
