import ProjectStore

/// `history --json`: an array, newest first, of `{"time": …, "command": …, "machine": …,
/// "projects": [ids], "summary": …, "undone": …}`; the project the writer named comes first, and
/// the summary is given by the caller (it is words, in English).
public enum HistoryJSON {
    public static func encode(_ entries: [History.Entry], summary: (History.Entry) -> String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * (entries.count + 1))
        writer.raw("[")
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "\n  {\"time\": " : ",\n  {\"time\": ")
            writer.timestamp(entry.time)
            writer.raw(", \"command\": ")
            writer.string(entry.command)
            writer.raw(", \"machine\": ")
            writer.string(entry.change.machine.name)
            writer.raw(", \"projects\": [")
            for (position, id) in entry.change.projectIDs.enumerated() {
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
