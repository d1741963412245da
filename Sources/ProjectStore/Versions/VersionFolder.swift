/// The seam between versions and a disk: a project's shelf of kept texts and version records, and
/// the project's own files as versions read and restore them. `DiskVersionFolder` (in
/// `ProjectStoreFile`) on the disk, `MemoryVersionFolder` in tests. Files are named relative to the
/// project's folder.
public protocol VersionFolder: Sendable {
    /// Every machine's records; a line cut short by a crash is left out.
    func records() throws(VersionError) -> [VersionRecord]
    /// Adds records to this machine's own file of them, and to no other.
    func append(_ records: [VersionRecord], machine: Machine) throws(VersionError)
    /// Stores a text under its name, read-only; called only for a name not held whole and intact (a
    /// file a crash cut short, or one changed since, is replaced: it is not the text it is named for).
    func keep(_ bytes: [UInt8], as name: String) throws(VersionError)
    /// A kept text's bytes as they are, its hash unchecked (`VersionShelf.text` checks it): read only
    /// from a plain file of at most `VersionShelf.textLimit` bytes, never through a link, never
    /// waiting on a pipe; `.keptText` names what stands in its place otherwise.
    func text(_ name: String) throws(VersionError) -> [UInt8]
    /// A file's bytes today; `nil` when it is not there.
    func contents(of file: String) throws(VersionError) -> [UInt8]?
    /// Replaces a file's bytes all at once, making its folders if they are gone.
    func write(_ bytes: [UInt8], to file: String) throws(VersionError)
    /// Takes a file away: only one a restore brought back, whose text is a version, when the
    /// restore is undone.
    func remove(_ file: String) throws(VersionError)
    /// The text files of the project (as `files` counts them), in no particular order.
    func textFiles() throws(VersionError) -> [String]
    /// Where a kept text is, for an editor.
    func path(ofText name: String) -> String
    /// Runs `body` while no other command keeps, restores or takes back versions of this project,
    /// after taking away the temporary files a killed one left.
    func exclusively<T>(_ body: () throws(VersionError) -> T) throws(VersionError) -> T
}

/// What stands where a kept text should be, when it is not the text it is named for.
public enum KeptTextProblem: Error, Sendable, Equatable {
    case missing
    /// A symbolic link: never followed, wherever it leads.
    case link
    /// A folder, a pipe, a device: anything but a plain file.
    case notAFile
    /// Larger than any text is kept (`VersionShelf.textLimit`).
    case tooLarge
    /// Its bytes are not those its name is the hash of: changed since it was kept.
    case changed
}

/// What versions refuse; nothing is changed by any of them.
public enum VersionError: Error, Sendable, Equatable {
    /// Not a text file (`files` lists it without words), or a conflict copy.
    case notText(file: String)
    /// Outside the project's folder, or inside a hidden folder of it (the shelf itself).
    case outsideProject(file: String)
    /// No such file, and no version of it either.
    case noFile(file: String)
    case unknownVersion(file: String, name: String, count: Int)
    /// A version named for `count` files, where a version names one file's text.
    case versionOfOneFile(count: Int)
    case unreadable(path: String, code: Int32)
    case unwritable(path: String, code: Int32)
    /// A kept text that is not the text it is named for: never used.
    case keptText(path: String, problem: KeptTextProblem)
    /// One of the tool's own folders (`.versions` and those in it) is a symbolic link: never followed.
    case linkedFolder(path: String)
    /// `versions --check` found kept texts that fail (it lists them): the command exits 1.
    case failingTexts(count: Int)
    /// Another command kept its hold on the project's versions longer than a command waits.
    case busy(path: String)
}
