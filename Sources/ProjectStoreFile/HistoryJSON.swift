import ProjectStore

/// `history --json`: an array, newest first, of `{"time": …, "command": …, "projects": [ids],
/// "summary": …, "undone": …}`; the summary is given by the caller (it is words, in English).
public enum HistoryJSON {
    public static func encode(_ entries: [History.Entry], summary: (History.Entry) -> String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * (entries.count + 1))
        writer.raw("[")
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "\n  {\"time\": " : ",\n  {\"time\": ")
            writer.timestamp(entry.time)
            writer.raw(", \"command\": ")
            writer.string(entry.command)
            writer.raw(", \"projects\": [")
            for (position, id) in entry.record.projectIDs.enumerated() {
                if position > 0 { writer.raw(", ") }
                writer.uuid(id)
            }
            writer.raw("], \"summary\": ")
            writer.string(summary(entry))
            writer.raw(", \"undone\": ")
            writer.boolean(entry.isUndone)
            writer.raw("}")
        }
        writer.raw(entries.isEmpty ? "]\n" : "\n]\n")
        return writer.bytes
    }
}
