import Foundation

/// Rows of cells as columns padded to their widest cell, the last left unpadded: the tables of
/// `market list`, `market show` and `submissions`.
///
/// Every cell's bytes are kept one after another in one buffer, each cell measured once as it is
/// added, and a text said on many lines (a status, a count of days) added once and repeated as the
/// cell it made: with thousands of lines, making, measuring and keeping a string a cell cost more
/// than the rest of the table.
struct SubmissionColumns {
    /// A cell added: where its bytes stand in the buffer, and its width in terminal cells.
    struct Cell {
        fileprivate let start: Int
        fileprivate let end: Int
        fileprivate let width: Int
    }

    private let columnCount: Int
    /// The columns of numbers, which read best aligned on their right.
    private let rightAligned: [Bool]
    private var text: [UInt8] = []
    private var cells: [Cell] = []
    private var widths: [Int]

    /// `rows`: how many rows are coming, when known, so that the cells are kept without growing.
    init(columns: Int, rightAligned: Set<Int> = [], rows: Int = 0) {
        columnCount = columns
        self.rightAligned = (0..<columns).map(rightAligned.contains)
        widths = Array(repeating: 0, count: columns)
        cells.reserveCapacity(rows * columns)
    }

    /// The next cell, the rows filled left to right and top to bottom.
    mutating func append(_ cellText: String) {
        append(cell(cellText))
    }

    /// A cell added where the rows stand, or again: a cell may be said on many rows.
    mutating func append(_ cell: Cell) {
        let column = cells.count % columnCount
        widths[column] = max(widths[column], cell.width)
        cells.append(cell)
    }

    /// A cell of `cellText`, to be added once or many times.
    mutating func cell(_ cellText: String) -> Cell {
        cell { $0.append(utf8: cellText) }
    }

    /// A cell of the bytes `write` writes at the end of the buffer, to be added once or many times.
    mutating func cell(writing write: (inout [UInt8]) -> Void) -> Cell {
        let start = text.count
        write(&text)
        let width = text.withUnsafeBufferPointer { TerminalText.width(utf8: UnsafeBufferPointer(rebasing: $0[start...])) }
        return Cell(start: start, end: text.count, width: width)
    }

    mutating func append(row: [String]) {
        for cell in row { append(cell) }
    }

    /// The table as UTF-8, a newline after each row and no space at the end of one. Each cell is
    /// copied into place in a buffer made once: adding bytes one by one cost more than the rest.
    var bytes: [UInt8] {
        let rowCount = cells.count / columnCount
        // No line is longer than its cells' bytes with every column's room as padding.
        let capacity = cells.reduce(0) { $0 + $1.end - $1.start } + rowCount * (widths.reduce(0, +) + 2 * columnCount + 1)
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
            let space = UInt8(ascii: " ")
            var end = 0
            func pad(_ count: Int) {
                guard count > 0 else { return }
                memset(output.baseAddress! + end, Int32(space), count)
                end += count
            }
            text.withUnsafeBufferPointer { text in
                for (index, cell) in cells.enumerated() {
                    let column = index % columnCount
                    let room = widths[column] - cell.width
                    if rightAligned[column] { pad(room) }
                    if cell.end > cell.start {
                        memcpy(output.baseAddress! + end, text.baseAddress! + cell.start, cell.end - cell.start)
                        end += cell.end - cell.start
                    }
                    if column < columnCount - 1 {
                        pad((rightAligned[column] ? 0 : room) + 2)
                        continue
                    }
                    // Trailing spaces go: the line before ends in its newline, so only this line loses them.
                    while end > 0, output[end - 1] == space { end -= 1 }
                    output[end] = UInt8(ascii: "\n")
                    end += 1
                }
            }
            written = end
        }
    }

    /// `rows` as a table, the columns as many as the first row's cells.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let first = rows.first else { return "" }
        var table = SubmissionColumns(columns: first.count, rightAligned: rightAligned)
        for row in rows { table.append(row: row) }
        return String(decoding: table.bytes, as: UTF8.self)
    }
}
