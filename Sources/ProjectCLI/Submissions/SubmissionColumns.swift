/// Rows of cells as columns padded to their widest cell, the last left unpadded: the tables of
/// `market list`, `market show` and `submissions`.
struct SubmissionColumns {
    private let columnCount: Int
    /// The columns of numbers, which read best aligned on their right.
    private let rightAligned: [Bool]
    /// The cells row after row, each with its width in cells: measured once, as it is added. Kept in
    /// one array rather than an array a row, which with thousands of lines cost more than the rest.
    private var cells: [(text: String, width: Int)] = []
    private var widths: [Int]

    init(columns: Int, rightAligned: Set<Int> = []) {
        columnCount = columns
        self.rightAligned = (0..<columns).map(rightAligned.contains)
        widths = Array(repeating: 0, count: columns)
    }

    /// The next cell, the rows filled left to right and top to bottom.
    mutating func append(_ text: String) {
        let width = TerminalText.width(text)
        let column = cells.count % columnCount
        widths[column] = max(widths[column], width)
        cells.append((text, width))
    }

    mutating func append(row: [String]) {
        for cell in row { append(cell) }
    }

    /// The table as UTF-8, a newline after each row and no space at the end of one.
    var bytes: [UInt8] {
        let space = UInt8(ascii: " ")
        var output: [UInt8] = []
        output.reserveCapacity(cells.count / max(columnCount, 1) * (widths.reduce(0, +) + 2 * columnCount + 1))
        for (index, cell) in cells.enumerated() {
            let column = index % columnCount
            let room = widths[column] - cell.width
            if rightAligned[column] { output.append(contentsOf: repeatElement(space, count: room)) }
            output.append(contentsOf: cell.text.utf8)
            if column < columnCount - 1 {
                if !rightAligned[column] { output.append(contentsOf: repeatElement(space, count: room)) }
                output.append(space)
                output.append(space)
                continue
            }
            // Trailing spaces go: the line before ends in its newline, so only this line loses them.
            while output.last == space { output.removeLast() }
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `rows` as a table, the columns as many as the first row's cells.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let first = rows.first else { return "" }
        var table = SubmissionColumns(columns: first.count, rightAligned: rightAligned)
        for row in rows { table.append(row: row) }
        return table.text
    }
}
