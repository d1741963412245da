import ProjectStore

/// `versions --json`: `{"versions": [{"file", "present", "number", "id", "time", "machine",
/// "machineName", "words", "note", "path"}…]}`, newest first; `path` is the kept text's file, for an
/// editor.
public enum VersionsJSON {
    public static func encode(_ versions: [NumberedVersion], folder: any VersionFolder, present: [String: Bool]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * versions.count + 32)
        writer.raw("{\"versions\": [")
        for (position, version) in versions.enumerated() {
            let record = version.record
            writer.raw(position == 0 ? "\n  " : ",\n  ")
            writer.raw("{\"file\": ")
            writer.string(record.file)
            writer.raw(", \"present\": ")
            writer.boolean(present[record.file] ?? false)
            writer.raw(", \"number\": ")
            writer.integer(version.number)
            writer.raw(", \"id\": ")
            writer.string(record.id)
            writer.raw(", \"time\": ")
            writer.timestamp(record.time)
            writer.raw(", \"machine\": ")
            writer.uuid(record.machine.id)
            writer.raw(", \"machineName\": ")
            writer.string(record.machine.name)
            writer.raw(", \"words\": ")
            writer.integer(record.words)
            writer.raw(", \"note\": ")
            writer.optionalString(record.note)
            writer.raw(", \"path\": ")
            writer.string(folder.path(ofText: record.text))
            writer.raw("}")
        }
        writer.raw(versions.isEmpty ? "]}\n" : "\n]}\n")
        return writer.bytes
    }
}
