import Testing
@testable import ProjectCLI

/// The columns written a few lines at a time are the table a plain padding of each cell makes,
/// whatever the cells: wide characters, cells said on many rows, empty cells ending a line.
@Suite("submissions: the columns, written in pieces")
struct SubmissionColumnsTests {
    /// 900 rows of four columns, the first right-aligned, the last often empty: texts drawn from a
    /// few, as a table of submissions repeats its dates and statuses.
    static func rows() -> [[String]] {
        let words = ["Ploughshares", "文學雜誌", "Poetry 🌊 Review", "Élégie", "", "rejected", "Jan 12, 2027"]
        return (0..<900).map { row in
            [String(row * 37 % 1_013), words[row % 7], words[row * 3 % 7], row % 4 == 0 ? words[row % 5] : ""]
        }
    }

    /// What the table should print, made the plain way: each cell padded to its column's widest.
    static func expected(_ rows: [[String]]) -> String {
        var widths = [0, 0, 0, 0]
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TerminalText.width(cell)) } }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let room = String(repeating: " ", count: widths[column] - TerminalText.width(cell))
                line += column == 0 ? room + cell : cell + room
                if column < row.count - 1 { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }

    @Test("written in pieces of whole lines, the table is the plainly padded one")
    func piecesMakeTheTable() {
        let rows = Self.rows()
        var table = SubmissionColumns(columns: 4, rightAligned: [0], rows: rows.count)
        // Each distinct text made once and said again, as the submissions table does.
        var made: [String: SubmissionColumns.Cell] = [:]
        for row in rows {
            for text in row {
                let cell = made[text] ?? table.cell(text)
                made[text] = cell
                table.append(cell)
            }
        }
        var pieces: [[UInt8]] = []
        table.write(inChunksOf: 1_000) { pieces.append($0) }
        let expected = Self.expected(rows)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == expected)
        #expect(pieces.count > expected.utf8.count / 1_100)
        // Whole lines only: a terminal that decodes each piece never sees half a character.
        #expect(pieces.allSatisfy { $0.last == UInt8(ascii: "\n") })
        let longestLine = expected.split(separator: "\n").map(\.utf8.count).max()!
        #expect(pieces.allSatisfy { $0.count < 1_000 + longestLine + 1 })
    }

    @Test("a table rendered whole is the same as written in pieces")
    func renderedWhole() {
        let rows = Self.rows()
        #expect(SubmissionColumns.render(rows, rightAligned: [0]) == Self.expected(rows))
        #expect(SubmissionColumns.render([]) == "")
    }
}
