#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// One record a line, fields split by one space (docs/progress.md, "Where"):
/// `c <seconds> <offset> <project> <words>`, `s <start> <end> <offset> <project> <added> <removed>`,
/// `g <seconds> <goal or ->`, `b <seconds> <first day>`. Read byte by byte, as ten years of a hundred
/// projects is 365,000 lines; a line that does not read (a newer version's, one cut short) is skipped.
enum ProgressLine {
    static func encode(_ records: ProgressRecords) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(records.counts.count * 64 + records.sessions.count * 80)
        func field(_ value: Int) {
            output.append(0x20)
            output.append(contentsOf: String(value).utf8)
        }
        func id(_ project: UUID) {
            output.append(0x20)
            UUIDText.write(project, to: &output)
        }
        for count in records.counts {
            output.append(UInt8(ascii: "c"))
            field(count.time)
            field(count.offsetMinutes)
            id(count.project)
            field(count.words)
            output.append(0x0A)
        }
        for session in records.sessions {
            output.append(UInt8(ascii: "s"))
            field(session.start)
            field(session.end)
            field(session.offsetMinutes)
            id(session.project)
            field(session.added)
            field(session.removed)
            output.append(0x0A)
        }
        for goal in records.goals {
            output.append(UInt8(ascii: "g"))
            field(goal.time)
            if let words = goal.words { field(words) } else { output.append(contentsOf: " -".utf8) }
            output.append(0x0A)
        }
        for day in records.backfills {
            output.append(UInt8(ascii: "b"))
            field(day)
            output.append(0x0A)
        }
        for arrival in records.arrivals {
            output.append(UInt8(ascii: "a"))
            field(arrival.time)
            field(arrival.offsetMinutes)
            id(arrival.project)
            field(arrival.words)
            output.append(0x0A)
        }
        // `b <day> <project>`: a project's own; a version that knows only the root's skips it.
        for backfill in records.projectBackfills {
            output.append(UInt8(ascii: "b"))
            field(backfill.day)
            id(backfill.project)
            output.append(0x0A)
        }
        return output
    }

    /// Adds the records of `bytes` to `records`, straight into its arrays: ten years of counts are
    /// 15 MB that a copy would move again.
    static func decode(_ bytes: UnsafeRawBufferPointer, into records: inout ProgressRecords) {
        guard let base = bytes.baseAddress else { return }
        // A count's line is at least 45 bytes: room for every count at once, as growing the array
        // past its room would copy all of it again. Pages never written cost nothing.
        records.counts.reserveCapacity(records.counts.count + bytes.count / 45)
        var reader = FieldReader(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        var ids = RecentIDs()
        while reader.position < reader.count {
            let kind = reader.bytes[reader.position]
            reader.position += 1
            // An empty line is over already: skipping to the end of a line would pass the next one.
            if kind == 0x0A { continue }
            switch kind {
            case UInt8(ascii: "c"):
                if let time = reader.integer(), let offset = reader.integer(), let project = reader.uuid(&ids),
                   let words = reader.integer(), reader.atLineEnd {
                    records.counts.append(WordCount(project: project, time: time, offsetMinutes: offset, words: words))
                }
            case UInt8(ascii: "a"):
                if let time = reader.integer(), let offset = reader.integer(), let project = reader.uuid(&ids),
                   let words = reader.integer(), reader.atLineEnd {
                    records.arrivals.append(WordCount(project: project, time: time, offsetMinutes: offset, words: words))
                }
            case UInt8(ascii: "s"):
                if let start = reader.integer(), let end = reader.integer(), let offset = reader.integer(),
                   let project = reader.uuid(&ids), let added = reader.integer(), let removed = reader.integer(), reader.atLineEnd {
                    records.sessions.append(WritingSession(
                        project: project, start: start, end: end, offsetMinutes: offset, added: added, removed: removed))
                }
            case UInt8(ascii: "g"):
                if let time = reader.integer() {
                    // ` -` is a goal cleared; a line cut before its goal clears nothing.
                    let cleared = reader.skip(" -")
                    let words = cleared ? nil : reader.integer()
                    if cleared || words != nil, reader.atLineEnd { records.goals.append(GoalSetting(time: time, words: words)) }
                }
            case UInt8(ascii: "b"):
                if let day = reader.integer() {
                    if reader.atLineEnd {
                        records.backfills.append(day)
                    } else if let project = reader.uuid(&ids), reader.atLineEnd {
                        records.projectBackfills.append(ProjectBackfill(project: project, day: day))
                    }
                }
            default:
                break
            }
            reader.skipLine()
        }
    }
}

/// Space-led fields of one line, read in place. The bounds are checked by the reader itself, once a
/// field, rather than at every byte: the log is 365,000 lines for ten years of a hundred projects.
private struct FieldReader {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    var position = 0

    init(bytes: UnsafePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    var atLineEnd: Bool { position == count || bytes[position] == 0x0A }

    mutating func skipLine() {
        while position < count && bytes[position] != 0x0A { position += 1 }
        position += 1
    }

    /// Steps over `text` when it comes next.
    mutating func skip(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard position + length <= count else { return false }
        for index in 0..<length where bytes[position + index] != text.utf8Start[index] { return false }
        position += length
        return true
    }

    /// ` -12` or ` 345`; `nil` (the position left on what is there) for anything else.
    mutating func integer() -> Int? {
        guard position < count, bytes[position] == 0x20 else { return nil }
        var index = position + 1
        let negative = index < count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // At most 18 digits, so the value never overflows; a longer field leaves its line unread,
        // as it always has. Every number written here is far shorter: a goal is held to
        // `StoredNumber.dailyGoal.range` (ten digits) before it is written, and times, offsets and
        // counts of words are what one machine measures. The limit is not narrowed to that range,
        // so that a log written before it is read as it was.
        let start = index, end = min(count, start + 18)
        var value = 0
        while index < end {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        guard index > start else { return nil }
        position = index
        return negative ? -value : value
    }

    mutating func uuid(_ ids: inout RecentIDs) -> UUID? {
        guard position + 37 <= count, bytes[position] == 0x20 else { return nil }
        let text = UnsafeBufferPointer(start: bytes + position + 1, count: 36)
        guard let id = ids.id(of: text) else { return nil }
        position += 37
        return id
    }
}

/// The ids a log names, by their text: a log names a few projects over and over, so most ids are
/// found by comparing their 36 characters rather than parsing them again.
private struct RecentIDs {
    private static let slots = 256
    private var texts = [UInt8](repeating: 0, count: slots * 36)
    private var ids = [UUID?](repeating: nil, count: slots)

    mutating func id(of text: UnsafeBufferPointer<UInt8>) -> UUID? {
        // The last characters vary most between ids made one after another: all eight are mixed in.
        let last = UnsafeRawPointer(text.baseAddress! + 28).loadUnaligned(as: UInt64.self)
        let slot = Int(truncatingIfNeeded: (last &* 0x9E37_79B9_7F4A_7C15) >> 56) % Self.slots
        let known = texts.withUnsafeBufferPointer { memcmp($0.baseAddress! + slot * 36, text.baseAddress!, 36) == 0 }
        if known, let id = ids[slot] { return id }
        guard let id = UUIDText.uuid(from: text) else { return nil }
        texts.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress! + slot * 36, text.baseAddress!, 36) }
        ids[slot] = id
        return id
    }
}
