#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// The records of progress on disk: in `folder`, `<machine id>.log` (appended to) and
/// `<machine id>.latest` (replaced whole), each written by its machine only (docs/progress.md).
public struct ProgressFiles: ProgressFolder {
    public let folder: String
    /// Where this machine keeps a digest of each log it read (`ProgressDigest`); none kept when `nil`.
    public let digests: String?
    /// A log read past its digest by more than this gets a new digest: reading the rest costs a
    /// few milliseconds, a new digest tens.
    static let unDigestedLimit = 256 * 1024

    public init(folder: String, digests: String? = nil) {
        self.folder = folder
        self.digests = digests
    }

    /// Beside the store, never in a shared root: a digest is this machine's, made from what it has.
    public static func digestFolder(storePath: String) -> String {
        StoreFolder.parent(of: storePath) + "/progress-digests"
    }

    /// `<root>/.project/progress` in a shared root, so the sync engine carries it; else beside the store.
    public static func folder(sharedRoot: String?, storePath: String) -> String {
        if let sharedRoot { return sharedRoot + "/" + SharedRootFolder.folder + "/progress" }
        return StoreFolder.parent(of: storePath) + "/progress"
    }

    /// Brings the records kept beside the store, before the root was shared, into this folder, so
    /// the other machines see this one's past too. A file of the same name already here (a log
    /// this machine began in the shared root) gets the old lines added; the folder left is removed
    /// once empty. Costs one look at the old folder when there is none.
    public func adopt(_ earlier: ProgressFiles) throws(ProjectStoreError) {
        guard earlier.folder != folder, case .success(let names) = DirectoryListing.names(in: earlier.folder) else { return }
        do throws(StorageError) {
            try StoreFolder.create(for: folder + "/-")
            for name in names where name.hasSuffix(".log") || name.hasSuffix(".latest") {
                let from = earlier.folder + "/" + name, to = folder + "/" + name
                if access(to, F_OK) != 0 {
                    guard rename(from, to) == 0 else { throw .unwritable(path: to, code: errno) }
                } else if let bytes = try AtomicFile.contents(of: from) {
                    // Either kind of file adds up: a reader takes every count of both.
                    try Self.appendAll(bytes, to: folder + "/" + name.replacingOccurrences(of: ".latest", with: ".log"))
                    unlink(from)
                }
            }
            rmdir(earlier.folder)
        } catch {
            throw .sharedFile(error)
        }
    }

    func path(of machine: UUID, _ suffix: String) -> String {
        folder + "/" + machine.lowercasedString + suffix
    }

    public func records() throws(ProjectStoreError) -> ProgressRecords {
        var records = ProgressRecords()
        for machine in try recordsByMachine() { records.add(machine) }
        return records
    }

    /// Each machine's records apart (its log and its latest counts), machines in the order of their
    /// files' names: what the days of a root kept in git are computed from, machine by machine.
    public func recordsByMachine() throws(ProjectStoreError) -> [ProgressRecords] {
        let names: [String]
        switch DirectoryListing.names(in: folder) {
        case .success(let found): names = found
        case .failure(let error) where error.code == ENOENT: return []
        case .failure(let error): throw .sharedFile(.unreadable(path: folder, code: error.code))
        }
        var machines: [String: ProgressRecords] = [:]
        var digested: [Digested] = []
        // Sorted, so every machine reads the same records in the same order.
        for name in names.sorted() where name.hasSuffix(".log") || name.hasSuffix(".latest") {
            let machine = (name as NSString).deletingPathExtension
            if let digests, name.hasSuffix(".log") {
                if let part = try readLog(folder + "/" + name, digest: digests + "/" + name + ".digest", into: &machines[machine, default: ProgressRecords()]) {
                    digested.append(part.with(machine: machine))
                }
            } else {
                try read(folder + "/" + name, into: &machines[machine, default: ProgressRecords()])
            }
        }
        // A digest keeps the last count of each run of counts on one day; a count from elsewhere on
        // another day inside such a run would give other days, and an arrival by `sync` inside one
        // would too: that log is then read whole.
        while true {
            let counts = machines.values.flatMap(\.counts)
            let split = DayEnds.split(
                digested.map(\.records.dayEnds), counts: counts, breaks: digested.map { machines[$0.machine]?.arrivals ?? [] })
            guard !split.isEmpty else { break }
            for index in split.sorted(by: >) {
                let part = digested.remove(at: index)
                var whole = ProgressRecords()
                try read(part.path, upTo: part.covered, into: &whole)
                machines[part.machine, default: ProgressRecords()].counts += whole.counts
                var rest = part.records
                rest.dayEnds = []
                // Its arrivals are read again with its counts: not to be checked against itself.
                machines[part.machine, default: ProgressRecords()].add(rest)
            }
        }
        for part in digested { machines[part.machine, default: ProgressRecords()].add(part.records) }
        return machines.keys.sorted().map { machines[$0]! }
    }

