/// Why `sync` refused or stopped; in every case nothing of the writer's is lost, and no merge is
/// left in progress.
enum SyncError: Error, Equatable {
    case gitMissing
    /// `sync` in a root that is not shared yet.
    case notShared(root: String)
    /// `sync` in a git root without a remote to exchange with.
    case noRemote(root: String)
    /// `--init <remote>` in a repository whose `origin` is another remote.
    case otherRemote(root: String, existing: String)
    /// `--init <remote>` with a remote that already holds commits this root never had.
    case remoteNotEmpty(remote: String)
    case unreachable(remote: String, reason: String)
    /// A merge, rebase, cherry-pick or revert the writer started and has not finished.
    case operationInProgress(root: String)
    case detachedHead(root: String)
    /// The root lies inside a larger repository, whose top is given.
    case insideRepository(root: String, top: String)
    /// `--join` onto a root that holds something already.
    case rootNotEmpty(root: String)
    /// `--join` from a remote that holds no shared root.
    case remoteNotShared(remote: String)
    case pushRefused(remote: String, reason: String)
    /// Another git step failed; its words are given.
    case gitFailed(step: String, reason: String)
}
