import Foundation
import ProjectStore

/// Markets and submissions as the store, the history and `export` write them: one object each,
/// plain values, the same in all three (docs/store-format.md).
enum SubmissionJSON {
    /// `closed: false` leaves the object open for more fields.
    static func write(_ market: Market, to writer: inout JSONWriter, closed: Bool = true) {
        writer.raw("{\"id\": ")
        writer.uuid(market.id)
        for field in MarketField.allCases {
            writer.raw(", ")
            writer.string(field.rawValue)
            writer.raw(": ")
            writer.optionalString(market.text(of: field))
        }
        if closed { writer.raw("}") }
    }

    static func readMarket(_ scanner: inout JSONScanner, index: Int?) throws(DocumentProblem) -> Market {
        var id: UUID?
        var texts: [MarketField: String] = [:]
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "id" {
                id = try scanner.parsedString(field: "id", project: index, UUIDText.uuid)
            } else if let field = MarketField(rawValue: key.text) {
                if let text = try scanner.optionalString() { texts[field] = text }
            } else {
                try scanner.skipValue()
            }
        }
        guard let id else { throw .missingField("id", project: index) }
        guard let name = texts[.name] else { throw .missingField("name", project: index) }
        func rule(_ field: MarketField) throws(DocumentProblem) -> Bool {
            guard let text = texts[field] else { return true }
            guard let value = MarketField.yesNo(text) else { throw .wrongValue(field: field.rawValue, value: text, project: index) }
            return value
        }
        let kind = try texts[.kind].map { text throws(DocumentProblem) in
            guard let kind = MarketKind(rawValue: text) else { throw .wrongValue(field: "kind", value: text, project: index) }
            return kind
        }
        let deadline = try texts[.deadline].map { text throws(DocumentProblem) in try day(text, field: "deadline", index: index) }
        // Any whole number of days of at least 1, beyond `StoredNumber.responseDays.range`: a store
        // written before that range is read as it was.
        let days = try texts[.responseDays].map { text throws(DocumentProblem) in
            guard let days = Int(text), days >= 1 else { throw .wrongValue(field: "response-days", value: text, project: index) }
            return days
        }
        return Market(
            id: id, name: name, kind: kind ?? .magazine, url: texts[.url], deadline: deadline,
            simultaneous: try rule(.simultaneous), multiple: try rule(.multiple), notes: texts[.notes], responseDays: days)
    }

    static func write(_ submission: Submission, to writer: inout JSONWriter) {
        writer.raw("{\"id\": ")
        writer.uuid(submission.id)
        writer.raw(", \"market\": ")
        writer.uuid(submission.market)
        writer.raw(", \"project\": ")
        writer.uuid(submission.project)
        writer.raw(", \"projectName\": ")
        writer.string(submission.projectName)
        writer.raw(", \"sent\": ")
        writer.day(submission.sent)
        writer.raw(", \"recorded\": ")
        if let recorded = submission.recorded { writer.string(recorded.description) } else { writer.null() }
        writer.raw(", \"note\": ")
        writer.optionalString(submission.note)
        writer.raw(", \"pieces\": [")
        for (index, piece) in submission.pieces.enumerated() {
            writer.raw(index == 0 ? "{\"file\": " : ", {\"file\": ")
            writer.string(piece.file)
            writer.raw(", \"version\": ")
            writer.string(piece.version)
            writer.raw(", \"number\": ")
            writer.integer(piece.number)
            writer.raw(", ")
            writeResponseFields(piece.response, to: &writer)
            writer.raw("}")
        }
        writer.raw("]}")
    }

    static func readSubmission(_ scanner: inout JSONScanner, index: Int?) throws(DocumentProblem) -> Submission {
        var lines = SubmissionLine()
        return try readSubmission(&scanner, index: index, lines: &lines)
    }

    /// As above, with one reader of lines for many, which also says which pieces to keep.
    static func readSubmission(_ scanner: inout JSONScanner, index: Int?, lines: inout SubmissionLine) throws(DocumentProblem) -> Submission {
        if let written = lines.read(&scanner) { return written }
        let keeping = lines.keeping
        var id: UUID?, market: UUID?, project: UUID?
        var projectName: String?, sent: CalendarDay?, note: String?, recorded: HybridTime?
        var pieces: [SubmittedPiece] = []
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "id" {
                id = try scanner.parsedString(field: "id", project: index, UUIDText.uuid)
            } else if key == "market" {
                market = try scanner.parsedString(field: "market", project: index, UUIDText.uuid)
            } else if key == "project" {
                project = try scanner.parsedString(field: "project", project: index, UUIDText.uuid)
            } else if key == "projectName" {
                projectName = try scanner.string()
            } else if key == "sent" {
                sent = try scanner.parsedString(field: "sent", project: index, CalendarDay.init(utf8:))
            } else if key == "recorded" {
                recorded = try scanner.optionalString().map { text throws(DocumentProblem) in
                    guard let clock = HybridTime(text) else { throw .wrongValue(field: "recorded", value: text, project: index) }
                    return clock
                }
            } else if key == "note" {
                note = try scanner.optionalString()
            } else if key == "pieces" {
                try scanner.array { scanner throws(DocumentProblem) in
                    let piece = try piece(&scanner, index: index)
                    if keeping.keeps(piece.response.status) { pieces.append(piece) }
                }
            } else {
                try scanner.skipValue()
            }
        }
        guard let id, let market, let project, let projectName, let sent else { throw .missingField("submission", project: index) }
        return Submission(
            id: id, market: market, project: project, projectName: projectName, sent: sent, note: note, pieces: pieces, recorded: recorded)
    }

    private static func piece(_ scanner: inout JSONScanner, index: Int?) throws(DocumentProblem) -> SubmittedPiece {
        var file: String?, version: String?, number = 0
        var response = ResponseFields()
        try scanner.object { scanner, key throws(DocumentProblem) in
            if key == "file" {
                file = try scanner.string()
            } else if key == "version" {
                version = try scanner.string()
            } else if key == "number" {
                number = try scanner.integer()
            } else if try !response.read(key, &scanner, index: index) {
                try scanner.skipValue()
            }
        }
        guard let file, let version else { throw .missingField("pieces", project: index) }
        return SubmittedPiece(file: file, version: version, number: number, response: try response.value(index: index))
    }

    /// `"status": …, "responded": … or null, "responseNote": … or null`.
    static func writeResponseFields(_ response: PieceResponse, to writer: inout JSONWriter) {
        writer.raw("\"status\": ")
        writer.string(response.status.rawValue)
        writer.raw(", \"responded\": ")
        if let date = response.date { writer.day(date) } else { writer.null() }
        writer.raw(", \"responseNote\": ")
        writer.optionalString(response.note)
    }

    /// A response's fields as they are met in an object.
    struct ResponseFields {
        var status: String?
        var date: String?
        var note: String?

        /// Whether `key` was one of them.
        mutating func read(_ key: JSONKey, _ scanner: inout JSONScanner, index: Int?) throws(DocumentProblem) -> Bool {
            if key == "status" {
                status = try scanner.string()
            } else if key == "responded" {
                date = try scanner.optionalString()
            } else if key == "responseNote" {
                note = try scanner.optionalString()
            } else {
                return false
            }
            return true
        }

        func value(index: Int?) throws(DocumentProblem) -> PieceResponse {
            guard let text = status else { return .pending }
            guard let status = PieceStatus(rawValue: text) else { throw .wrongValue(field: "status", value: text, project: index) }
            return PieceResponse(status: status, date: try date.map { text throws(DocumentProblem) in try day(text, field: "responded", index: index) }, note: note)
        }
    }

    static func day(_ text: String, field: String, index: Int?) throws(DocumentProblem) -> CalendarDay {
        guard let day = CalendarDay(parsing: text) else { throw .wrongValue(field: field, value: text, project: index) }
        return day
    }
}
