#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// The history beside the store, `<store>.history`, written under the store's lock before the store
/// itself. The store notes where the history ended when it was written, so a change appends without
/// reading the history, and a change whose store write never happened (a crash between the two) is
/// known by lying past that mark. See docs/store-format.md.
extension FileStorage {
    /// Added to the store's path, the history's.
    public static let historySuffix = ".history"

    public func history(of catalog: ProjectCatalog) throws(ProjectStoreError) -> [Change] {
        let path = try historyPath()
        guard let file = try mapped(path) else { return [] }
        do throws(DocumentProblem) {
            return try file.wholeChanges(try file.seenChanges(storeRevision: catalog.revision, machine: machine))
        } catch {
            throw .historyUnreadable(path: path, error)
        }
    }

    public func recentHistory(of catalog: ProjectCatalog, until stop: (Change) -> Bool) throws(ProjectStoreError) -> [HistoryLine] {
        let path = try historyPath()
        guard let file = try mapped(path) else { return [] }
        do throws(DocumentProblem) {
            if try file.version() == 1 {
                // Read whole once, until the next change writes it anew.
                return try legacyLines(of: catalog, until: stop)
            }
            var found: [HistoryLine] = []
            var end = file.bytes.count
            // A last piece without its new line was torn by a crash.
            while end > 0, file.bytes[end - 1] != 0x0A { end -= 1 }
            while end > file.headerEnd {
                let start = file.lineStart(before: end)
                let range = start..<end
                end = start
                guard let revision = HistoryFile.revision(of: file.bytes, range.lowerBound..<(range.upperBound - 1)) else {
                    throw .syntax(line: 0, column: 1)
                }
                guard revision <= catalog.revision else { continue }
                let outline = try file.change(range, operations: false)
                found.append(HistoryLine(outline: outline) { () throws(ProjectStoreError) in
                    do throws(DocumentProblem) {
                        return try file.change(range, operations: true)
                    } catch {
                        throw .historyUnreadable(path: path, error)
                    }
                })
                if stop(outline) { break }
            }
            return found
        } catch {
            throw .historyUnreadable(path: path, error)
        }
    }

    /// A version-1 history, read whole once, until the next change writes it anew.
    private func legacyLines(of catalog: ProjectCatalog, until stop: (Change) -> Bool) throws(DocumentProblem) -> [HistoryLine] {
        do {
            var found: [HistoryLine] = []
            for change in try history(of: catalog).reversed() {
                found.append(HistoryLine(outline: change) { change })
                if stop(change) { break }
            }
            return found
        } catch {
            guard case .historyUnreadable(_, let problem) = error else { throw .syntax(line: 1, column: 1) }
            throw problem
        }
    }

    public func append(_ change: Change, to catalog: inout ProjectCatalog) throws(ProjectStoreError) {
        let path = try historyPath()
        let file = try mapped(path)
        let line = HistoryFile.line(change)
        defer { catalog.lastClock = change.clock }
        if catalog.revision == 0 { try makeStoreBeforeItsHistory(historyHolds: file.map(Self.changeCount) ?? 0) }
        guard let file, file.bytes.count > 0 else {
            return try rewrite(path, with: [change], in: &catalog)
        }
        do {
            let version = try file.version()
            let mark = catalog.historyMark
            // Most changes: the history ends where the store last saw it, and is not much longer.
            if version == HistoryFile.version, let end = mark.end, let lines = mark.lines, end == file.bytes.count,
               lines < 3 * History.limit {
                try HistoryAppender.append(line, to: path, at: end)
                catalog.historyMark = HistoryMark(end: end + line.count, lines: lines + 1)
                return
            }
            let seen = try file.seenChanges(storeRevision: catalog.revision, machine: machine)
            if version == HistoryFile.version {
                try checkNothingUnseen(in: file, after: seen.last?.line.upperBound ?? file.headerEnd, catalog: catalog, path: path)
                if seen.count < 3 * History.limit {
                    let end = seen.last?.line.upperBound ?? file.headerEnd
                    try HistoryAppender.append(line, to: path, at: end, cutting: file.bytes.count)
                    catalog.historyMark = HistoryMark(end: end + line.count, lines: seen.count + 1)
                    return
                }
            }
            // Compacted now and then rather than on every change, or upgraded from version 1:
            // only then is every change read.
            try rewrite(path, with: History.kept(try file.wholeChanges(seen)) + [change], in: &catalog)
        } catch let problem as DocumentProblem {
            throw .historyUnreadable(path: path, problem)
        } catch let error as ProjectStoreError {
            throw error
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            fatalError("unreachable: \(error)")
        }
    }

