#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// The history on disk, `<store>.history`: a header line `{"history": 1}`, then one event a line,
/// oldest first, each starting with its store revision: `{"rev": 12, "time": …, "change": "rename",
/// "projects": [{"before": …, "after": …}], "disk": […]}`, `{"rev": 13, "time": …, "undo": 12,
/// "disk": […]}`, `"redo": 12`, or `"chain": [12]` (the redo chain of a compacted history).
/// Events are appended, so a crash can at worst leave a torn last line, never a damaged earlier one.
enum HistoryFile {
    static let version = 1
    static let header = "{\"history\": 1}\n"

    static func path(forStore store: String) -> String { store + FileStorage.historySuffix }

    // MARK: Writing

    static func encode(_ events: [HistoryEvent]) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.raw("{\"history\": 1}\n")
        for event in events { write(event, to: &writer) }
        return writer.bytes
    }

    static func line(_ event: HistoryEvent) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        write(event, to: &writer)
        return writer.bytes
    }

    private static func write(_ event: HistoryEvent, to writer: inout JSONWriter) {
        writer.raw("{\"rev\": ")
        writer.integer(event.revision)
        writer.raw(", \"time\": ")
        writer.timestamp(event.time)
        switch event.kind {
        case .change(let command, let record):
            writer.raw(", \"change\": ")
            writer.string(command)
            if let order = record.order {
                writer.raw(", \"order\": [")
                writer.string(order.before.rawValue)
                writer.raw(", ")
                writer.string(order.after.rawValue)
                writer.raw("]")
            }
            if let root = record.root {
                writer.raw(", \"root\": [")
                writer.optionalString(root.before)
                writer.raw(", ")
                writer.optionalString(root.after)
                writer.raw("]")
            }
            writeDisk(record.disk, to: &writer)
            // Last: what `undo` and `redo` look for is read without going through it.
            writer.raw(", \"projects\": [")
            for (index, delta) in record.projects.enumerated() {
                writer.raw(index == 0 ? "{\"before\": " : ", {\"before\": ")
                writeProject(delta.before, to: &writer)
                writer.raw(", \"after\": ")
                writeProject(delta.after, to: &writer)
                writer.raw("}")
            }
            writer.raw("]")
        case .undo(let revision, let disk):
            writer.raw(", \"undo\": ")
            writer.integer(revision)
            writeDisk(disk, to: &writer)
        case .redo(let revision, let disk):
            writer.raw(", \"redo\": ")
            writer.integer(revision)
            writeDisk(disk, to: &writer)
        case .redoChain(let chain):
            writer.raw(", \"chain\": [")
            for (index, revision) in chain.enumerated() {
                if index > 0 { writer.raw(", ") }
                writer.integer(revision)
            }
            writer.raw("]")
        }
        writer.raw("}\n")
    }

    private static func writeProject(_ project: Project?, to writer: inout JSONWriter) {
        if let project { ProjectJSON.write(project, to: &writer, folder: .recorded) } else { writer.null() }
    }

    private static func writeDisk(_ steps: [DiskStep], to writer: inout JSONWriter) {
        writer.raw(", \"disk\": [")
        for (index, step) in steps.enumerated() {
            writer.raw(index == 0 ? "{\"project\": " : ", {\"project\": ")
            switch step {
            case .made(let project, let path, let layout):
                writer.uuid(project)
                writer.raw(", \"made\": ")
                writer.string(path)
                switch layout {
                case .folders(let names):
                    writer.raw(", \"folders\": [")
                    for (position, name) in names.enumerated() {
                        if position > 0 { writer.raw(", ") }
                        writer.string(name)
                    }
                    writer.raw("]")
                case .template(let template):
                    writer.raw(", \"template\": ")
                    writer.string(template)
                }
            case .moved(let project, let source, let destination):
                writer.uuid(project)
                writer.raw(", \"from\": ")
                writer.string(source)
                writer.raw(", \"to\": ")
                writer.string(destination)
            }
            writer.raw("}")
        }
        writer.raw("]")
    }

    // MARK: Reading

    /// The lines of a history file, each with its revision, without reading their content: what an
    /// append needs, cheaply, whatever the size of the events. A last line without its new line was
    /// torn by a crash and is not a line. Throws for a file that is not a history of this version.
    static func frame(_ bytes: [UInt8]) throws(DocumentProblem) -> (lines: [(revision: Int, range: Range<Int>)], end: Int) {
        guard let firstEnd = bytes.firstIndex(of: 0x0A) else {
            guard bytes.isEmpty else { throw .syntax(line: 1, column: 1) }
            return ([], 0)
        }
        try checkHeader(Array(bytes[..<firstEnd]))
        var lines: [(Int, Range<Int>)] = []
        var start = firstEnd + 1
        // memchr for the new lines: every change frames the whole file, which may hold an import
        // of thousands of projects in one line.
        while let end = Self.newline(in: bytes, from: start) {
            guard let number = revision(of: bytes[start..<end]) else { throw .syntax(line: lines.count + 2, column: 1) }
            lines.append((number, start..<(end + 1)))
            start = end + 1
        }
        return (lines, start)
    }

    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer in
            memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start).map { UnsafeRawPointer($0) - buffer.baseAddress! }
        }
    }

    /// The number after `{"rev": ` that every event line starts with, if the line is framed as one.
    private static func revision(of line: ArraySlice<UInt8>) -> Int? {
        let prefix = "{\"rev\": ".utf8
        guard line.count > prefix.count + 1, line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
        let digits = line.dropFirst(prefix.count).prefix { (0x30...0x39).contains($0) }
        guard !digits.isEmpty, digits.count < 19 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Every event; without `records`, changes come with their records empty.
    static func decode(_ bytes: [UInt8], records: Bool = true) throws(DocumentProblem) -> [HistoryEvent] {
        let (lines, _) = try frame(bytes)
        var events: [HistoryEvent] = []
        events.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated() {
            do {
                events.append(try decode(line: Array(bytes[line.range]), records: records))
            } catch {
                // Point at the history's own line, not the line inside the event.
                if case .syntax(_, let column) = error { throw .syntax(line: offset + 2, column: column) }
                throw error
            }
        }
        return events
    }

    static func decode(line: [UInt8], records: Bool) throws(DocumentProblem) -> HistoryEvent {
        try line.withUnsafeBufferPointer { buffer throws(DocumentProblem) in try event(buffer, records: records) }
    }

    private static func checkHeader(_ line: [UInt8]) throws(DocumentProblem) {
        try line.withUnsafeBufferPointer { buffer throws(DocumentProblem) in
            var scanner = JSONScanner(buffer)
            var found: Int?
            try scanner.object { scanner, key throws(DocumentProblem) in
                if key == "history" { found = try scanner.integer() } else { try scanner.skipValue() }
            }
            try scanner.end()
            guard let found else { throw .missingField("history", project: nil) }
            guard found <= version else { throw .newerVersion(found) }
        }
    }

    private static func event(_ bytes: UnsafeBufferPointer<UInt8>, records: Bool) throws(DocumentProblem) -> HistoryEvent {
        var scanner = JSONScanner(bytes)
        var revision: Int?
        var time: Date?
        var command: String?
        var projects: [ProjectDelta] = []
        var order: ValueChange<ProjectOrder>?
        var root: ValueChange<String?>?
        var disk: [DiskStep] = []
        var undo: Int?
        var redo: Int?
        var chain: [Int]?
        var complete = true
        // Without the records, a change's projects (last on its line as written) are not read at
        // all once the rest is known: an import's line may hold thousands.
        try scanner.objectUntil { scanner, key throws(DocumentProblem) in
            if key == "rev" {
                revision = try scanner.integer()
            } else if key == "time" {
                time = try scanner.parsedString(field: "time", project: 0, Timestamp.date)
            } else if key == "change" {
                command = try scanner.string()
            } else if key == "projects" {
                if !records, revision != nil, time != nil, command != nil {
                    complete = false
                    return false
                }
                if !records { try scanner.skipValue(); return true }
                try scanner.array { scanner throws(DocumentProblem) in projects.append(try delta(&scanner)) }
            } else if key == "order" {
                var values: [ProjectOrder] = []
                try scanner.array { scanner throws(DocumentProblem) in
                    let text = try scanner.string()
                    guard let value = ProjectOrder(rawValue: text) else { throw .wrongValue(field: "order", value: text, project: nil) }
                    values.append(value)
                }
                guard values.count == 2 else { throw .wrongValue(field: "order", value: "\(values.count) values", project: nil) }
                order = ValueChange(before: values[0], after: values[1])
            } else if key == "root" {
                var values: [String?] = []
                try scanner.array { scanner throws(DocumentProblem) in values.append(try scanner.optionalString()) }
                guard values.count == 2 else { throw .wrongValue(field: "root", value: "\(values.count) values", project: nil) }
                root = ValueChange(before: values[0], after: values[1])
            } else if key == "disk" {
                try scanner.array { scanner throws(DocumentProblem) in disk.append(try step(&scanner)) }
            } else if key == "undo" {
                undo = try scanner.integer()
            } else if key == "redo" {
                redo = try scanner.integer()
            } else if key == "chain" {
                var values: [Int] = []
                try scanner.array { scanner throws(DocumentProblem) in values.append(try scanner.integer()) }
                chain = values
            } else {
                try scanner.skipValue()
            }
            return true
        }
        if complete { try scanner.end() }
        guard let revision else { throw .missingField("rev", project: nil) }
        guard let time else { throw .missingField("time", project: nil) }
        let kind: HistoryEvent.Kind
        if let command {
            kind = .change(command: command, record: ChangeRecord(projects: projects, order: order, root: root, disk: disk))
        } else if let undo {
            kind = .undo(of: undo, disk: disk)
        } else if let redo {
            kind = .redo(of: redo, disk: disk)
        } else if let chain {
            kind = .redoChain(chain)
        } else {
            throw .missingField("change", project: nil)
        }
        return HistoryEvent(revision: revision, time: time, kind: kind)
    }

    private static func delta(_ scanner: inout JSONScanner) throws(DocumentProblem) -> ProjectDelta {
        var before: Project?
        var after: Project?
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "before" {
                before = try optionalProject(&scanner)
            } else if key == "after" {
                after = try optionalProject(&scanner)
            } else {
                try scanner.skipValue()
            }
        }
        guard before != nil || after != nil else { throw .missingField("before", project: nil) }
        return ProjectDelta(before: before, after: after)
    }

    private static func optionalProject(_ scanner: inout JSONScanner) throws(DocumentProblem) -> Project? {
        if try scanner.null() { return nil }
        return try ProjectJSON.read(from: &scanner, position: 0, recordedPosition: true)
    }

    private static func step(_ scanner: inout JSONScanner) throws(DocumentProblem) -> DiskStep {
        var project: UUID?
        var made: String?
        var folders: [String]?
        var template: String?
        var source: String?
        var destination: String?
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "project" {
                project = try scanner.parsedString(field: "project", project: 0, UUIDText.uuid)
            } else if key == "made" {
                made = try scanner.string()
            } else if key == "folders" {
                var names: [String] = []
                try scanner.array { scanner throws(DocumentProblem) in names.append(try scanner.string()) }
                folders = names
            } else if key == "template" {
                template = try scanner.string()
            } else if key == "from" {
                source = try scanner.string()
            } else if key == "to" {
                destination = try scanner.string()
            } else {
                try scanner.skipValue()
            }
        }
        guard let project else { throw .missingField("project", project: nil) }
        if let made {
            let layout: FolderLayout = template.map { .template($0) } ?? .folders(folders ?? [])
            return .made(project: project, path: made, layout: layout)
        }
        guard let source, let destination else { throw .missingField("from", project: nil) }
        return .moved(project: project, from: source, to: destination)
    }
}
