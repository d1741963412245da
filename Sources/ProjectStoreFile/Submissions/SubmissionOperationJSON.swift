import Foundation
import ProjectStore

/// A market or submission operation as a line of the history (and of a machine's log) writes it,
/// inside the operation's object (docs/store-format.md):
/// `{"addMarket": {…}}`, `{"removeMarket": {…}}`, `{"market": id, "field": "url", "values": [before, after]}`,
/// `{"addSubmission": {…}}`, `{"removeSubmission": {…}}`,
/// `{"submission": id, "piece": 0, "response": [{"status": …}, {"status": …}]}`.
enum SubmissionOperationJSON {
    /// Writes the operation's fields after the object's opening brace; the caller closes it.
    static func write(_ operation: SubmissionOperation, to writer: inout JSONWriter) {
        switch operation {
        case .addMarket(let market):
            writer.raw("{\"addMarket\": ")
            SubmissionJSON.write(market, to: &writer)
        case .removeMarket(let market):
            writer.raw("{\"removeMarket\": ")
            SubmissionJSON.write(market, to: &writer)
        case .setMarket(let id, let field, let from, let to):
            writer.raw("{\"market\": ")
            writer.uuid(id)
            writer.raw(", \"field\": ")
            writer.string(field.rawValue)
            writer.raw(", \"values\": [")
            writer.optionalString(from)
            writer.raw(", ")
            writer.optionalString(to)
            writer.raw("]")
        case .addSubmission(let submission):
            writer.raw("{\"addSubmission\": ")
            SubmissionJSON.write(submission, to: &writer)
        case .removeSubmission(let submission):
            writer.raw("{\"removeSubmission\": ")
            SubmissionJSON.write(submission, to: &writer)
        case .respond(let id, let piece, let from, let to):
            writer.raw("{\"submission\": ")
            writer.uuid(id)
            writer.raw(", \"piece\": ")
            writer.integer(piece)
            writer.raw(", \"response\": [{")
            SubmissionJSON.writeResponseFields(from, to: &writer)
            writer.raw("}, {")
            SubmissionJSON.writeResponseFields(to, to: &writer)
            writer.raw("}]")
        }
    }

    /// The fields of one operation's object that belong to these operations, as they are met.
    struct Fields {
        private var whole: SubmissionOperation?
        private var market: UUID?
        private var field: String?
        private var values: [String?] = []
        private var submission: UUID?
        private var piece: Int?
        private var responses: [PieceResponse] = []

        /// Whether `key` was one of them.
        mutating func read(_ key: JSONKey, _ scanner: inout JSONScanner) throws(DocumentProblem) -> Bool {
            if key == "addMarket" {
                whole = .addMarket(try SubmissionJSON.readMarket(&scanner, index: nil))
            } else if key == "removeMarket" {
                whole = .removeMarket(try SubmissionJSON.readMarket(&scanner, index: nil))
            } else if key == "addSubmission" {
                whole = .addSubmission(try SubmissionJSON.readSubmission(&scanner, index: nil))
            } else if key == "removeSubmission" {
                whole = .removeSubmission(try SubmissionJSON.readSubmission(&scanner, index: nil))
            } else if key == "market" {
                market = try scanner.parsedString(field: "market", project: 0, UUIDText.uuid)
            } else if key == "field" {
                field = try scanner.string()
            } else if key == "values" {
                try scanner.array { scanner throws(DocumentProblem) in values.append(try scanner.optionalString()) }
            } else if key == "submission" {
                submission = try scanner.parsedString(field: "submission", project: 0, UUIDText.uuid)
            } else if key == "piece" {
                piece = try scanner.integer()
            } else if key == "response" {
                try scanner.array { scanner throws(DocumentProblem) in
                    var fields = SubmissionJSON.ResponseFields()
                    try scanner.object { scanner, key throws(DocumentProblem) in
                        if try !fields.read(key, &scanner, index: nil) { try scanner.skipValue() }
                    }
                    responses.append(try fields.value(index: nil))
                }
            } else {
                return false
            }
            return true
        }

        /// The operation the fields make, `nil` when they were none of these.
        func operation() throws(DocumentProblem) -> SubmissionOperation? {
            if let whole { return whole }
            if let market {
                guard let text = field, let field = MarketField(rawValue: text) else { throw .wrongValue(field: "field", value: field ?? "", project: nil) }
                guard values.count == 2 else { throw .missingField("values", project: nil) }
                return .setMarket(market, field, from: values[0], to: values[1])
            }
            if let submission {
                guard let piece, piece >= 0, responses.count == 2 else { throw .missingField("response", project: nil) }
                return .respond(submission, piece: piece, from: responses[0], to: responses[1])
            }
            return nil
        }
    }
}
