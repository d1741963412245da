/// Why a project's files could not be made into a manuscript. Each stops the compile before
/// anything is written: a manuscript with a chapter silently missing is worse than none.
public enum ManuscriptError: Error, Sendable, Equatable {
    /// No text file where the manuscript is looked for; `lookedIn` names each place, absolute.
    case empty(lookedIn: [String])
    /// A `--from` path, as typed, that leads out of the project's folder.
    case outsideFolder(String)
    /// A `--from` path, as typed, with nothing there.
    case notFound(String)
    case unreadable(path: String, code: Int32)
    /// A file of the manuscript that is a link leading out of the project's folder: never read
    /// through, as a shared root is other people's word.
    case linkOutside(path: String)
    /// A file whose text is neither UTF-8 nor Windows-1252 (`TextEncoding`): printed, it would be garbled.
    case unknownEncoding(path: String)
}
