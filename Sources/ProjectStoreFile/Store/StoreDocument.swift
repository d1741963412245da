import Foundation
import ProjectStore

/// The JSON document that is both the store on disk and what `export` prints and `import` reads:
/// `{"version": 3, "sort": "name", "root": … or null, "projects": [...]}`, one project a line, in
/// the writer's order. Versions 1 (before folders) and 2 (before order keys) are read as well.
/// See docs/store-format.md.
public enum StoreDocument {
    /// The newest version this tool reads: 4 holds markets and submissions.
    public static let version = 4
    /// A document without markets or submissions is written as version 3, which the tool before
    /// them reads; one with them as 4, which that tool refuses rather than rewrite without them.
    static let versionWithoutSubmissions = 3

    static func version(of catalog: ProjectCatalog) -> Int {
        catalog.markets.isEmpty && catalog.submissions.isEmpty ? versionWithoutSubmissions : version
    }

    /// What a document holds, checked for shape but not yet against the naming rules.
    public struct Contents {
        public let order: ProjectOrder
        public let root: String?
        public let projects: [Project]
        /// Only the store has one; an export leaves it out, so that it shows the projects alone.
        public let revision: Int
        /// The store's alone too: the last change's clock, where its history ended, and when a
        /// change went unrecorded.
        public let clock: HybridTime?
        public let history: HistoryMark
        public let unrecorded: Date?
        /// Whether the writer was told after a move that lists follow another order.
        public let orderNoted: Bool
        /// How far a shared list has taken in every machine's log.
        public let sharing: SharingMark?
        /// Where the writer sends work and what was sent; empty in a store written before them.
        public let markets: [Market]
        public let submissions: [Submission]
    }

    /// The document `export` prints; `withRevision` for the store itself.
    public static func encode(_ catalog: ProjectCatalog, withRevision: Bool = false) -> [UInt8] {
        // One piece, the whole document.
        var whole: [UInt8] = []
        encode(catalog, withRevision: withRevision, pieceSize: .max) { piece in whole = Array(piece) }
        return whole
    }

