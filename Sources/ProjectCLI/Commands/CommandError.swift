import ProjectStore
import ProjectStoreFile

/// Refusals of the command line itself, beyond the store's rules; all exit with status 1.
enum CommandError: Error, Equatable {
    /// The user ended input at a prompt.
    case cancelled
    /// Deleting needs a yes, and there is no terminal to ask on.
    case deleteNeedsConfirmation(Project)
    case importUnreadable(path: String, code: Int32)
    case importInvalid(path: String, DocumentProblem)
    /// Neither `--store`, `PROJECT_STORE` nor `HOME` says where the store is.
    case noStoreLocation
    /// `open` without `VISUAL` or `EDITOR`.
    case noEditor
    case programFailed(String, status: Int32)
    case programKilled(String, signal: Int32)
    case programNotStarted(String, code: Int32)
    /// `history --clear` needs a yes, and there is no terminal to ask on.
    case clearNeedsConfirmation
    /// The manual pages cannot be written where the install asked.
    case manualUnwritable(path: String, code: Int32)
    /// The project's folder itself could not be read to count its words.
    case folderUncountable(Project, FolderCountError)
    /// The project's files could not be made into a manuscript; `folder` is the project's.
    case manuscript(Project, folder: String, ManuscriptError)
    /// A file is where the manuscript would go, and `--force` was not given.
    case outputExists(path: String)
    case outputUnwritable(path: String, code: Int32)
    /// The format needs a program that is not on `PATH`.
    case converterMissing(String, format: String, installation: String)
    case converterFailed(String, status: Int32)
    /// A script compiles to its screenplay formats only.
    case scriptFormat(String)
    case authorUnreadable(path: String, code: Int32)
    /// What a version command refused (docs/versions.md).
    case versions(VersionError)
}
