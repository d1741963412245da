/// Rows of cells as columns padded to their widest cell, the last left unpadded: the tables of
/// `market list` and `submissions`.
enum SubmissionColumns {
    /// `rightAligned`: the columns of numbers, which read best aligned on their right.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        var output = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let room = String(repeating: " ", count: widths[column] - TerminalText.width(cell))
                if column == row.count - 1 {
                    line += rightAligned.contains(column) ? room + cell : cell
                } else {
                    line += (rightAligned.contains(column) ? room + cell : cell + room) + "  "
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }
}
