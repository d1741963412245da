import ProjectStore

/// `versions` as a table: one version a line, newest first, columns padded to their widest cell,
/// written straight into bytes (a file may have 10,000 versions).
struct VersionTable {
    let context: CommandContext

    func render(_ versions: [NumberedVersion], present: [String: Bool]) -> [UInt8] {
        let l = context.localizer
        let dates = context.dateText
        let numbers = context.numbers
        let heading = ["versions.column.file", "versions.column.number", "versions.column.date", "versions.column.machine",
                       "versions.column.words", "versions.column.id", "versions.column.note"].map { l.text($0) }
        // Each file and machine said once, however many versions they have.
        var files: [String: String] = [:]
        for file in present.keys {
            let visible = TerminalText.visible(file)
            files[file] = present[file] == true ? visible : l.text("versions.file-gone", ["file": visible])
        }
        var machines: [String: String] = [:]
        let rows = versions.map { version in
            let record = version.record
            let machine = machines[record.machine.name] ?? TerminalText.visible(record.machine.name)
            machines[record.machine.name] = machine
            return [
                files[record.file] ?? TerminalText.visible(record.file), String(version.number), dates.dateAndMinute(record.time),
                machine, numbers.string(record.words), record.id, TerminalText.visible(record.note ?? ""),
            ]
        }
        let all = [heading] + rows
        let widths = heading.indices.map { column in all.map { TerminalText.width($0[column]) }.max() ?? 0 }
        var output: [UInt8] = []
        output.reserveCapacity(all.count * (widths.reduce(0, +) + 14))
        for row in all {
            let start = output.count
            for (column, cell) in row.enumerated() {
                // Numbers to the right, as a column of them reads; the note, last, is not padded.
                if column == 1 || column == 4 {
                    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[column] - TerminalText.width(cell)))
                    output.append(contentsOf: cell.utf8)
                } else if column == row.count - 1 {
                    output.append(contentsOf: cell.utf8)
                } else {
                    TerminalText.appendPadded(cell, to: widths[column], into: &output)
                }
                if column < row.count - 1 { output.append(contentsOf: "  ".utf8) }
            }
            while output.count > start, output.last == UInt8(ascii: " ") { output.removeLast() }
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }
}
