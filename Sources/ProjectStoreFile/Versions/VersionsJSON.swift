import ProjectStore

/// `versions --json`: `{"versions": [{"number", "present", "path", then the record's own fields: "id",
/// "file", "text", "clock", "time", "machine", "machineName", "words", "note"}…]}`, newest first;
/// `path` is the kept text's file, for an editor; `present`, whether the file is in the project today.
public enum VersionsJSON {
    public static func encode(_ versions: [NumberedVersion], folder: any VersionFolder, present: [String: Bool]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * versions.count + 32)
        writer.raw("{\"versions\": [")
        for (position, version) in versions.enumerated() {
            let record = version.record
            writer.raw(position == 0 ? "\n  " : ",\n  ")
            writer.raw("{\"number\": ")
            writer.integer(version.number)
            writer.raw(", \"present\": ")
            writer.boolean(present[record.file] ?? false)
            writer.raw(", \"path\": ")
            writer.string(folder.path(ofText: record.text))
            writer.raw(", ")
            VersionRecordJSON.writeFields(of: record, to: &writer)
            writer.raw("}")
        }
        writer.raw(versions.isEmpty ? "]}\n" : "\n]}\n")
        return writer.bytes
    }
}
