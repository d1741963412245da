import Foundation

/// Everything the store can refuse, with the facts needed to explain it.
public enum ProjectStoreError: Error, Sendable, Equatable {
    case invalidName(String, NameProblem)
    case duplicateName(String, existing: Project)
    case projectNotFound(reference: String)
    case ambiguousReference(String, candidates: [Project])
    case positionOutOfRange(Int, count: Int)
    case moveRelativeToItself(Project)
    case importRejected([ImportProblem])
    case storage(StorageError)
}

/// Why a store could not be used. `path` is the file or folder concerned; `code` is the system's errno.
public enum StorageError: Error, Sendable, Equatable {
    case unreadable(path: String, code: Int32)
    case invalid(path: String, DocumentProblem)
    case busy(path: String, waitedSeconds: Int)
    case unwritable(path: String, code: Int32)
}

/// What is wrong with a store or import document. Lines and columns are 1-based.
public enum DocumentProblem: Sendable, Equatable {
    case empty
    case notUTF8
    case syntax(line: Int, column: Int)
    case missingField(String, project: Int?)
    case wrongValue(field: String, value: String, project: Int?)
    case duplicateName(String)
    case duplicateID(UUID)
    /// Written by a later version of the tool, which may know things this one would lose.
    case newerVersion(Int)
}

/// One thing wrong with an import document; `index` is the 1-based place of the project in it.
public enum ImportProblem: Sendable, Equatable {
    case invalidName(index: Int, name: String, NameProblem)
    case clashesWithStore(index: Int, name: String, existing: String)
    case clashesWithinDocument(index: Int, name: String, otherIndex: Int)
    case idInStore(index: Int, id: UUID)
    case idRepeated(index: Int, id: UUID, otherIndex: Int)
}
