import Foundation
import ProjectStore

/// A submission laid out exactly as `SubmissionJSON.write` lays it out, read field after field in
/// that order: its keys and punctuation are matched as whole runs of bytes rather than looked up
/// one by one, which took reading 10,000 submissions from 258 to 115 M instructions. Anything else (a
/// line edited by hand, a field added by a later version, an escape in a string) makes it give up,
/// having read nothing, and the general reader reads the line and says what is wrong with it.
struct SubmissionLine {
    /// Which pieces the submissions read keep; the general reader asks it too.
    let keeping: SubmissionPieces
    /// The pieces of the line being read: one buffer for every line, so that each submission gets
    /// an array of its own size, made once.
    private var pieces: [SubmittedPiece] = []

    init(keeping: SubmissionPieces = .all) {
        self.keeping = keeping
    }

    mutating func read(_ scanner: inout JSONScanner) -> Submission? {
        var line = scanner
        line.skipWhitespace()
        guard line.skip(exactly: "{\"id\": "), let id = Self.uuid(&line),
              line.skip(exactly: ", \"market\": "), let market = Self.uuid(&line),
              line.skip(exactly: ", \"project\": "), let project = Self.uuid(&line),
              line.skip(exactly: ", \"projectName\": "), let projectName = line.plainText(),
              line.skip(exactly: ", \"sent\": "), let sent = Self.day(&line),
              line.skip(exactly: ", \"recorded\": "), let recorded = Self.optionalClock(&line),
              line.skip(exactly: ", \"note\": "), let note = Self.optionalText(&line),
              line.skip(exactly: ", \"pieces\": [")
        else { return nil }
        pieces.removeAll(keepingCapacity: true)
        if !line.skip(exactly: "]}") {
            repeat {
                guard readPiece(&line) else { return nil }
            } while line.skip(exactly: ", ")
            guard line.skip(exactly: "]}") else { return nil }
        }
        scanner = line
        // A copy of its own size: `Array(pieces)` would share the buffer, which the next line would
        // then have to make anew.
        var own: [SubmittedPiece] = []
        own.reserveCapacity(pieces.count)
        own.append(contentsOf: pieces)
        return Submission(id: id, market: market, project: project, projectName: projectName, sent: sent, note: note, pieces: own, recorded: recorded)
    }

    /// Reads a piece into `pieces` when it is one `keeping` keeps; `false` when the line leaves the
    /// layout. Its texts are made only for a piece kept: of 30,000 pieces, `--pending` keeps a fifth.
    private mutating func readPiece(_ line: inout JSONScanner) -> Bool {
        guard line.skip(exactly: "{\"file\": "), let file = line.plainString(),
              line.skip(exactly: ", \"version\": "), let version = line.plainString(),
              line.skip(exactly: ", \"number\": "), let number = try? line.integer(),
              line.skip(exactly: ", \"status\": "), let status = line.plainStringBytes().flatMap(Self.status),
              line.skip(exactly: ", \"responded\": "), let responded = Self.optionalDay(&line),
              line.skip(exactly: ", \"responseNote\": "), let responseNote = Self.optionalPlainString(&line),
              line.skip(exactly: "}")
        else { return false }
        guard keeping.keeps(status) else {
            // Left out, but judged as if kept: text that is not UTF-8 is the general reader's to refuse.
            return file.isText && version.isText && responseNote?.isText != false
        }
        let note = responseNote?.text
        // A note there but not UTF-8, as a file or version, is the general reader's to refuse.
        guard let fileText = file.text, let versionText = version.text, (note == nil) == (responseNote == nil) else { return false }
        pieces.append(SubmittedPiece(file: fileText, version: versionText, number: number,
                                     response: PieceResponse(status: status, date: responded, note: note)))
        return true
    }

    private static func uuid(_ line: inout JSONScanner) -> UUID? {
        line.fixedLengthString(36).flatMap(UUIDText.uuid)
    }

    private static func day(_ line: inout JSONScanner) -> CalendarDay? {
        line.fixedLengthString(10).flatMap(CalendarDay.init(utf8:))
    }

    /// `.some(nil)` for a JSON null, `nil` for anything but null or a plain date.
    private static func optionalDay(_ line: inout JSONScanner) -> CalendarDay?? {
        line.skip(exactly: "null") ? .some(nil) : day(&line).map { $0 }
    }

    /// `.some(nil)` for a JSON null, `nil` for anything but null or a clock as the history writes one.
    private static func optionalClock(_ line: inout JSONScanner) -> HybridTime?? {
        line.skip(exactly: "null") ? .some(nil) : line.plainText().flatMap(HybridTime.init).map { $0 }
    }

    /// `.some(nil)` for a JSON null, `nil` for anything but null or a string without escapes.
    private static func optionalText(_ line: inout JSONScanner) -> String?? {
        line.skip(exactly: "null") ? .some(nil) : line.plainText().map { $0 }
    }

    /// As `optionalText`, the string left as it stands.
    private static func optionalPlainString(_ line: inout JSONScanner) -> JSONScanner.PlainString?? {
        line.skip(exactly: "null") ? .some(nil) : line.plainString().map { $0 }
    }

    /// The status its name spells, without making a string of it.
    private static func status(_ bytes: UnsafeBufferPointer<UInt8>) -> PieceStatus? {
        let (candidate, name): (PieceStatus, StaticString)
        switch bytes.first {
        case UInt8(ascii: "p"): (candidate, name) = (.pending, "pending")
        case UInt8(ascii: "a"): (candidate, name) = (.accepted, "accepted")
        case UInt8(ascii: "r"): (candidate, name) = (.rejected, "rejected")
        case UInt8(ascii: "w"): (candidate, name) = (.withdrawn, "withdrawn")
        case UInt8(ascii: "s"): (candidate, name) = (.shortlisted, "shortlisted")
        default: return nil
        }
        let matches = bytes.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        return matches ? candidate : nil
    }
}