    /// What the history says of a store that is not there: `nil` when it records no change, and
    /// the store is then new. Read only when the store is missing.
    func lostStore(_ target: String) -> LostStore? {
        guard let file = try? MappedHistory(path: HistoryFile.path(forStore: target)) else { return nil }
        let count = Self.changeCount(file)
        guard count > 0 else { return nil }
        let lines = try? HistoryFile.lines(in: file.bytes, from: file.headerEnd, to: file.bytes.count).lines
        let last = lines?.last.flatMap { try? file.change($0.range, operations: false) }
        return LostStore(path: target, changes: count, last: last?.time)
    }

    /// How many changes a history holds, counted by their lines, even in a damaged one.
    private static func changeCount(_ file: MappedHistory) -> Int {
        guard file.headerEnd < file.bytes.count else { return 0 }
        return StoreDocument.lineCount(UnsafeRawBufferPointer(rebasing: file.bytes[file.headerEnd...]))
    }

    /// Before a new store's first change is recorded, the store is made, empty: a history then
    /// never stands without its store unless the store was lost, and a history found alone is
    /// always evidence, never taken for what a crash left of a first change. A store that cannot
    /// be read as there while its history holds changes is refused as lost.
    private func makeStoreBeforeItsHistory(historyHolds changes: Int) throws(ProjectStoreError) {
        let target: String
        do { target = try resolvedPath() } catch { throw .storage(error) }
        guard access(target, F_OK) != 0 else { return }
        if changes > 0, let lost = lostStore(target) { throw .storeLost(lost) }
        do { try AtomicFile.replace(target, with: StoreDocument.encode(ProjectCatalog(), withRevision: true)) } catch { throw .storage(error) }
    }

    public func unsavedChange(of catalog: ProjectCatalog) -> ChangeID? {
        guard let path = try? historyPath(), let file = try? mapped(path), (try? file.version()) == HistoryFile.version,
              let all = try? HistoryFile.lines(in: file.bytes, from: file.headerEnd, to: file.bytes.count).lines,
              let last = all.last, last.revision == catalog.revision + 1
        else { return nil }
        return (try? file.change(last.range, operations: false))?.id
    }

    public func clearHistory(of catalog: inout ProjectCatalog) throws(ProjectStoreError) {
        let path = try historyPath()
        // Forgetting is removing the file: that works whatever state it is in, unreadable included.
        guard unlink(path) == 0 || errno == ENOENT else { throw .storage(.unwritable(path: path, code: errno)) }
        catalog.historyMark = HistoryMark()
    }

    /// Refuses when the history holds changes past those the store has seen, other than the one a
    /// crash may have left between writing the history and the store: the store is then older than
    /// its history (restored from a backup, say), and those changes are evidence not to cut off.
    private func checkNothingUnseen(in file: MappedHistory, after end: Int, catalog: ProjectCatalog, path: String) throws(ProjectStoreError) {
        let unseen: [HistoryFile.Line]
        do {
            unseen = try HistoryFile.lines(in: file.bytes, from: end, to: file.bytes.count).lines
        } catch {
            throw .historyUnreadable(path: path, error)
        }
        guard unseen.count > 1 || unseen.contains(where: { $0.revision != catalog.revision + 1 }) else { return }
        let last = unseen.last.flatMap { try? file.change($0.range, operations: false) }
        throw .historyAhead(path: path, changes: unseen.count, last: last?.time)
    }

    private func rewrite(_ path: String, with changes: [Change], in catalog: inout ProjectCatalog) throws(ProjectStoreError) {
        let bytes = HistoryFile.encode(changes)
        do { try AtomicFile.replace(path, with: bytes) } catch { throw .storage(error) }
        catalog.historyMark = HistoryMark(end: bytes.count, lines: changes.count)
    }

