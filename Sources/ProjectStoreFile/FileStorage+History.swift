#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ProjectStore

/// The history beside the store, `<store>.history`, written under the store's lock before the store
/// itself: an event whose store write never happened has a revision the store never reached, and
/// is dropped by the next append and ignored by every reader. See docs/store-format.md.
extension FileStorage {
    /// Added to the store's path, the history's.
    public static let historySuffix = ".history"

    public func historyEvents() throws(ProjectStoreError) -> [HistoryEvent] {
        let path = try historyPath()
        guard let bytes = try historyBytes(path) else { return [] }
        do {
            return try HistoryFile.decode(bytes)
        } catch {
            throw .historyUnreadable(path: path, error)
        }
    }

    public func historyOutline() throws(ProjectStoreError) -> [HistoryEvent] {
        let path = try historyPath()
        guard let bytes = try historyBytes(path) else { return [] }
        do {
            return try HistoryFile.decode(bytes, records: false)
        } catch {
            throw .historyUnreadable(path: path, error)
        }
    }

    public func change(revision: Int) throws(ProjectStoreError) -> HistoryEvent? {
        let path = try historyPath()
        guard let bytes = try historyBytes(path) else { return nil }
        do {
            let lines = try HistoryFile.frame(bytes).lines
            // The newest line of that revision: a change and its undo may share one after compaction.
            for line in lines.reversed() where line.revision == revision {
                let event = try HistoryFile.decode(line: Array(bytes[line.range]), records: true)
                if event.isChange { return event }
            }
            return nil
        } catch {
            throw .historyUnreadable(path: path, error)
        }
    }

    public func appendHistory(_ event: HistoryEvent, storeRevision: Int) throws(ProjectStoreError) {
        let path = try historyPath()
        guard let bytes = try historyBytes(path), !bytes.isEmpty else {
            return try replaceHistory([event])
        }
        let lines: [(revision: Int, range: Range<Int>)]
        do {
            lines = try HistoryFile.frame(bytes).lines
        } catch {
            throw .historyUnreadable(path: path, error)
        }
        let committed = lines.prefix { $0.revision <= storeRevision }
        // Compacted now and then rather than on every change: only then is every event read.
        if committed.count >= 3 * History.limit {
            let events: [HistoryEvent]
            do {
                events = try HistoryFile.decode(Array(bytes[..<committed.last!.range.upperBound]))
            } catch {
                throw .historyUnreadable(path: path, error)
            }
            return try replaceHistory(History(events: events, storeRevision: storeRevision).compacted + [event])
        }
        let keep = committed.last?.range.upperBound ?? (bytes.firstIndex(of: 0x0A)! + 1)
        do {
            try HistoryAppender.append(HistoryFile.line(event), to: path, after: keep, of: bytes.count)
        } catch {
            throw .storage(error)
        }
    }

    public func replaceHistory(_ events: [HistoryEvent]) throws(ProjectStoreError) {
        let path = try historyPath()
        // Forgetting is removing the file: that works whatever state it is in, unreadable included.
        if events.isEmpty {
            guard unlink(path) == 0 || errno == ENOENT else { throw .storage(.unwritable(path: path, code: errno)) }
            return
        }
        do {
            try AtomicFile.replace(path, with: HistoryFile.encode(events))
        } catch {
            throw .storage(error)
        }
    }

    private func historyPath() throws(ProjectStoreError) -> String {
        do {
            return HistoryFile.path(forStore: try resolvedPath())
        } catch {
            throw .storage(error)
        }
    }

    private func historyBytes(_ path: String) throws(ProjectStoreError) -> [UInt8]? {
        do {
            return try AtomicFile.contents(of: path)
        } catch {
            guard case .unreadable(_, let code) = error else { throw .storage(error) }
            throw .historyUnavailable(path: path, code: code)
        }
    }
}

/// Adds a line to the history file in place, cutting off first what the store never saw.
enum HistoryAppender {
    static func append(_ line: [UInt8], to path: String, after keep: Int, of size: Int) throws(StorageError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
        defer { close(descriptor) }
        if keep < size, ftruncate(descriptor, off_t(keep)) != 0 { throw .unwritable(path: path, code: errno) }
        var written = 0
        while written < line.count {
            let count = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, line.count - written, off_t(keep + written)) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                let failure = errno
                _ = ftruncate(descriptor, off_t(keep))
                throw .unwritable(path: path, code: failure)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw .unwritable(path: path, code: errno) }
    }
}