    /// What a log's digest gave, kept apart until it is known that no other count splits it.
    private struct Digested {
        let path: String
        let covered: Int
        let records: ProgressRecords
        var machine = ""

        func with(machine: String) -> Digested {
            var part = self
            part.machine = machine
            return part
        }
    }

    public func latest(of machine: UUID) throws(ProjectStoreError) -> [WordCount] {
        var records = ProgressRecords()
        try read(path(of: machine, ".latest"), into: &records)
        return records.counts
    }

    public func append(_ records: ProgressRecords, latest: [WordCount]?, of machine: UUID) throws(ProjectStoreError) {
        do throws(StorageError) {
            try StoreFolder.create(for: folder + "/-")
            if !records.counts.isEmpty || !records.sessions.isEmpty || !records.goals.isEmpty || !records.backfills.isEmpty
                || !records.projectBackfills.isEmpty || !records.arrivals.isEmpty {
                try Self.appendAll(ProgressLine.encode(records), to: path(of: machine, ".log"))
            }
            if let latest { try AtomicFile.replace(path(of: machine, ".latest"), with: ProgressLine.encode(ProgressRecords(counts: latest))) }
        } catch {
            throw .sharedFile(error)
        }
    }

    private func read(_ path: String, upTo length: Int? = nil, into records: inout ProgressRecords) throws(ProjectStoreError) {
        do throws(StorageError) {
            guard let file = try MappedFile(path: path) else { return }
            withExtendedLifetime(file) {
                let bytes = file.bytes
                ProgressLine.decode(length.map { UnsafeRawBufferPointer(rebasing: bytes[..<min($0, bytes.count)]) } ?? bytes, into: &records)
            }
        } catch {
            throw .sharedFile(error)
        }
    }

    /// A log through its digest: the digest, then the lines after what it covers. A digest missing,
    /// damaged, not made from this log, or too far behind it is made again from a plain reading,
    /// which is what is returned; one that cannot be written costs only the time.
    /// What the digest gave, apart, when one was read; the lines after it go into `records`.
    private func readLog(_ path: String, digest digestPath: String, into records: inout ProgressRecords) throws(ProjectStoreError) -> Digested? {
        do throws(StorageError) {
            guard let log = try MappedFile(path: path) else { return nil }
            return try withExtendedLifetime(log) { () throws(StorageError) -> Digested? in
                let bytes = log.bytes
                if let file = try? MappedFile(path: digestPath), let digest = withExtendedLifetime(file, { ProgressDigest(file.bytes, matching: bytes) }),
                   bytes.count - digest.covered <= Self.unDigestedLimit {
                    ProgressLine.decode(UnsafeRawBufferPointer(rebasing: bytes[digest.covered...]), into: &records)
                    return Digested(path: path, covered: digest.covered, records: digest.records)
                }
                // What follows the last full line may be a line being written: left out of the digest.
                let settled = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
                var plain = ProgressRecords()
                ProgressLine.decode(UnsafeRawBufferPointer(rebasing: bytes[..<settled]), into: &plain)
                try? StoreFolder.create(for: digestPath)
                try? AtomicFile.replace(digestPath, with: ProgressDigest.encode(plain, covering: settled, of: bytes))
                records.add(plain)
                ProgressLine.decode(UnsafeRawBufferPointer(rebasing: bytes[settled...]), into: &records)
                return nil
            }
        } catch {
            throw .sharedFile(error)
        }
    }

    /// One `write` with `O_APPEND`: lines never interleave with another command's on this machine.
    private static func appendAll(_ bytes: [UInt8], to path: String) throws(StorageError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: path, code: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unwritable(path: path, code: errno) }
            written += count
        }
    }
}
