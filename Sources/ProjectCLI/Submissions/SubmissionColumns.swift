/// Rows of cells as columns padded to their widest cell, the last left unpadded: the tables of
/// `market list` and `submissions`.
enum SubmissionColumns {
    /// `rightAligned`: the columns of numbers, which read best aligned on their right.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let first = rows.first else { return "" }
        // Each cell measured once and the table made as bytes: with thousands of lines, measuring
        // twice and joining strings were most of a list's time.
        let cellWidths = rows.map { $0.map(TerminalText.width) }
        let widths = first.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        let aligned = first.indices.map(rightAligned.contains)
        let space = UInt8(ascii: " ")
        var output: [UInt8] = []
        output.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        for (row, cells) in zip(rows, cellWidths) {
            for (column, cell) in row.enumerated() {
                let room = repeatElement(space, count: widths[column] - cells[column])
                if aligned[column] { output.append(contentsOf: room) }
                output.append(contentsOf: cell.utf8)
                guard column < row.count - 1 else { break }
                if !aligned[column] { output.append(contentsOf: room) }
                output.append(contentsOf: [space, space])
            }
            // Trailing spaces go: the line before ends in its newline, so only this line loses them.
            while output.last == space { output.removeLast() }
            output.append(UInt8(ascii: "\n"))
        }
        return String(decoding: output, as: UTF8.self)
    }
}
