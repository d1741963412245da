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
        return output
    }

    /// Adds the records of `bytes` to `records`, straight into its arrays: ten years of counts are
    /// 15 MB that a copy would move again.
    static func decode(_ bytes: UnsafeRawBufferPointer, into records: inout ProgressRecords) {
        records.counts.reserveCapacity(records.counts.count + bytes.count / 60)
        var reader = FieldReader(bytes: bytes)
        while reader.position < bytes.count {
            let kind = bytes[reader.position]
            reader.position += 1
            switch kind {
            case UInt8(ascii: "c"):
                if let time = reader.integer(), let offset = reader.integer(), let project = reader.uuid(),
                   let words = reader.integer(), reader.atLineEnd {
                    records.counts.append(WordCount(project: project, time: time, offsetMinutes: offset, words: words))
                }
            case UInt8(ascii: "s"):
                if let start = reader.integer(), let end = reader.integer(), let offset = reader.integer(),
                   let project = reader.uuid(), let added = reader.integer(), let removed = reader.integer(), reader.atLineEnd {
                    records.sessions.append(WritingSession(
                        project: project, start: start, end: end, offsetMinutes: offset, added: added, removed: removed))
                }
            case UInt8(ascii: "g"):
                if let time = reader.integer() {
                    // ` -` is a goal cleared.
                    let words = reader.skip(" -") ? nil : reader.integer()
                    if reader.atLineEnd { records.goals.append(GoalSetting(time: time, words: words)) }
                }
            case UInt8(ascii: "b"):
                if let day = reader.integer(), reader.atLineEnd { records.backfills.append(day) }
            default:
                break
            }
            reader.skipLine()
        }
    }
}

/// Space-led fields of one line, read in place.
private struct FieldReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var atLineEnd: Bool { position == bytes.count || bytes[position] == 0x0A }

    mutating func skipLine() {
        while position < bytes.count && bytes[position] != 0x0A { position += 1 }
        position += 1
    }

    /// Steps over `text` when it comes next.
    mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return false }
        position += count
        return true
    }

    /// ` -12` or ` 345`; `nil` (the position left on what is there) for anything else.
    mutating func integer() -> Int? {
        guard position < bytes.count, bytes[position] == 0x20 else { return nil }
        var index = position + 1
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 18 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        guard index > start else { return nil }
        position = index
        return negative ? -value : value
    }

    mutating func uuid() -> UUID? {
        guard position + 37 <= bytes.count, bytes[position] == 0x20 else { return nil }
        let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + position + 1
        guard let id = UUIDText.uuid(from: UnsafeBufferPointer(start: start, count: 36)) else { return nil }
        position += 37
        return id
    }
}
