import Foundation
import ProjectStore

/// `submissions --csv`: one row a piece of each submission, under a header row, quoted as RFC 4180
/// says (a field holding a comma, a quote or a line break in quotes, its quotes doubled), lines
/// ending in CRLF, as spreadsheets read them. The header and values are the same in every language.
public enum SubmissionCSV {
    public static func render(_ rows: [ListedSubmission]) -> String {
        var lines = [["number", "id", "sent", "market", "project", "project_deleted", "file", "version", "version_number",
                      "status", "responded", "days", "overdue", "note", "response_note"]]
        for row in rows {
            let submission = row.submission
            for listed in row.pieces {
                let piece = row.sent(listed)
                lines.append([
                    String(row.number), submission.id.lowercasedString, submission.sent.description, row.marketName,
                    submission.projectName, MarketField.yesNoText(row.projectDeleted), piece.file, piece.version, String(piece.number),
                    piece.response.status.rawValue, piece.response.date?.description ?? "", String(listed.days),
                    MarketField.yesNoText(listed.overdue), submission.note ?? "", piece.response.note ?? "",
                ])
            }
        }
        return lines.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
