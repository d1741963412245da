#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// The history on disk, `<store>.history`: a header line `{"history": 2}`, then one change a line,
/// oldest first, each starting with the store revision it produced, then its times and machine,
/// then what it was, its operations last:
/// `{"rev": 12, "time": …, "clock": "1764000000123.0", "machine": id, "host": "laptop",
/// "change": "rename", "ops": [{"project": id, "name": ["Draft", "Winter"]}, …]}`; an undo or redo
/// has `"undo": {"machine": id, "clock": …}` (or `"redo"`) instead of `"change"`.
/// Changes are appended, so a crash can at worst leave a torn last line, never a damaged earlier
/// one. docs/store-format.md describes every operation.
enum HistoryFile {
    static let version = 2
    static let header: [UInt8] = Array("{\"history\": 2}\n".utf8)

    static func path(forStore store: String) -> String { store + FileStorage.historySuffix }

    // MARK: Writing

    static func encode(_ changes: [Change]) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.raw("{\"history\": 2}\n")
        for change in changes { write(change, to: &writer) }
        return writer.bytes
    }

    /// One change's line; with `seen`, as a shared root's log has it (`SharedLogFile`).
    static func line(_ change: Change, seen: [UUID: HybridTime]? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        write(change, seen: seen, to: &writer)
        return writer.bytes
    }

    private static func write(_ change: Change, seen: [UUID: HybridTime]? = nil, to writer: inout JSONWriter) {
        writer.raw("{\"rev\": ")
        writer.integer(change.revision)
        writer.raw(", \"time\": ")
        writer.timestamp(change.time)
        writer.raw(", \"clock\": ")
        writer.string(change.clock.description)
        writer.raw(", \"machine\": ")
        writer.uuid(change.machine.id)
        writer.raw(", \"host\": ")
        writer.string(change.machine.name)
        switch change.kind {
        case .command(let name):
            writer.raw(", \"change\": ")
            writer.string(name)
        case .undo(let target):
            writer.raw(", \"undo\": ")
            writeID(target, to: &writer)
        case .redo(let target):
            writer.raw(", \"redo\": ")
            writeID(target, to: &writer)
        }
        if change.isLegacy { writer.raw(", \"legacy\": true") }
        if let seen {
            writer.raw(", \"seen\": {")
            for (index, (machine, clock)) in seen.sorted(by: { $0.key.uuidString < $1.key.uuidString }).enumerated() {
                if index > 0 { writer.raw(", ") }
                writer.uuid(machine)
                writer.raw(": ")
                writer.string(clock.description)
            }
            writer.raw("}")
        }
        // Last: what `undo` and `redo` look for is read without going through them.
        writer.raw(", \"ops\": [")
        for (index, operation) in change.operations.enumerated() {
            if index > 0 { writer.raw(", ") }
            write(operation, to: &writer)
        }
        writer.raw("]}\n")
    }

    private static func writeID(_ id: ChangeID, to writer: inout JSONWriter) {
        writer.raw("{\"machine\": ")
        writer.uuid(id.machine)
        writer.raw(", \"clock\": ")
        writer.string(id.clock.description)
        writer.raw("}")
    }

    private static func write(_ operation: ChangeOperation, to writer: inout JSONWriter) {
        switch operation {
        case .create(let project):
            writer.raw("{\"create\": ")
            ProjectJSON.write(project, to: &writer, folder: .recorded)
        case .remove(let project):
            writer.raw("{\"remove\": ")
            ProjectJSON.write(project, to: &writer, folder: .recorded)
        case .set(let id, let change):
            writer.raw("{\"project\": ")
            writer.uuid(id)
            switch change {
            case .name(let from, let to):
                writer.raw(", \"name\": [")
                writer.string(from)
                writer.raw(", ")
                writer.string(to)
            case .details(let from, let to):
                writer.raw(", \"details\": [")
                writer.optionalString(from)
                writer.raw(", ")
                writer.optionalString(to)
            case .target(let from, let to):
                writer.raw(", \"target\": [")
                writeOptional(from, to: &writer)
                writer.raw(", ")
                writeOptional(to, to: &writer)
            case .due(let from, let to):
                writer.raw(", \"due\": [")
                writer.optionalString(from?.description)
                writer.raw(", ")
                writer.optionalString(to?.description)
            case .folder(let from, let to):
                writer.raw(", \"folder\": [")
                writeFolder(from, to: &writer)
                writer.raw(", ")
                writeFolder(to, to: &writer)
            }
            writer.raw("]")
        case .place(let id, let placement):
            writer.raw("{\"project\": ")
            writer.uuid(id)
            writer.raw(", \"place\": [")
            writer.optionalString(placement.fromKey?.text)
            writer.raw(", ")
            writer.optionalString(placement.toKey?.text)
            writer.raw("], \"positions\": [")
            writer.integer(placement.fromPosition)
            writer.raw(", ")
            writer.integer(placement.toPosition)
            writer.raw("]")
        case .setDefaultOrder(let from, let to):
            writer.raw("{\"sort\": [")
            writer.string(from.rawValue)
            writer.raw(", ")
            writer.string(to.rawValue)
            writer.raw("]")
        case .setRoot(let from, let to):
            writer.raw("{\"root\": [")
            writer.optionalString(from)
            writer.raw(", ")
            writer.optionalString(to)
            writer.raw("]")
        case .disk(let step):
            writer.raw("{\"project\": ")
            writer.uuid(step.project)
            switch step {
            case .made(_, let path, let layout):
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
            case .moved(_, let source, let destination):
                writer.raw(", \"moved\": [")
                writer.string(source)
                writer.raw(", ")
                writer.string(destination)
                writer.raw("]")
            case .restored(let restore):
                writer.raw(", \"restored\": ")
                writer.string(restore.file)
                writer.raw(", \"versions\": [")
                writer.optionalString(restore.before)
                writer.raw(", ")
                writer.string(restore.restored)
                writer.raw("], \"number\": ")
                writer.integer(restore.number)
            }
        case .submissions(let change):
            SubmissionOperationJSON.write(change, to: &writer)
        }
        writer.raw("}")
    }

    private static func writeOptional(_ value: Int?, to writer: inout JSONWriter) {
        if let value { writer.integer(value) } else { writer.null() }
    }

    private static func writeFolder(_ folder: ProjectFolder?, to writer: inout JSONWriter) {
        guard let folder else { return writer.null() }
        writer.raw("{\"path\": ")
        writer.string(folder.recorded)
        writer.raw(", \"managed\": ")
        writer.boolean(folder.isManaged)
        writer.raw("}")
    }

    // MARK: Framing

    /// A line of the file: the revision it starts with, and where it is.
    struct Line {
        let revision: Int
        let range: Range<Int>
    }

    /// The version a header line names; throws for a line that is not a history's header.
    static func version(ofHeader line: ArraySlice<UInt8>) throws(DocumentProblem) -> Int {
        try Array(line).withUnsafeBufferPointer { buffer throws(DocumentProblem) in
            var scanner = JSONScanner(buffer)
            var found: Int?
            try scanner.object { scanner, key throws(DocumentProblem) in
                if key == "history" { found = try scanner.integer() } else { try scanner.skipValue() }
            }
            try scanner.end()
            guard let found else { throw .missingField("history", project: nil) }
            guard found <= version else { throw .newerVersion(found) }
            return found
        }
    }

    /// The lines between `start` and `end`, each with its revision, without reading their content.
    /// A last piece without its new line was torn by a crash and is not a line; `torn` says where
    /// it starts.
    static func lines(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) throws(DocumentProblem) -> (lines: [Line], torn: Int) {
        var lines: [Line] = []
        var start = start
        while start < end, let found = memchr(bytes.baseAddress! + start, 0x0A, end - start) {
            let lineEnd = UnsafeRawPointer(found) - bytes.baseAddress!
            guard let number = revision(of: bytes, start..<lineEnd) else { throw .syntax(line: lines.count + 2, column: 1) }
            lines.append(Line(revision: number, range: start..<(lineEnd + 1)))
            start = lineEnd + 1
        }
        return (lines, start)
    }

    /// The number after `{"rev": ` that every line starts with, if the line is framed as one.
    static func revision(of bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        let prefix = Array("{\"rev\": ".utf8)
        guard range.count > prefix.count + 1, bytes[range.upperBound - 1] == UInt8(ascii: "}"),
              prefix.indices.allSatisfy({ bytes[range.lowerBound + $0] == prefix[$0] })
        else { return nil }
        var value = 0
        var index = range.lowerBound + prefix.count
        while index < range.upperBound, (0x30...0x39).contains(bytes[index]), index - range.lowerBound < prefix.count + 18 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return index > range.lowerBound + prefix.count ? value : nil
    }

    /// Of `lines`, those of changes the store has seen: up to its revision, and, where a crash
    /// left a change the store never reached and a later change took its revision, the later one.
    static func seen(_ lines: [Line], storeRevision: Int) -> [Line] {
        var latest: [Int: Int] = [:]
        for (index, line) in lines.enumerated() where line.revision <= storeRevision { latest[line.revision] = index }
        return lines.indices.filter { latest[lines[$0].revision] == $0 }.map { lines[$0] }
    }

    // MARK: Reading

    /// One line's change; without `operations`, its operations are left unread.
    static func decode(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, operations: Bool) throws(DocumentProblem) -> Change {
        try decodeSeen(bytes, range, operations: operations).change
    }

    /// One line's change, and what its machine had seen of the others (empty in a history).
    static func decodeSeen(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, operations: Bool
    ) throws(DocumentProblem) -> (change: Change, seen: [UUID: HybridTime]) {
        let slice = UnsafeBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count)
        var scanner = JSONScanner(slice)
        var revision: Int?
        var time: Date?
        var clock: HybridTime?
        var machine: UUID?
        var host = ""
        var kind: Change.Kind?
        var legacy = false
        var ops: [ChangeOperation] = []
        var complete = true
        var seen: [UUID: HybridTime] = [:]
        try scanner.objectUntil { scanner, key throws(DocumentProblem) in
            if key == "rev" {
                revision = try scanner.integer()
            } else if key == "time" {
                time = try scanner.parsedString(field: "time", project: 0, Timestamp.date)
            } else if key == "clock" {
                clock = try hybridTime(&scanner)
            } else if key == "machine" {
                machine = try scanner.parsedString(field: "machine", project: 0, UUIDText.uuid)
            } else if key == "host" {
                host = try scanner.string()
            } else if key == "change" {
                kind = .command(try scanner.string())
            } else if key == "undo" {
                kind = .undo(of: try changeID(&scanner))
            } else if key == "redo" {
                kind = .redo(of: try changeID(&scanner))
            } else if key == "legacy" {
                legacy = try scanner.boolean()
            } else if key == "seen" {
                try scanner.object { scanner, machine throws(DocumentProblem) in
                    guard let id = machine.uuid else { throw .wrongValue(field: "seen", value: machine.text, project: nil) }
                    seen[id] = try hybridTime(&scanner)
                }
            } else if key == "ops" {
                guard operations else {
                    complete = false
                    return false
                }
                try scanner.array { scanner throws(DocumentProblem) in ops.append(try operation(&scanner)) }
            } else {
                try scanner.skipValue()
            }
            return true
        }
        if complete { try scanner.end() }
        guard let revision else { throw .missingField("rev", project: nil) }
        guard let time else { throw .missingField("time", project: nil) }
        guard let clock else { throw .missingField("clock", project: nil) }
        guard let machine else { throw .missingField("machine", project: nil) }
        guard let kind else { throw .missingField("change", project: nil) }
        let change = Change(
            revision: revision, time: time, clock: clock, machine: Machine(id: machine, name: host), kind: kind,
            operations: ops, isLegacy: legacy)
        return (change, seen)
    }

    private static func hybridTime(_ scanner: inout JSONScanner) throws(DocumentProblem) -> HybridTime {
        let text = try scanner.string()
        guard let value = HybridTime(text) else { throw .wrongValue(field: "clock", value: text, project: nil) }
        return value
    }

    private static func changeID(_ scanner: inout JSONScanner) throws(DocumentProblem) -> ChangeID {
        var machine: UUID?
        var clock: HybridTime?
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "machine" {
                machine = try scanner.parsedString(field: "machine", project: 0, UUIDText.uuid)
            } else if key == "clock" {
                clock = try hybridTime(&scanner)
            } else {
                try scanner.skipValue()
            }
        }
        guard let machine, let clock else { throw .missingField("clock", project: nil) }
        return ChangeID(machine: machine, clock: clock)
    }

    private static func operation(_ scanner: inout JSONScanner) throws(DocumentProblem) -> ChangeOperation {
        var project: UUID?
        var result: ChangeOperation?
        var field: FieldChange?
        var keys: [OrderKey?]?
        var positions: [Int] = []
        var made: String?
        var folders: [String]?
        var template: String?
        var moved: [String] = []
        var restored: String?
        var versions: (before: String?, restored: String?)?
        var number: Int?
        var submissionFields = SubmissionOperationJSON.Fields()
        try scanner.object { scanner, key throws(DocumentProblem) in
            if try submissionFields.read(key, &scanner) {
                return
            } else if key == "project" {
                project = try scanner.parsedString(field: "project", project: 0, UUIDText.uuid)
            } else if key == "create" {
                result = .create(try ProjectJSON.read(from: &scanner, position: 0, recordedPosition: true))
            } else if key == "remove" {
                result = .remove(try ProjectJSON.read(from: &scanner, position: 0, recordedPosition: true))
            } else if key == "name" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try scanner.string() }
                field = .name(from: from, to: to)
            } else if key == "details" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try scanner.optionalString() }
                field = .details(from: from, to: to)
            } else if key == "target" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try ProjectJSON.target(&scanner, project: nil) }
                field = .target(from: from, to: to)
            } else if key == "due" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try day(&scanner) }
                field = .due(from: from, to: to)
            } else if key == "folder" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try folder(&scanner) }
                field = .folder(from: from, to: to)
            } else if key == "place" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try orderKey(&scanner) }
                keys = [from, to]
            } else if key == "positions" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try scanner.integer() }
                positions = [from, to]
            } else if key == "sort" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try order(&scanner) }
                result = .setDefaultOrder(from: from, to: to)
            } else if key == "root" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try scanner.optionalString() }
                result = .setRoot(from: from, to: to)
            } else if key == "made" {
                made = try scanner.string()
            } else if key == "folders" {
                var names: [String] = []
                try scanner.array { scanner throws(DocumentProblem) in names.append(try scanner.string()) }
                folders = names
            } else if key == "template" {
                template = try scanner.string()
            } else if key == "moved" {
                let (from, to) = try pair(&scanner) { scanner throws(DocumentProblem) in try scanner.string() }
                moved = [from, to]
            } else if key == "restored" {
                restored = try scanner.string()
            } else if key == "versions" {
                versions = try pair(&scanner) { scanner throws(DocumentProblem) in try scanner.optionalString() }
            } else if key == "number" {
                number = try scanner.integer()
            } else {
                try scanner.skipValue()
            }
        }
        if let result { return result }
        if let change = try submissionFields.operation() { return .submissions(change) }
        guard let project else { throw .missingField("project", project: nil) }
        if let field { return .set(project, field) }
        if let keys {
            guard positions.count == 2 else { throw .missingField("positions", project: nil) }
            return .place(project, Placement(fromKey: keys[0], toKey: keys[1], fromPosition: positions[0], toPosition: positions[1]))
        }
        if let made {
            return .disk(.made(project: project, path: made, layout: template.map { .template($0) } ?? .folders(folders ?? [])))
        }
        if let restored {
            guard let versions, let version = versions.restored else { throw .missingField("versions", project: nil) }
            guard let number else { throw .missingField("number", project: nil) }
            return .disk(.restored(FileRestore(project: project, file: restored, before: versions.before, restored: version, number: number)))
        }
        guard moved.count == 2 else { throw .missingField("moved", project: nil) }
        return .disk(.moved(project: project, from: moved[0], to: moved[1]))
    }

    /// A value before and after, as `[from, to]`.
    private static func pair<Value>(
        _ scanner: inout JSONScanner, _ read: (inout JSONScanner) throws(DocumentProblem) -> Value
    ) throws(DocumentProblem) -> (Value, Value) {
        var values: [Value] = []
        try scanner.array { scanner throws(DocumentProblem) in values.append(try read(&scanner)) }
        guard values.count == 2 else { throw .wrongValue(field: "ops", value: "\(values.count) values", project: nil) }
        return (values[0], values[1])
    }

    private static func day(_ scanner: inout JSONScanner) throws(DocumentProblem) -> CalendarDay? {
        guard let text = try scanner.optionalString() else { return nil }
        guard let day = CalendarDay(parsing: text) else { throw .wrongValue(field: "due", value: text, project: nil) }
        return day
    }

    private static func folder(_ scanner: inout JSONScanner) throws(DocumentProblem) -> ProjectFolder? {
        if try scanner.null() { return nil }
        var path: String?
        var managed = false
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "path" {
                path = try scanner.string()
            } else if key == "managed" {
                managed = try scanner.boolean()
            } else {
                try scanner.skipValue()
            }
        }
        guard let path, !path.isEmpty else { throw .missingField("path", project: nil) }
        return ProjectFolder(recorded: path, isManaged: managed)
    }

    private static func orderKey(_ scanner: inout JSONScanner) throws(DocumentProblem) -> OrderKey? {
        guard let text = try scanner.optionalString() else { return nil }
        guard let key = OrderKey(text) else { throw .wrongValue(field: "place", value: text, project: nil) }
        return key
    }

    private static func order(_ scanner: inout JSONScanner) throws(DocumentProblem) -> ProjectOrder {
        let text = try scanner.string()
        guard let value = ProjectOrder(rawValue: text) else { throw .wrongValue(field: "sort", value: text, project: nil) }
        return value
    }
}
