import Foundation
import ProjectStore

/// Version 1 of the history, from before changes were operations: each change kept its projects as
/// they were and became (`{"rev": 7, "time": …, "change": "rename", "projects": [{"before": …,
/// "after": …}], "disk": […]}`), undos and redos named a revision, and a compacted file ended with
/// the redo chain. It is read into changes of this version, each field that differs an operation,
/// marked as recorded before the upgrade: shown by `history`, never undone, since the places of
/// its projects in the writer's order were positions, not keys.
enum LegacyHistoryFile {
    private enum Event {
        case change(command: String, operations: [ChangeOperation])
        case undo(of: Int)
        case redo(of: Int)
        case chain([Int])
    }

    /// The changes of a version-1 file the store has seen, in the order `History` replays them,
    /// stamped as made on `machine` (the clock's counter is the revision, so each is unique).
    static func changes(_ bytes: UnsafeRawBufferPointer, lines: [HistoryFile.Line], machine: Machine) throws(DocumentProblem) -> [Change] {
        var commands: [(revision: Int, time: Date, command: String, operations: [ChangeOperation])] = []
        var undone = Set<Int>()
        var chain: [Int] = []
        for (offset, line) in lines.enumerated() {
            let (time, event): (Date, Event)
            do {
                (time, event) = try decode(bytes, line.range)
            } catch {
                if case .syntax(_, let column) = error { throw .syntax(line: offset + 2, column: column) }
                throw error
            }
            switch event {
            case .change(let command, let operations):
                chain.removeAll()
                commands.append((line.revision, time, command, operations))
            case .undo(let revision):
                undone.insert(revision)
                chain.append(revision)
            case .redo(let revision):
                undone.remove(revision)
                chain.removeAll { $0 == revision }
            case .chain(let revisions):
                chain = revisions
            }
        }
        func stamp(_ revision: Int, _ time: Date) -> HybridTime {
            HybridTime(milliseconds: time.millisecondsSince1970, counter: revision)
        }
        // Each undone change followed by its undo, but those a redo could still apply, whose undos
        // come last in the chain's order, as the writer made them.
        var changes: [Change] = []
        var times: [Int: Date] = [:]
        for (revision, time, command, operations) in commands {
            times[revision] = time
            changes.append(Change(
                revision: revision, time: time, clock: stamp(revision, time), machine: machine, kind: .command(command),
                operations: operations, isLegacy: true))
            if undone.contains(revision), !chain.contains(revision) {
                changes.append(undo(of: ChangeID(machine: machine.id, clock: stamp(revision, time)), revision: revision, time: time, machine: machine))
            }
        }
        for revision in chain {
            guard let time = times[revision] else { continue }
            changes.append(undo(of: ChangeID(machine: machine.id, clock: stamp(revision, time)), revision: revision, time: time, machine: machine))
        }
        return changes
    }

    private static func undo(of target: ChangeID, revision: Int, time: Date, machine: Machine) -> Change {
        Change(
            revision: revision, time: time, clock: HybridTime(milliseconds: target.clock.milliseconds, counter: target.clock.counter + 1),
            machine: machine, kind: .undo(of: target), operations: [], isLegacy: true)
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) throws(DocumentProblem) -> (Date, Event) {
        let slice = UnsafeBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count)
        var scanner = JSONScanner(slice)
        var time: Date?
        var command: String?
        var operations: [ChangeOperation] = []
        var extra: [ChangeOperation] = []
        var undo: Int?
        var redo: Int?
        var chain: [Int]?
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "time" {
                time = try scanner.parsedString(field: "time", project: 0, Timestamp.date)
            } else if key == "change" {
                command = try scanner.string()
            } else if key == "projects" {
                try scanner.array { scanner throws(DocumentProblem) in operations += try delta(&scanner) }
            } else if key == "order" {
                let values = try strings(&scanner)
                guard let from = ProjectOrder(rawValue: values.0 ?? ""), let to = ProjectOrder(rawValue: values.1 ?? "") else {
                    throw .wrongValue(field: "order", value: "\(values)", project: nil)
                }
                extra.append(.setDefaultOrder(from: from, to: to))
            } else if key == "root" {
                let values = try strings(&scanner)
                extra.append(.setRoot(from: values.0, to: values.1))
            } else if key == "disk" {
                try scanner.array { scanner throws(DocumentProblem) in extra.append(.disk(try step(&scanner))) }
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
        }
        try scanner.end()
        guard let time else { throw .missingField("time", project: nil) }
        if let command { return (time, .change(command: command, operations: operations + extra)) }
        if let undo { return (time, .undo(of: undo)) }
        if let redo { return (time, .redo(of: redo)) }
        if let chain { return (time, .chain(chain)) }
        throw .missingField("change", project: nil)
    }

    private static func strings(_ scanner: inout JSONScanner) throws(DocumentProblem) -> (String?, String?) {
        var values: [String?] = []
        try scanner.array { scanner throws(DocumentProblem) in values.append(try scanner.optionalString()) }
        guard values.count == 2 else { throw .wrongValue(field: "projects", value: "\(values.count) values", project: nil) }
        return (values[0], values[1])
    }

    /// A project as it was and became, as the operations that take one to the other.
    private static func delta(_ scanner: inout JSONScanner) throws(DocumentProblem) -> [ChangeOperation] {
        var before: Project?
        var after: Project?
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "before" || key == "after" {
                let project = try scanner.null() ? nil : try ProjectJSON.read(from: &scanner, position: 0, recordedPosition: true)
                if key == "before" { before = project } else { after = project }
            } else {
                try scanner.skipValue()
            }
        }
        switch (before, after) {
        case (nil, nil): throw .missingField("before", project: nil)
        case (nil, let added?): return [.create(added)]
        case (let removed?, nil): return [.remove(removed)]
        case (let old?, let new?):
            var operations: [ChangeOperation] = []
            if old.name != new.name { operations.append(.set(old.id, .name(from: old.name, to: new.name))) }
            if old.details != new.details { operations.append(.set(old.id, .details(from: old.details, to: new.details))) }
            if old.target != new.target { operations.append(.set(old.id, .target(from: old.target, to: new.target))) }
            if old.due != new.due { operations.append(.set(old.id, .due(from: old.due, to: new.due))) }
            if old.folder != new.folder { operations.append(.set(old.id, .folder(from: old.folder, to: new.folder))) }
            if old.position != new.position {
                operations.append(.place(old.id, Placement(fromKey: nil, toKey: nil, fromPosition: old.position, toPosition: new.position)))
            }
            return operations
        }
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
        if let made { return .made(project: project, path: made, layout: template.map { .template($0) } ?? .folders(folders ?? [])) }
        guard let source, let destination else { throw .missingField("from", project: nil) }
        return .moved(project: project, from: source, to: destination)
    }
}
