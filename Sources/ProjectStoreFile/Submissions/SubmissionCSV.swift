import Foundation
import ProjectStore

/// `submissions --csv`: one row a piece of each submission, under a header row, quoted as RFC 4180
/// says (a field holding a comma, a quote or a line break in quotes, its quotes doubled), lines
/// ending in CRLF, as spreadsheets read them. The header and values are the same in every language.
/// It begins with a UTF-8 byte-order mark: without one, LibreOffice Calc and Excel take the file for
/// Windows-1252 and garble every accent; with one, both read it as UTF-8 at once.
public enum SubmissionCSV {
    static let byteOrderMark = "\u{FEFF}"

    /// `kinds`: each market's kind by its id (empty for a market gone); `versionPaths`: where each
    /// row's pieces' versions are kept, by row and piece, as `--json` gives them.
    public static func render(_ rows: [ListedSubmission], kinds: (UUID) -> MarketKind?, versionPaths: [[String?]]) -> String {
        // The columns added since the first are at the end, so that a script reading by place goes on working.
        var lines = [["number", "id", "sent", "market", "project", "project_deleted", "file", "version", "version_number",
                      "status", "responded", "days", "overdue", "note", "response_note", "market_kind", "version_path"]]
        for (index, row) in rows.enumerated() {
            let submission = row.submission
            for (position, listed) in row.pieces.enumerated() {
                let piece = row.sent(listed)
                lines.append([
                    String(row.number), submission.id.lowercasedString, submission.sent.description, row.marketName,
                    row.projectName, MarketField.yesNoText(row.projectDeleted), piece.file, piece.version, String(piece.number),
                    piece.response.status.rawValue, piece.response.date?.description ?? "", String(listed.days),
                    MarketField.yesNoText(listed.overdue), submission.note ?? "", piece.response.note ?? "",
                    kinds(submission.market)?.rawValue ?? "", versionPaths[index][position] ?? "",
                ])
            }
        }
        return byteOrderMark + lines.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
