import ProjectStore

/// `versions` as a table: one version a line, newest first, columns padded to their widest cell.
struct VersionTable {
    let context: CommandContext

    func render(_ versions: [NumberedVersion], present: [String: Bool]) -> String {
        let l = context.localizer
        let dates = context.dateText
        let heading = ["versions.column.file", "versions.column.number", "versions.column.date", "versions.column.machine",
                       "versions.column.words", "versions.column.id", "versions.column.note"].map { l.text($0) }
        let rows = versions.map { version in
            let record = version.record
            let file = TerminalText.visible(record.file)
            return [
                present[record.file] == true ? file : l.text("versions.file-gone", ["file": file]),
                String(version.number), dates.dateAndMinute(record.time), TerminalText.visible(record.machine.name),
                context.numbers.string(record.words), record.id, TerminalText.visible(record.note ?? ""),
            ]
        }
        let all = [heading] + rows
        let widths = heading.indices.map { column in all.map { TerminalText.width($0[column]) }.max() ?? 0 }
        var output = ""
        for row in all {
            var line = ""
            for (column, cell) in row.enumerated() {
                let last = column == row.count - 1
                // Numbers to the right, as a column of them reads.
                let rightAligned = column == 1 || column == 4
                if rightAligned {
                    line += String(repeating: " ", count: widths[column] - TerminalText.width(cell)) + cell
                } else {
                    line += last ? cell : TerminalText.padded(cell, to: widths[column])
                }
                if !last { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }
}