    private func historyPath() throws(ProjectStoreError) -> String {
        do {
            return HistoryFile.path(forStore: try resolvedPath())
        } catch {
            throw .storage(error)
        }
    }

    private func mapped(_ path: String) throws(ProjectStoreError) -> MappedHistory? {
        do {
            return try MappedHistory(path: path)
        } catch {
            guard case .unreadable(_, let code) = error else { throw .storage(error) }
            throw .historyUnavailable(path: path, code: code)
        }
    }
}

/// A history file mapped into memory: only the pages read are read from disk, so finding the last
/// few changes costs nothing however long the file is.
final class MappedHistory: @unchecked Sendable {
    private let file: MappedFile
    var bytes: UnsafeRawBufferPointer { file.bytes }
    /// Where the first change begins, after the header line.
    let headerEnd: Int

    /// `nil` when there is no file.
    init?(path: String) throws(StorageError) {
        guard let file = try MappedFile(path: path) else { return nil }
        self.file = file
        let bytes = file.bytes
        headerEnd = bytes.baseAddress.map { start in
            memchr(start, 0x0A, bytes.count).map { UnsafeRawPointer($0) - start + 1 } ?? bytes.count
        } ?? 0
    }

    func version() throws(DocumentProblem) -> Int {
        guard headerEnd > 0, bytes[headerEnd - 1] == 0x0A else { throw .syntax(line: 1, column: 1) }
        return try HistoryFile.version(ofHeader: ArraySlice(bytes[0..<(headerEnd - 1)]))
    }

    /// Where the line ending just before `end` starts.
    func lineStart(before end: Int) -> Int {
        guard end - 1 > headerEnd, let found = lastNewline(bytes.baseAddress!, 0x0A, end - 1) else { return headerEnd }
        return max(UnsafeRawPointer(found) - bytes.baseAddress! + 1, headerEnd)
    }

    /// The changes the store has seen, each as its line and, in a version-1 file, already read.
    func seenChanges(storeRevision: Int, machine: Machine) throws(DocumentProblem) -> [(line: Range<Int>, legacy: Change?)] {
        let (lines, _) = try HistoryFile.lines(in: bytes, from: headerEnd, to: bytes.count)
        let seen = lines.filter { $0.revision <= storeRevision }
        if try version() == 1 {
            return try LegacyHistoryFile.changes(bytes, lines: seen, machine: machine).map { (0..<0, $0) }
        }
        return seen.map { ($0.range, nil) }
    }

    /// The changes `seenChanges` found, read whole.
    func wholeChanges(_ seen: [(line: Range<Int>, legacy: Change?)]) throws(DocumentProblem) -> [Change] {
        var changes: [Change] = []
        changes.reserveCapacity(seen.count)
        for (line, legacy) in seen {
            if let legacy { changes.append(legacy) } else { changes.append(try change(line, operations: true)) }
        }
        return changes
    }

    func change(_ range: Range<Int>, operations: Bool) throws(DocumentProblem) -> Change {
        try HistoryFile.decode(bytes, range.lowerBound..<(range.upperBound - 1), operations: operations)
    }
}

/// glibc's `memrchr`, which Glibc's Swift module does not export.
@_silgen_name("memrchr")
private func lastNewline(_ bytes: UnsafeRawPointer, _ byte: Int32, _ count: Int) -> UnsafeMutableRawPointer?

/// Adds a line to the history file in place, after cutting off a change a crash left past the end.
enum HistoryAppender {
    static func append(_ line: [UInt8], to path: String, at end: Int, cutting size: Int? = nil) throws(StorageError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
        defer { close(descriptor) }
        if let size, end < size, ftruncate(descriptor, off_t(end)) != 0 { throw .unwritable(path: path, code: errno) }
        var written = 0
        while written < line.count {
            let count = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, line.count - written, off_t(end + written)) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                let failure = errno
                _ = ftruncate(descriptor, off_t(end))
                throw .unwritable(path: path, code: failure)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw .unwritable(path: path, code: errno) }
    }
}
