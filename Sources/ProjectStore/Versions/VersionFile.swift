/// A file as the writer typed it, made the name versions know it by: relative to the project's
/// folder, `/` between folders, no `.` or `..`, nothing hidden. An absolute path inside the folder is
/// taken too.
public enum VersionFile {
    public static func relative(_ typed: String, in folder: String) throws(VersionError) -> String {
        var path = Substring(typed)
        if typed.hasPrefix("/") {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            guard typed.hasPrefix(base) else { throw .outsideProject(file: typed) }
            path = typed.dropFirst(base.count)
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            guard part != "..", !part.hasPrefix(".") else { throw .outsideProject(file: typed) }
            parts.append(part)
        }
        guard !parts.isEmpty else { throw .outsideProject(file: typed) }
        let file = parts.joined(separator: "/")
        guard TextFileKind.syntax(forFileName: String(parts.last!)) != nil else { throw .notText(file: file) }
        return file
    }
}
