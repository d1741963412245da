import Foundation
import ProjectStore

/// What a log held up to some length, reduced and in binary (docs/progress.md, "Speed"): each
/// project's day ends (`DayEnds`) as fixed-size records, and the log's other lines as they were.
/// Derived data, kept on this machine only: it is read only while the log still begins with what it
/// was made from, and made again otherwise.
///
/// Little-endian 64-bit integers: `PRDG` and the format, a checksum of all that follows (a byte
/// damaged inside a record would otherwise read as another count), the length of the log it covers, the
/// log's first bytes and the bytes that end the covered part (up to `probe` each), the number of
/// projects, then for each its id's 16 bytes, its number of records and the records (day, moment,
/// words, the moment of the first count of the run it ends); last, the length of the other lines and
/// the lines. Format 2: format 1 kept each day's end, not each run's.
struct ProgressDigest {
    static let magic: [UInt8] = Array("PRDG".utf8) + [2, 0, 0, 0]
    /// Bytes of the log compared at its start and at the end of what is covered.
    static let probe = 64

    /// The bytes of the log covered: up to the end of a line.
    let covered: Int
    let records: ProgressRecords

    /// Reads a digest; `nil` when it is damaged or does not match `log`, which must begin with
    /// what it covers.
    init?(_ bytes: UnsafeRawBufferPointer, matching log: UnsafeRawBufferPointer) {
        var reader = BinaryReader(bytes: bytes)
        guard reader.take(Self.magic.count).map(Array.init) == Self.magic, let sum = reader.integer(),
              sum == Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[reader.position...])), let covered = reader.integer(),
              covered >= 0, covered <= log.count, let head = reader.take(min(Self.probe, covered)),
              head.elementsEqual(UnsafeRawBufferPointer(rebasing: log[0..<head.count])),
              let tail = reader.take(min(Self.probe, covered)),
              tail.elementsEqual(UnsafeRawBufferPointer(rebasing: log[(covered - tail.count)..<covered])),
              let projects = reader.integer(), projects >= 0
        else { return nil }
        var records = ProgressRecords()
        records.dayEnds.reserveCapacity(projects)
        for _ in 0..<projects {
            guard let id = reader.take(16), let count = reader.integer(), count >= 0, count <= reader.remaining / 32 else { return nil }
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: id) }
            let samples = [DaySample](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    (buffer.baseAddress! + index).initialize(to: DaySample(day: reader.unchecked(), time: reader.unchecked(), words: reader.unchecked(), runStart: reader.unchecked()))
                }
                initialized = count
            }
            records.dayEnds.append(DayEnds(project: UUID(uuid: uuid), samples: samples))
        }
        guard let length = reader.integer(), length >= 0, let lines = reader.take(length), reader.remaining == 0 else { return nil }
        ProgressLine.decode(lines, into: &records)
        self.covered = covered
        self.records = records
    }

    /// The digest of `records`, read from the first `covered` bytes of `log`.
    static func encode(_ records: ProgressRecords, covering covered: Int, of log: UnsafeRawBufferPointer) -> [UInt8] {
        let ends = DayEnds.reduce(records.counts, breaks: records.arrivals)
        var output: [UInt8] = []
        output.reserveCapacity(64 + 2 * probe + ends.reduce(0) { $0 + 24 + $1.samples.count * 32 })
        func integer(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { output.append(contentsOf: $0) }
        }
        integer(covered)
        let probed = min(probe, covered)
        output.append(contentsOf: log[0..<probed])
        output.append(contentsOf: log[(covered - probed)..<covered])
        integer(ends.count)
        for project in ends {
            withUnsafeBytes(of: project.project.uuid) { output.append(contentsOf: $0) }
            integer(project.samples.count)
            for sample in project.samples {
                integer(sample.day)
                integer(sample.time)
                integer(sample.words)
                integer(sample.runStart)
            }
        }
        let lines = ProgressLine.encode(ProgressRecords(
            sessions: records.sessions, goals: records.goals, backfills: records.backfills, projectBackfills: records.projectBackfills,
            arrivals: records.arrivals))
        integer(lines.count)
        output += lines
        var sum: [UInt8] = []
        withUnsafeBytes(of: Int64(output.withUnsafeBytes { checksum($0) }).littleEndian) { sum.append(contentsOf: $0) }
        return magic + sum + output
    }

    /// Eight bytes at a time, each step mixing every bit, so any byte changed changes the sum; the
    /// last few bytes padded with zeros.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> Int {
        var sum: UInt64 = 0x243F_6A88_85A3_08D3
        func mix(_ word: UInt64) {
            sum = (sum ^ word) &* 0x9E37_79B9_7F4A_7C15
            sum ^= sum >> 29
        }
        let whole = bytes.count / 8 * 8
        for position in stride(from: 0, to: whole, by: 8) { mix(bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
        if whole < bytes.count {
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[whole...])) }
            mix(word)
        }
        return Int(truncatingIfNeeded: sum)
    }
}

/// Fields of a digest, each checked against the end but the records, whose room is checked once.
private struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
    }

    mutating func integer() -> Int? {
        guard remaining >= 8 else { return nil }
        return unchecked()
    }

    /// The next integer, its room checked by the caller.
    mutating func unchecked() -> Int {
        defer { position += 8 }
        return Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: Int64.self)))
    }
}
