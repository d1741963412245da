import Foundation

/// Everything the store can refuse, with the facts needed to explain it.
public enum ProjectStoreError: Error, Sendable, Equatable {
    case invalidName(String, NameProblem)
    case duplicateName(String, existing: Project)
    /// `near`: the names the writer may have meant (`TypedName.suggestions`), to be asked about, never used.
    case projectNotFound(reference: String, near: [String])
    case ambiguousReference(String, candidates: [Project])
    case positionOutOfRange(Int, count: Int)
    case moveRelativeToItself(Project)
    case importRejected([ImportProblem])
    /// A word target outside `StoredNumber.wordTarget.range`: none at all is `nil`.
    case invalidTarget(Int)
    /// A daily goal outside `StoredNumber.dailyGoal.range`: none at all is `nil`.
    case invalidGoal(Int)
    case storage(StorageError)
    /// A folder the writer named cannot be the project's.
    case folderRefused(path: String, FolderRefusal)
    /// The project is a list entry only: `path` and `open` have nothing to show.
    case noFolder(Project)
    /// The folder the store records is not on disk (moved or removed by hand).
    case folderMissing(Project, path: String)
    /// `edit --new-folder` on a project that has one.
    case alreadyHasFolder(Project, path: String)
    /// Neither `PROJECT_ROOT`, a saved root nor `HOME` says where folders go.
    case noRoot
    /// The root, or the path given as the root, is there but is not a folder (a file, a device).
    case rootNotAFolder(path: String)
    /// The disk refused to make or move a folder; the store and the disk were left as they were.
    case folderFailed(FolderSystemError)
    /// A change a crash interrupted could not be finished or undone; nothing more was changed.
    case interruptedChange(FolderSystemError)
    case nothingToUndo
    case nothingToRedo
    /// `undelete`: no change among the recent ones of this machine deleted a project of that name
    /// that is still gone.
    case nothingToUndelete(String)
    /// The most recent change was made but not recorded (the history could not be written), so
    /// `undo` would take back the one before it without a word: refused once, so the writer knows.
    case unrecordedChange(at: Date)
    /// The change cannot be undone or redone as things stand; nothing was changed.
    case historyBlocked(HistoryObstacle, command: String)
    /// What versions refuse, met by a change that keeps or restores one.
    case versions(VersionError)
    /// The history file is damaged or from a newer version; the projects are fine.
    case historyUnreadable(path: String, DocumentProblem)
    /// The history file cannot be read at all (`code` is the errno); the projects are fine.
    case historyUnavailable(path: String, code: Int32)
    /// The history records changes the store never saw: the store is older than its history
    /// (restored from a backup, say). Nothing is written until the writer chooses.
    case historyAhead(path: String, changes: Int, last: Date?)
    /// The store is not there, but its history shows it was: it was moved, deleted or not mounted
    /// yet. Nothing is written until the writer chooses (`history --rebuild` or `--clear`).
    case storeLost(LostStore)
    /// The list is shared through `root`, but `root/.project/` is not there (a sync tool that has not
    /// delivered it, a disk not mounted): a change made now could never reach the other machines.
    case sharedFolderMissing(root: String)
    /// A file of ours in a shared root (a machine's log) cannot be read or written, or holds what
    /// this version cannot read.
    case sharedFile(StorageError)
    /// Lines of the machines' logs that cannot be read, set aside: everything else was taken in.
    /// Not a refusal: said, once, by the command that first meets them.
    case sharedLinesSetAside([UnreadLine])
    /// What the markets and submissions refuse.
    case submissions(SubmissionError)
}

/// A store that is not there although its history records changes made to it.
public struct LostStore: Sendable, Equatable {
    public let path: String
    /// How many changes the history records, and when the last was made (`nil`: unreadable).
    public let changes: Int
    public let last: Date?

    public init(path: String, changes: Int, last: Date?) {
        self.path = path
        self.changes = changes
        self.last = last
    }
}

/// Why a folder cannot be a project's.
public enum FolderRefusal: Sendable, Equatable {
    case missing
    case notAFolder
    /// The root, or a folder holding it: every project folder would be inside.
    case holdsRoot
    case trash
    /// A recorded path with `..`: read against the root, it could name any folder on the disk.
    case climbsOut
    case projectFolder(of: Project)
    case insideProjectFolder(of: Project)
    case holdsProjectFolder(of: Project)
    /// The path cannot be recorded: it is not UTF-8.
    case notUTF8
    /// A project's folder is a symbolic link where a folder was recorded (a shared root brought it):
    /// never followed, wherever it leads.
    case link
}

/// Why a store could not be used. `path` is the file or folder concerned; `code` is the system's errno.
public enum StorageError: Error, Sendable, Equatable {
    case unreadable(path: String, code: Int32)
    case invalid(path: String, DocumentProblem)
    case busy(path: String, waitedSeconds: Int)
    case unwritable(path: String, code: Int32)
    /// `path` is there, but is not a regular file (a folder, a device): nothing was made beside it.
    case notAFile(path: String)
}

/// What is wrong with a store or import document. Lines and columns are 1-based.
public enum DocumentProblem: Sendable, Equatable {
    case empty
    case notUTF8
    case syntax(line: Int, column: Int)
    case missingField(String, project: Int?)
    case wrongValue(field: String, value: String, project: Int?)
    /// Valid JSON of another shape: the document itself (`field` and `project` both `nil`), a
    /// field, or a project that is not what it must be.
    case wrongKind(field: String?, project: Int?, expected: JSONValueKind, found: JSONValueKind)
    case duplicateName(String)
    case duplicateID(UUID)
    /// A project's folder no file may record (`ProjectFolder.refusal(of:)`).
    case folderRefused(path: String, FolderRefusal, project: Int)
    /// Written by a later version of the tool, which may know things this one would lose.
    case newerVersion(Int)
}

/// What a JSON value is, for saying what a document held where something else was expected.
public enum JSONValueKind: Sendable, Equatable {
    case object, array, string, number, boolean, null
}

/// One thing wrong with an import document; `index` is the 1-based place of the project, market or
/// submission among the document's projects, markets or submissions.
public enum ImportProblem: Sendable, Equatable {
    case invalidName(index: Int, name: String, NameProblem)
    case clashesWithStore(index: Int, name: String, existing: String)
    case clashesWithinDocument(index: Int, name: String, otherIndex: Int)
    case idInStore(index: Int, id: UUID)
    case idRepeated(index: Int, id: UUID, otherIndex: Int)
    case folderInStore(index: Int, folder: String, existing: String)
    case folderRepeated(index: Int, folder: String, otherIndex: Int)
    /// A folder no file may record (`ProjectFolder.refusal(of:)`).
    case folderRefused(index: Int, folder: String, FolderRefusal)
    case marketInvalidName(index: Int, name: String, NameProblem)
    case marketClashesWithStore(index: Int, name: String, existing: String)
    case marketClashesWithinDocument(index: Int, name: String, otherIndex: Int)
    case marketIDRepeated(index: Int, id: UUID, otherIndex: Int)
    /// A market given the id of a submission the store holds: the store holds an id once.
    case marketIDOfSubmission(index: Int, id: UUID)
    case submissionIDRepeated(index: Int, id: UUID, otherIndex: Int)
    /// A submission given the id of a market, the store's or the document's, named by its name.
    case submissionIDOfMarket(index: Int, id: UUID, market: String)
    /// A submission to a market neither the document nor the store holds.
    case submissionMarketMissing(index: Int, market: UUID)
    case submissionWithoutPieces(index: Int)
}