    /// The document in pieces of about `pieceSize` bytes, each handed to `write` as it is made (in
    /// place: valid only while `write` runs): the store is written to its file so, never held whole
    /// beside the projects it is made from, nor copied on its way.
    static func encode<Failure: Error>(
        _ catalog: ProjectCatalog, withRevision: Bool, pieceSize: Int = 1 << 20, write: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        // A catalog without its answered pieces would write them away.
        precondition(catalog.submissionPieces == .all, "a catalog read without every piece of its submissions is never written")
        // A line holds about 180 bytes without a folder, 240 with one, a submission of five pieces
        // about 600: room for a piece without growing.
        let lines = 256 + catalog.projects.count * 256 + catalog.submissions.count * 640
        var writer = JSONWriter(capacity: min(pieceSize, lines) + 4096)
        writer.raw("{\n  \"version\": ")
        writer.integer(version(of: catalog))
        if withRevision {
            writer.raw(",\n  \"revision\": ")
            writer.integer(catalog.revision)
            if let clock = catalog.lastClock {
                writer.raw(",\n  \"clock\": ")
                writer.string(clock.description)
            }
            if let time = catalog.unrecordedChange {
                writer.raw(",\n  \"unrecorded\": ")
                writer.timestamp(time)
            }
            if catalog.ownOrderNoted { writer.raw(",\n  \"orderNoted\": true") }
            if let end = catalog.historyMark.end, let lines = catalog.historyMark.lines {
                writer.raw(",\n  \"history\": [")
                writer.integer(end)
                writer.raw(", ")
                writer.integer(lines)
                writer.raw("]")
            }
            if let sharing = catalog.sharing { self.write(sharing, to: &writer) }
        }
        writer.raw(",\n  \"sort\": ")
        writer.string(catalog.defaultOrder.rawValue)
        writer.raw(",\n  \"root\": ")
        writer.optionalString(catalog.savedRoot)
        writer.raw(",\n  \"projects\": [")
        for (index, project) in catalog.projects.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            ProjectJSON.write(project, to: &writer, folder: withRevision ? .recorded : .exported)
            try handOver(&writer, ifFull: pieceSize, to: write)
        }
        writer.raw(catalog.projects.isEmpty ? "]" : "\n  ]")
        // In pieces too: 10,000 submissions are 6 MB, which grown in one buffer were copied as it
        // grew, a fifth of `submit`.
        try writeLines(",\n  \"markets\": [", catalog.markets, to: &writer, pieceSize: pieceSize, write: write) {
            SubmissionJSON.write($0, to: &$1)
        }
        try writeLines(",\n  \"submissions\": [", catalog.submissions, to: &writer, pieceSize: pieceSize, write: write) {
            SubmissionJSON.write($0, to: &$1)
        }
        writer.raw("\n}\n")
        try writer.withBytes(write)
    }

    /// The piece made so far handed to `write` once it holds `pieceSize` bytes, and the writer emptied.
    private static func handOver<Failure: Error>(
        _ writer: inout JSONWriter, ifFull pieceSize: Int, to write: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        guard writer.count >= pieceSize else { return }
        try writer.withBytes(write)
        writer.clear()
    }

    /// An array one value a line after `opening`, left out when empty (a store without markets or
    /// submissions reads as it did before them), handed to `write` in pieces of `pieceSize` bytes.
    private static func writeLines<Value, Failure: Error>(
        _ opening: StaticString, _ values: [Value], to writer: inout JSONWriter, pieceSize: Int,
        write: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void, _ line: (Value, inout JSONWriter) -> Void
    ) throws(Failure) {
        guard !values.isEmpty else { return }
        writer.raw(opening)
        for (index, value) in values.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            line(value, &writer)
            try handOver(&writer, ifFull: pieceSize, to: write)
        }
        writer.raw("\n  ]")
    }

    /// `"shared": {"root": …, "logs": {"<machine>": [end, "clock"], …}}`, the machines in a steady
    /// order so that the same mark is the same text.
    private static func write(_ sharing: SharingMark, to writer: inout JSONWriter) {
        writer.raw(",\n  \"shared\": {\"root\": ")
        writer.string(sharing.root)
        writer.raw(", \"logs\": {")
        for (index, (machine, log)) in sharing.logs.sorted(by: { $0.key.uuidString < $1.key.uuidString }).enumerated() {
            writer.raw(index == 0 ? "" : ", ")
            writer.uuid(machine)
            writer.raw(": [")
            writer.integer(log.end)
            writer.raw(", ")
            writer.string(log.clock.description)
            writer.raw("]")
        }
        writer.raw("}}")
    }

    private static func sharing(_ scanner: inout JSONScanner) throws(DocumentProblem) -> SharingMark {
        var root: String?
        var logs: [UUID: LogMark] = [:]
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "root" {
                root = try scanner.string()
            } else if key == "logs" {
                try scanner.object { scanner, machine throws(DocumentProblem) in
                    guard let id = machine.uuid else { throw .wrongValue(field: "shared", value: machine.text, project: nil) }
                    var end: Int?
                    var clock: HybridTime?
                    try scanner.array { scanner throws(DocumentProblem) in
                        if end == nil {
                            end = try scanner.integer()
                        } else {
                            let text = try scanner.string()
                            clock = HybridTime(text)
                            guard clock != nil else { throw .wrongValue(field: "shared", value: text, project: nil) }
                        }
                    }
                    guard let end, end >= 0, let clock else { throw .missingField("shared", project: nil) }
                    logs[id] = LogMark(end: end, clock: clock)
                }
            } else {
                try scanner.skipValue()
            }
        }
        guard let root, root.hasPrefix("/") else { throw .missingField("shared", project: nil) }
        return SharingMark(root: root, logs: logs)
    }

    public static func decode(_ bytes: [UInt8], pieces: SubmissionPieces = .all) throws(DocumentProblem) -> Contents {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentProblem) in try decode(buffer, pieces: pieces) }
    }

    /// How many new lines `bytes` holds, found with `memchr`, which looks at many bytes at a time:
    /// counted byte by byte, this was a tenth of a read.
    /// `releasing` is told, every megabyte, how far the count has gone.
    static func lineCount(_ bytes: UnsafeRawBufferPointer, releasing: (Int) -> Void = { _ in }) -> Int {
        guard let start = bytes.baseAddress else { return 0 }
        var next = start
        let end = next + bytes.count
        var count = 0
        var told = 0
        while next < end, let found = memchr(next, 0x0A, end - next) {
            count += 1
            next = UnsafeRawPointer(found) + 1
            if next - start - told >= 1 << 20 {
                told = next - start
                releasing(told)
            }
        }
        return count
    }

    /// A store read from its mapped file, each page handed back once its projects are made, the
    /// submissions holding `pieces`.
    static func decode(_ file: MappedFile, pieces: SubmissionPieces = .all) throws(DocumentProblem) -> Contents {
        let bytes = UnsafeBufferPointer(start: file.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: file.bytes.count)
        return try decode(bytes, pieces: pieces, releasing: file.release)
    }

    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, pieces: SubmissionPieces = .all, releasing: (Int) -> Void = { _ in }
    ) throws(DocumentProblem) -> Contents {
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { throw .empty }
        var scanner = JSONScanner(bytes)
        var foundVersion: Int?
        var order = ProjectOrder.standard
        var projects: [Project]?
        var root: String?
        var revision = 0
        var clock: HybridTime?
        var history = HistoryMark()
        var unrecorded: Date?
        var orderNoted = false
        var shared: SharingMark?
        var markets: [Market] = []
        var submissions: [Submission] = []
        var counted: Int?
        func lines() -> Int {
            if let counted { return counted }
            let count = lineCount(UnsafeRawBufferPointer(bytes), releasing: releasing)
            counted = count
            return count
        }
        try scanner.expect(.object, field: nil, project: nil)
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "version" {
                try scanner.expect(.number, field: "version", project: nil)
                let found = try scanner.integer()
                guard found <= version else { throw .newerVersion(found) }
                guard found >= 1 else { throw .wrongValue(field: "version", value: String(found), project: nil) }
                foundVersion = found
            } else if key == "sort" {
                let text = try scanner.string()
                guard let saved = ProjectOrder(rawValue: text) else {
                    throw .wrongValue(field: "sort", value: text, project: nil)
                }
                order = saved
            } else if key == "revision" {
                revision = try scanner.integer()
            } else if key == "clock" {
                let text = try scanner.string()
                guard let value = HybridTime(text) else { throw .wrongValue(field: "clock", value: text, project: nil) }
                clock = value
            } else if key == "unrecorded" {
                unrecorded = try scanner.parsedString(field: "unrecorded", project: 0, Timestamp.date)
            } else if key == "orderNoted" {
                orderNoted = try scanner.boolean()
            } else if key == "history" {
                var values: [Int] = []
                try scanner.array { scanner throws(DocumentProblem) in values.append(try scanner.integer()) }
                guard values.count == 2, values.allSatisfy({ $0 >= 0 }) else {
                    throw .wrongValue(field: "history", value: "\(values)", project: nil)
                }
                history = HistoryMark(end: values[0], lines: values[1])
            } else if key == "shared" {
                shared = try sharing(&scanner)
            } else if key == "markets" {
                try scanner.array { scanner throws(DocumentProblem) in
                    markets.append(try SubmissionJSON.readMarket(&scanner, index: markets.count + 1))
                }
            } else if key == "submissions" {
                // One a line as this tool writes them, as projects are: never more than the lines.
                submissions.reserveCapacity(lines())
                var lines = SubmissionLine(keeping: pieces)
                try scanner.array { scanner throws(DocumentProblem) in
                    submissions.append(try SubmissionJSON.readSubmission(&scanner, index: submissions.count + 1, lines: &lines))
                    if submissions.count % 256 == 0 { releasing(scanner.consumed) }
                }
            } else if key == "root" {
                root = try scanner.optionalString()
                guard root?.hasPrefix("/") != false else { throw .wrongValue(field: "root", value: root!, project: nil) }
            } else if key == "projects" {
                var list: [Project] = []
                // One project a line as this tool writes them: reserve that many, not twice as many.
                list.reserveCapacity(lines())
                try scanner.expect(.array, field: "projects", project: nil)
                try scanner.array { scanner throws(DocumentProblem) in
                    try scanner.expect(.object, field: nil, project: list.count + 1)
                    list.append(try ProjectJSON.read(from: &scanner, position: list.count + 1))
                    if list.count % 256 == 0 { releasing(scanner.consumed) }
                }
                projects = list
            } else {
                try scanner.skipValue()
            }
        }
        try scanner.end()
        guard foundVersion != nil else { throw .missingField("version", project: nil) }
        guard let projects else { throw .missingField("projects", project: nil) }
        return Contents(order: order, root: root, projects: projects, revision: revision, clock: clock, history: history, unrecorded: unrecorded, orderNoted: orderNoted, sharing: shared,
            markets: markets, submissions: submissions)
    }
}
