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
    /// A remote out of reach where that changed nothing: `--init` or `--remote` checking it, or an
    /// `--init` taken back.
    case unreachableUnchanged(remote: String, reason: String)
    /// `--remote <remote>` naming a local path where nothing is.
    case remoteMissing(remote: String)
    /// `--remote <remote>` in a shared root that is not a git repository.
    case notRepository(root: String, remote: String)
    /// `--remote <remote>` with a remote whose commits share nothing with this root's.
    case remoteUnrelated(remote: String)
    /// A merge, rebase, cherry-pick or revert the writer started and has not finished.
    case operationInProgress(root: String)
    case detachedHead(root: String)
    /// The root lies inside a larger repository, whose top is given.
    case insideRepository(root: String, top: String)
    /// `--join` onto a root that holds something already.
    case rootNotEmpty(root: String)
    /// `--join` whose clone failed: nothing was made, and the root is as it was.
    case joinFailed(remote: String, reason: String)
    /// `--join` from a remote that holds no shared root.
    case remoteNotShared(remote: String)
    /// The remote turned the push down for a reason other than another machine's push: a hook, its
    /// rights, its disk.
    case pushRefused(remote: String, reason: String)
    /// The same, for an `--init` that was then taken back: nothing is left committed.
    case pushRefusedUnchanged(remote: String, reason: String)
    /// Other machines pushed first every time this one tried, as many times as it tries.
    case pushRaced(remote: String, attempts: Int)
    /// A git at work in the root holds one of git's lock files (`lock`, relative to the root), still,
    /// after `seconds` of waiting.
    case lockHeld(root: String, lock: String, seconds: Int)
    /// Another git step failed; its words are given.
    case gitFailed(step: String, reason: String)
}
