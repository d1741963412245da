import ProjectStore

/// `project compile --json`: `{"file": "<path as given>", "format": "docx", "unit": "chapters",
/// "count": N, "words": N, "roundedWords": N}`, with `"lines"` for poetry and `"pages"` for a
/// script, what the result line says, for scripts.
public enum CompileResultJSON {
    public static func encode(file: String, format: String, manuscript: Manuscript) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + file.utf8.count)
        writer.raw("{\"file\": ")
        writer.string(file)
        writer.raw(", \"format\": ")
        writer.string(format)
        writer.raw(", \"unit\": ")
        writer.string(manuscript.unit.rawValue)
        writer.raw(", \"count\": ")
        writer.integer(manuscript.unitCount)
        writer.raw(", \"words\": ")
        writer.integer(manuscript.words)
        writer.raw(", \"roundedWords\": ")
        writer.integer(manuscript.roundedWords)
        for (key, count) in [(", \"lines\": " as StaticString, manuscript.lines), (", \"pages\": ", manuscript.pages)] {
            guard let count else { continue }
            writer.raw(key)
            writer.integer(count)
        }
        writer.raw("}\n")
        return writer.bytes
    }
}
