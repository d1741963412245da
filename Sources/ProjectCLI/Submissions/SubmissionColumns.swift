import Foundation

/// Rows of cells as columns padded to their widest cell, the last left unpadded: the tables of
/// `market list`, `market show` and `submissions`.
///
/// Each distinct cell is kept once, its bytes one after another in one buffer and measured as it
/// is made, and the rows are small numbers naming those cells: of the 43,000 cells of 10,000
/// submissions, most repeat a few thousand texts (a status, a date, a count of days), and a cell
/// kept whole for each cost a megabyte of pages the table only read once.
struct SubmissionColumns {
    /// A cell made: added once or on many rows.
    struct Cell {
        fileprivate let index: UInt32
    }

    /// Where a cell's bytes stand in the buffer, and its width in terminal cells.
    private struct Made {
        let start: UInt32
        let end: UInt32
        let width: UInt32
    }

    private let columnCount: Int
    /// The columns of numbers, which read best aligned on their right.
    private let rightAligned: [Bool]
    private var text: [UInt8] = []
    private var made: [Made] = []
    /// The rows' cells, left to right and top to bottom.
    private var grid: [UInt32] = []

    /// `rows`: how many rows are coming, when known, so that the rows and cells are kept without
    /// growing. Growing copied what was kept so far into new memory each time, and memory reserved
    /// costs nothing until it is written: the cells get room for every cell to be distinct and long.
    init(columns: Int, rightAligned: Set<Int> = [], rows: Int = 0) {
        columnCount = columns
        self.rightAligned = (0..<columns).map(rightAligned.contains)
        grid.reserveCapacity(rows * columns)
        made.reserveCapacity(rows * columns)
        text.reserveCapacity(rows * columns * 32)
    }

    /// The next cell, the rows filled left to right and top to bottom.
    mutating func append(_ cellText: String) {
        append(cell(cellText))
    }

    /// A cell added where the rows stand, or again: a cell may be said on many rows.
    mutating func append(_ cell: Cell) {
        grid.append(cell.index)
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
        made.append(Made(start: UInt32(start), end: UInt32(text.count), width: UInt32(width)))
        return Cell(index: UInt32(made.count - 1))
    }

    mutating func append(row: [String]) {
        for cell in row { append(cell) }
    }

    /// The table as UTF-8, a newline after each row and no space at the end of one, given to
    /// `output` a few whole lines at a time, about `chunk` bytes: 10,000 submissions make half a
    /// megabyte, which need never be in memory at once, and each piece's memory is the last one's.
    func write(inChunksOf chunk: Int = 65_536, to output: ([UInt8]) -> Void) {
        let widths = columnWidths
        let largestCell = made.lazy.map { Int($0.end - $0.start) }.max() ?? 0
        // No line is longer than every column's room as padding and its largest cell's bytes.
        let longestLine = widths.reduce(0, +) + columnCount * (2 + largestCell) + 1
        var next = 0
        while next < grid.count {
            output([UInt8](unsafeUninitializedCapacity: chunk + longestLine) { buffer, written in
                written = lines(from: &next, filling: chunk, of: buffer.baseAddress!, widths: widths)
            })
        }
    }

    /// Each column's widest cell, measured once all the rows are in: a pass over the rows costs less
    /// than keeping the widths as each cell is added.
    private var columnWidths: [Int] {
        var widths = Array(repeating: 0, count: columnCount)
        var column = 0
        for index in grid {
            widths[column] = max(widths[column], Int(made[Int(index)].width))
            column = column == columnCount - 1 ? 0 : column + 1
        }
        return widths
    }

    /// The lines from the cell at `next` on, until `chunk` bytes or more are written; `next`
    /// moved past them. Each cell is copied into place: adding bytes one by one cost more than the rest.
    private func lines(from next: inout Int, filling chunk: Int, of output: UnsafeMutablePointer<UInt8>, widths: [Int]) -> Int {
        let space = UInt8(ascii: " ")
        var end = 0
        func pad(_ count: Int) {
            guard count > 0 else { return }
            memset(output + end, Int32(space), count)
            end += count
        }
        text.withUnsafeBufferPointer { text in
            var column = 0
            while next < grid.count {
                let cell = made[Int(grid[next])]
                next += 1
                let room = widths[column] - Int(cell.width)
                if rightAligned[column] { pad(room) }
                let length = Int(cell.end - cell.start)
                if length > 0 {
                    memcpy(output + end, text.baseAddress! + Int(cell.start), length)
                    end += length
                }
                if column < columnCount - 1 {
                    pad((rightAligned[column] ? 0 : room) + 2)
                    column += 1
                    continue
                }
                // Trailing spaces go: the line before ends in its newline, so only this line loses them.
                while end > 0, output[end - 1] == space { end -= 1 }
                output[end] = UInt8(ascii: "\n")
                end += 1
                column = 0
                if end >= chunk { break }
            }
        }
        return end
    }

    /// The table at `terminal`.
    func write(to terminal: Terminal) {
        write { terminal.output(utf8: $0) }
    }

    /// `rows` as a table, the columns as many as the first row's cells.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let first = rows.first else { return "" }
        var table = SubmissionColumns(columns: first.count, rightAligned: rightAligned)
        for row in rows { table.append(row: row) }
        var bytes: [UInt8] = []
        table.write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
