import Foundation
import ProjectStore

/// A version record as one line of a machine's file of them: `{"id": …, "file": …, "text": …,
/// "clock": "ms.counter", "time": ISO 8601, "machine": id, "machineName": …, "words": n, "note": …}`.
enum VersionRecordJSON {
    static func line(_ record: VersionRecord) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.raw("{")
        writeFields(of: record, to: &writer)
        writer.raw("}\n")
        return writer.bytes
    }

    /// The record's fields, without the braces: `versions --json` writes them too, after its own.
    static func writeFields(of record: VersionRecord, to writer: inout JSONWriter) {
        writer.raw("\"id\": ")
        writer.string(record.id)
        writer.raw(", \"file\": ")
        writer.string(record.file)
        writer.raw(", \"text\": ")
        writer.string(record.text)
        writer.raw(", \"clock\": ")
        writer.string(record.clock.description)
        writer.raw(", \"time\": ")
        writer.timestamp(record.time)
        writer.raw(", \"machine\": ")
        writer.uuid(record.machine.id)
        writer.raw(", \"machineName\": ")
        writer.string(record.machine.name)
        writer.raw(", \"words\": ")
        writer.integer(record.words)
        writer.raw(", \"note\": ")
        writer.optionalString(record.note)
    }

    /// Every whole record of a file; a line that is not one (cut short by a crash, written by a
    /// later version of the tool without a field this one needs) is left out.
    static func records(in bytes: [UInt8]) -> [VersionRecord] {
        var records: [VersionRecord] = []
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                guard let end = all[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }  // unfinished
                if let record = record(UnsafeBufferPointer(rebasing: all[start..<end])) { records.append(record) }
                start = end + 1
            }
        }
        return records
    }

    /// `milliseconds.counter`, read from its bytes.
    private static func clockReading(_ bytes: UnsafeBufferPointer<UInt8>) -> HybridTime? {
        var parts: [Int64] = [0]
        for byte in bytes {
            if byte == UInt8(ascii: "."), parts.count == 1 {
                parts.append(0)
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), parts[parts.count - 1] < Int64.max / 20 {
                parts[parts.count - 1] = parts[parts.count - 1] * 10 + Int64(byte - UInt8(ascii: "0"))
            } else {
                return nil
            }
        }
        guard parts.count == 2, bytes.count > 2 else { return nil }
        return HybridTime(milliseconds: parts[0], counter: Int(parts[1]))
    }

    private static func record(_ line: UnsafeBufferPointer<UInt8>) -> VersionRecord? {
        var scanner = JSONScanner(line)
        var id: String?, file: String?, text: String?, clock: HybridTime?, time: Date?, machine: UUID?
        var machineName = "", words = 0
        var note: String?
        do throws(DocumentProblem) {
            try scanner.object { scanner, key throws(DocumentProblem) in
                if key == "id" { id = try scanner.string() }
                else if key == "file" { file = try scanner.string() }
                else if key == "text" { text = try scanner.string() }
                else if key == "clock" { clock = scanner.plainStringBytes().flatMap(clockReading) }
                else if key == "time" { time = scanner.plainStringBytes().flatMap(Timestamp.date) }
                else if key == "machine" { machine = scanner.plainStringBytes().flatMap(UUIDText.uuid) }
                else if key == "machineName" { machineName = try scanner.string() }
                else if key == "words" { words = try scanner.integer() }
                else if key == "note" { note = try scanner.optionalString() }
                else { try scanner.skipValue() }
            }
        } catch {
            return nil
        }
        guard let id, let file, let text, let clock, let time, let machine,
              VersionRecord.looksLikeID(id), !text.utf8.contains(UInt8(ascii: "/")), text.utf8.first != UInt8(ascii: ".")
        else { return nil }
        return VersionRecord(
            id: id, file: file, text: text, clock: clock, time: time, machine: Machine(id: machine, name: machineName),
            words: words, note: note)
    }
}
