#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore
import ProjectStoreFile

/// A shared root kept in git: committed, merged with what other machines pushed, and pushed, never
/// by force and never rewriting a commit. A file two machines changed is kept twice, the other
/// machine's version as a conflict copy beside it; the machines' logs in `.project/` never conflict,
/// since each is written by one machine only. Whatever happens, no merge is left in progress.
struct GitSync {
    let git: Git
    /// This machine's name, for commit messages and the `Machine:` trailer other machines read.
    let machine: String
    /// The label of a conflict copy of a file made on `machine` at a time.
    let copyLabel: (_ machine: String, _ time: Date) -> String

    /// What a sync did.
    struct Outcome {
        var committed = false
        /// Files other machines changed, relative to the root, `.project/` left out.
        var arrivedFiles: [String] = []
        /// Files changed on both sides: each kept, and the other machine's version beside it.
        var conflicts: [(path: String, copy: String)] = []
        /// Files of this machine's that another machine's merge kept twice: its version of `path` is
        /// now `copy`, and `path` holds the version of `keptBy`.
        var ownVersionsMoved: [(path: String, copy: String, keptBy: String)] = []
        /// The remote holds every commit of this root's: pushed now, or before.
        var pushed = false
        /// This push carried commits made on this machine (by this sync or an earlier one that could
        /// not push), not only the merge of what came in.
        var sentOwnChanges = false
        /// This machine's log as the remote held it before this sync pushed: its changes that are not
        /// in it are what this sync sent. Compared by change, never by length: a home copied whole
        /// gives two machines one log, and the merge of its two versions may order their lines either way.
        var ownLogOnRemote: [UInt8] = []
        /// git's lock files a killed git left, taken away before anything else, relative to the root.
        var removedLocks: [String] = []
        /// Kept texts, relative to the root, that fail their hash and were left out of the commit, so
        /// that the good copy other machines hold is never overwritten.
        var withheldTexts: [(path: String, problem: KeptTextProblem)] = []
    }

    /// The remote every machine exchanges through.
    static let remoteName = "origin"

    // MARK: Facts about the repository

    /// Whether the root is the top of a git repository; a root inside a larger one is refused.
    func isRepository() throws(SyncError) -> Bool {
        let top = git.run(["rev-parse", "--show-toplevel"])
        guard top.succeeded else { return false }
        let found = top.output.trimmingCharacters(in: .newlines)
        guard Self.samePlace(found, git.root) else { throw .insideRepository(root: git.root, top: found) }
        return true
    }

    private static func samePlace(_ lhs: String, _ rhs: String) -> Bool {
        var left = stat()
        var right = stat()
        guard stat(lhs, &left) == 0, stat(rhs, &right) == 0 else { return lhs == rhs }
        return left.st_dev == right.st_dev && left.st_ino == right.st_ino
    }

    func remoteURL() -> String? {
        let found = git.run(["remote", "get-url", Self.remoteName])
        return found.succeeded ? found.output.trimmingCharacters(in: .newlines) : nil
    }

    /// The bytes of `path` (relative to the root) in the commit `at` names; none when it is not there.
    static func committed(_ path: String, at commit: String = "HEAD", in git: Git) -> [UInt8] {
        let shown = git.run(["cat-file", "blob", "\(commit):\(path)"])
        return shown.succeeded ? Array(shown.output.utf8) : []
    }

    private func gitFolder() throws(SyncError) -> String {
        let found = git.run(["rev-parse", "--absolute-git-dir"])
        guard found.succeeded else { throw .gitFailed(step: "rev-parse", reason: found.complaint) }
        return found.output.trimmingCharacters(in: .newlines)
    }

    /// The marker of a merge this tool started, in the git folder: a sync killed part way leaves it
    /// with the merge, and the next sync takes that merge back rather than call it the writer's.
    private static let markerName = "project-sync-merge"

    // MARK: Starting

    /// What `sync --init <remote>` made, so that an `--init` that fails takes it all back.
    struct Made {
        /// The root's `.git`, when the root was not a repository.
        var repository = false
        /// `origin`, added to a repository that had none.
        var remote = false
        /// A bare repository made where the remote's path led nowhere.
        var bareRemote: String?
        /// The root was a repository of its own before: what `HEAD` named then, `nil` for a branch
        /// with no commit yet.
        var repositoryWasThere = false
        var headBefore: String?
        /// The `.gitkeep` files it put in empty folders.
        var keepFiles: [String] = []
    }

    /// Every refusal of `sync --init <remote>`, before anything changes: a root inside another
    /// repository, a repository that syncs with another remote, a remote out of reach or holding
    /// commits this root never had.
    func checkInitialize(remote: String) throws(SyncError) {
        let rootExists = access(git.root, F_OK) == 0
        let repository = rootExists ? try isRepository() : false
        if repository, let existing = remoteURL(), existing != remote { throw .otherRemote(root: git.root, existing: existing) }
        if Self.isLocalPath(remote), access(remote, F_OK) != 0 { return }
        let heads = git.run(["ls-remote", "--heads", remote], in: rootExists ? git.root : "/")
        guard heads.succeeded else { throw .unreachableUnchanged(remote: remote, reason: heads.complaint) }
        // A remote holding branches is refused, unless they are this root's own, pushed before.
        let ours = repository ? git.run(["for-each-ref", "--format=%(refname)", "refs/remotes/\(Self.remoteName)/"]).lines : []
        if !heads.lines.isEmpty, ours.isEmpty { throw .remoteNotEmpty(remote: remote) }
    }

    /// `sync --init <remote>`, once `checkInitialize` has passed and the root is shared: the root made
    /// a repository if it is not one, `remote` added as `origin` (a local path that does not exist is
    /// made a bare repository); then everything committed and pushed. `made` says what was made.
    func initialize(remote: String, subject: String, made: inout Made) throws(SyncError) -> Outcome {
        if try isRepository() {
            made.repositoryWasThere = true
            made.headBefore = revision("HEAD")
        } else {
            let created = git.run(["init", "-q"])
            guard created.succeeded else { throw .gitFailed(step: "init", reason: created.complaint) }
            made.repository = true
        }
        if remoteURL() == nil {
            if Self.isLocalPath(remote), access(remote, F_OK) != 0 {
                let created = git.run(["init", "-q", "--bare", remote])
                guard created.succeeded else { throw .gitFailed(step: "init --bare", reason: created.complaint) }
                made.bareRemote = remote
            }
            let added = git.run(["remote", "add", Self.remoteName, remote])
            guard added.succeeded else { throw .gitFailed(step: "remote add", reason: added.complaint) }
            made.remote = true
        }
        made.keepFiles = keepEmptyFolders(in: git.root)
        return try sync(subject: subject)
    }

    /// Takes back what a failed `--init` made, and only that: the `.git` and the bare remote it made
    /// whole; in a repository that was there, the remote it added and the commit it made (the files
    /// stay as they are).
    func takeBack(_ made: Made) {
        for file in made.keepFiles { unlink(file) }
        if let bare = made.bareRemote { try? FileManager.default.removeItem(atPath: bare) }
        if made.repository {
            try? FileManager.default.removeItem(atPath: git.root + "/.git")
            return
        }
        guard made.repositoryWasThere else { return }
        if made.remote { git.run(["remote", "remove", Self.remoteName]) }
        let head = revision("HEAD")
        if let before = made.headBefore, head != before {
            git.run(["reset", "-q", before])
        } else if made.headBefore == nil, head != nil {
            // The branch had no commit: it has none again, and nothing is staged.
            git.run(["update-ref", "-d", "HEAD"])
            git.run(["read-tree", "--empty"])
        }
    }

    /// `sync --remote <remote>`: the remote this repository syncs with changed (a mistyped one, a
    /// disk mounted elsewhere, a moved server), only once `remote` is found reachable and holding
    /// nothing or this root's own history. A local path that does not exist is refused, not made:
    /// `--remote` is how a mistyped remote is put right, and a second mistake must not become a
    /// repository that syncs with nobody. Returns the remote it had, `nil` for none.
    func changeRemote(to remote: String) throws(SyncError) -> String? {
        guard try isRepository() else { throw .notRepository(root: git.root, remote: remote) }
        let old = remoteURL()
        if Self.isLocalPath(remote), access(remote, F_OK) != 0 { throw .remoteMissing(remote: remote) }
        try refuseUnrelated(remote)
        let set = git.run(old == nil ? ["remote", "add", Self.remoteName, remote] : ["remote", "set-url", Self.remoteName, remote])
        guard set.succeeded else { throw .gitFailed(step: "remote", reason: set.complaint) }
        // What was fetched from the old remote says nothing of the new one: an empty new remote must
        // be sent everything.
        for reference in git.run(["for-each-ref", "--format=%(refname)", "refs/remotes/\(Self.remoteName)/"]).lines {
            git.run(["update-ref", "-d", reference])
        }
        return old
    }

    /// Refuses a remote out of reach, or holding branches that share no commit with this root's.
    private func refuseUnrelated(_ remote: String) throws(SyncError) {
        let heads = git.run(["ls-remote", "--heads", remote])
        guard heads.succeeded else { throw .unreachableUnchanged(remote: remote, reason: heads.complaint) }
        guard !heads.lines.isEmpty, let head = revision("HEAD") else { return }
        // Its branches fetched under a name of this check's own, looked at, and let go.
        let looked = "refs/project-sync-remote-check/"
        defer {
            for reference in git.run(["for-each-ref", "--format=%(refname)", looked]).lines { git.run(["update-ref", "-d", reference]) }
        }
        let fetched = git.run(["fetch", "-q", "--no-tags", remote, "+refs/heads/*:\(looked)*"])
        guard fetched.succeeded else { throw .unreachableUnchanged(remote: remote, reason: fetched.complaint) }
        let related = git.run(["for-each-ref", "--format=%(objectname)", looked]).lines.contains {
            git.run(["merge-base", head, $0]).succeeded
        }
        guard related else { throw .remoteUnrelated(remote: remote) }
    }

    private static func isLocalPath(_ remote: String) -> Bool {
        remote.hasPrefix("/") || remote.hasPrefix("./") || remote.hasPrefix("../") || remote.hasPrefix("~") || !remote.contains(":")
    }

    /// A remote as git is to find it from the root: a relative path is taken from where the writer
    /// typed it, `~` as their home.
    static func absoluteRemote(_ remote: String, home: String?) -> String {
        guard isLocalPath(remote), !remote.hasPrefix("/") else { return remote }
        if remote == "~" || remote.hasPrefix("~/"), let home { return home + remote.dropFirst() }
        return ((FileManager.default.currentDirectoryPath + "/" + remote) as NSString).standardizingPath
    }

    /// `sync --join <remote>`: the remote cloned into the root, which must be missing or empty. The
    /// clone is made beside the root and moved into place only if `isShared` finds a shared root in it:
    /// a remote of something else leaves nothing behind, and the root can be joined to another.
    func clone(_ remote: String, isShared: (String) -> Bool) throws(SyncError) {
        let root = git.root
        if let names = try? FileManager.default.contentsOfDirectory(atPath: root), !names.isEmpty {
            throw .rootNotEmpty(root: root)
        }
        let parent = (root as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        // A folder of its own, new, so that nothing but this clone is ever taken away from it.
        var template = Array((parent + "/." + (root as NSString).lastPathComponent + ".joining-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw .joinFailed(remote: remote, reason: String(cString: strerror(errno))) }
        let staging = String(cString: made)
        let cloned = git.run(["clone", "-q", "--origin", Self.remoteName, remote, staging], in: parent)
        guard cloned.succeeded else {
            try? FileManager.default.removeItem(atPath: staging)
            let reason = cloned.complaint
            if reason.contains("not found") || reason.contains("does not appear") || reason.contains("does not exist") || reason.contains("Could not read")
                || reason.contains("unable to access") {
                throw .unreachableUnchanged(remote: remote, reason: reason)
            }
            throw .joinFailed(remote: remote, reason: reason)
        }
        guard isShared(staging) else {
            try? FileManager.default.removeItem(atPath: staging)
            throw .remoteNotShared(remote: remote)
        }
        let tracked = git.run(["ls-files", "-z"], in: staging)
        ArrivedTexts.makeReadOnly(tracked.output.split(separator: "\0").map(String.init), in: staging)
        // `mkdtemp` made it for the owner alone; the root gets the mode any new folder would.
        let mask = umask(0)
        umask(mask)
        chmod(staging, 0o777 & ~mask)
        // An empty root makes way; `rmdir` takes away nothing else.
        rmdir(root)
        guard rename(staging, root) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            throw .joinFailed(remote: remote, reason: reason)
        }
    }

    // MARK: Syncing

    /// Commits the root's changes (`subject` says what they were), takes in what other machines
    /// pushed, and pushes. A push that loses a race with another machine's (whatever git's words for
    /// it) is tried again after taking that machine's changes in.
    /// `ownLog`, this machine's log relative to the root: what of it the remote held is noted
    /// (`Outcome.ownLogOnRemote`).
    func sync(subject: String, ownLog: String? = nil) throws(SyncError) -> Outcome {
        let folder = try gitFolder()
        var outcome = Outcome()
        outcome.removedLocks = try GitLocks(root: git.root, gitFolder: folder).recover()
        finishOwnInterruptedMerge(in: folder)
        try refuseWritersOperation(in: folder)
        Self.mergeLogsLineByLine(in: folder)
        let branchLookup = git.run(["symbolic-ref", "--short", "-q", "HEAD"])
        guard branchLookup.succeeded else { throw .detachedHead(root: git.root) }
        let branch = branchLookup.output.trimmingCharacters(in: .newlines)
        guard let remote = remoteURL() else { throw .noRemote(root: git.root) }
        outcome.committed = try commitEverything(subject: subject, withheld: &outcome.withheldTexts)
        let upstream = "refs/remotes/\(Self.remoteName)/\(branch)"
        var lost: (remoteBefore: String?, push: Git.Run)?
        for attempt in 1...Self.pushAttempts {
            let fetched = git.run(["fetch", "-q", Self.remoteName])
            guard fetched.succeeded else { throw .unreachable(remote: remote, reason: fetched.complaint) }
            let remoteNow = revision(upstream)
            if attempt == 1, let ownLog, remoteNow != nil {
                outcome.ownLogOnRemote = Self.committed(ownLog, at: upstream, in: git)
            }
            if let lost {
                // The remote moved since the push was tried, or git said another push held it: a
                // race lost, not a refusal.
                guard lost.remoteBefore != remoteNow || Self.lostRace(lost.push) else {
                    throw .pushRefused(remote: remote, reason: Self.refusal(lost.push))
                }
                // Machines that raced once are likely to race again at once: each waits a while of its own.
                usleep(useconds_t.random(in: 0...UInt32(min(attempt, 10)) * 50_000))
            }
            if remoteNow != nil {
                try merge(upstream, marker: folder + "/" + Self.markerName, into: &outcome)
            }
            // Nothing of ours the remote lacks: nothing to push, and the upstream was set by the push
            // that sent it.
            if remoteNow != nil, git.run(["merge-base", "--is-ancestor", "HEAD", upstream]).succeeded {
                outcome.pushed = true
                return outcome
            }
            let ownCommits = git.run(["rev-list", "--count", "--no-merges", "HEAD"] + (remoteNow.map { ["^" + $0] } ?? []))
            let pushed = git.run(["push", "-q", Self.remoteName, "HEAD:refs/heads/\(branch)"])
            if pushed.succeeded {
                outcome.pushed = true
                outcome.sentOwnChanges = (Int(ownCommits.output.trimmingCharacters(in: .newlines)) ?? 0) > 0
                git.run(["branch", "-q", "--set-upstream-to=\(Self.remoteName)/\(branch)"])
                return outcome
            }
            lost = (remoteNow, pushed)
        }
        throw .pushRaced(remote: remote, attempts: Self.pushAttempts)
    }

    /// How many times a push is tried while other machines keep pushing first.
    static let pushAttempts = 30

    /// git's words for a push that lost to another machine's: the remote moved on (`[rejected]`,
    /// `fetch first`, `non-fast-forward`), or another push held or changed the ref while this one
    /// tried to update it (`[remote rejected] … (failed to update ref)`, `cannot lock ref`,
    /// `incorrect old value`).
    private static func lostRace(_ push: Git.Run) -> Bool {
        ["[rejected]", "fetch first", "non-fast-forward", "failed to update ref", "cannot lock ref",
         "incorrect old value", "stale info", "failed to lock"].contains { push.errors.contains($0) }
    }

    /// What the remote said of a push it turned down: its line for the branch (`! [remote rejected]
    /// HEAD -> master (pre-receive hook declined)`) rather than git's closing "failed to push some refs".
    private static func refusal(_ push: Git.Run) -> String {
        let lines = push.errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.first { $0.hasPrefix("! [") } ?? push.complaint
    }

    /// The commit `reference` names, `nil` when there is none.
    private func revision(_ reference: String) -> String? {
        let found = git.run(["rev-parse", "--verify", "-q", reference])
        return found.succeeded ? found.output.trimmingCharacters(in: .newlines) : nil
    }

    /// Adds every file of the root, empty folders kept with a `.gitkeep` (git carries files only),
    /// and commits them; `false` when there was nothing to commit.
    /// A kept text that fails its hash is left out (`withheld`), unstaged as it was.
    private func commitEverything(subject: String, withheld: inout [(path: String, problem: KeptTextProblem)]) throws(SyncError) -> Bool {
        keepEmptyFolders(in: git.root)
        let added = git.run(["add", "-A"])
        guard added.succeeded else { throw .gitFailed(step: "add", reason: added.complaint) }
        withheld = try withholdFailingTexts()
        guard !git.run(["diff", "--cached", "--quiet"]).succeeded else { return false }
        let committed = git.run(identity + ["commit", "-q", "-m", subject, "-m", "Machine: \(machine)"])
        guard committed.succeeded else { throw .gitFailed(step: "commit", reason: committed.complaint) }
        return true
    }

    /// Takes out of the index each kept text staged as new or changed that is not the text its name
    /// is the hash of (or is a link, a pipe, a file too large): the commit carries the rest. A new one
    /// is left untracked, a changed one as the last commit had it.
    private func withholdFailingTexts() throws(SyncError) -> [(path: String, problem: KeptTextProblem)] {
        let staged = git.run(["diff", "--cached", "--name-status", "-z", "--no-renames", "--diff-filter=AMT"])
        guard staged.succeeded else { throw .gitFailed(step: "diff", reason: staged.complaint) }
        let fields = staged.output.split(separator: "\0").map(String.init)
        var withheld: [(path: String, problem: KeptTextProblem)] = []
        for index in stride(from: 0, to: fields.count - 1, by: 2) {
            let (status, path) = (fields[index], fields[index + 1])
            guard ArrivedTexts.isKeptText(path), let problem = DiskVersionFolder.problem(ofTextAt: git.root + "/" + path) else { continue }
            let undone = git.run(status == "A" ? ["rm", "-q", "--cached", "--", path] : ["reset", "-q", "--", path])
            guard undone.succeeded else { throw .gitFailed(step: "reset", reason: undone.complaint) }
            withheld.append((path, problem))
        }
        return withheld
    }

    /// Who commits, when git has not been told: this machine.
    private var identity: [String] {
        guard !git.run(["config", "user.email"]).succeeded else { return [] }
        let name = machine.isEmpty ? "project" : machine
        return ["-c", "user.name=\(name)", "-c", "user.email=project@\(FolderName.safe(name).replacingOccurrences(of: " ", with: "-"))"]
    }

    /// A `.gitkeep` in each empty folder under `folder`, `.git` aside; returns the ones made.
    @discardableResult
    private func keepEmptyFolders(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        if names.isEmpty, folder != git.root {
            return FileManager.default.createFile(atPath: folder + "/.gitkeep", contents: Data()) ? [folder + "/.gitkeep"] : []
        }
        var made: [String] = []
        for name in names where name != ".git" {
            let path = folder + "/" + name
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { made += keepEmptyFolders(in: path) }
        }
        return made
    }

    /// Merges `upstream`; files changed on both sides are resolved by keeping both.
    private func merge(_ upstream: String, marker: String, into outcome: inout Outcome) throws(SyncError) {
        guard !git.run(["merge-base", "--is-ancestor", upstream, "HEAD"]).succeeded else { return }
        let before = git.run(["rev-parse", "HEAD"])
        FileManager.default.createFile(atPath: marker, contents: Data())
        defer { unlink(marker) }
        let merged = git.run(identity + ["merge", "-q", "--no-edit", "-m", "\(machine): took in the other machines' changes", upstream])
        if !merged.succeeded {
            let unmerged = unmergedPaths()
            guard !unmerged.isEmpty else {
                abortMerge()
                throw .gitFailed(step: "merge", reason: merged.complaint)
            }
            do throws(SyncError) {
                var trailers: [String] = []
                for (path, stages) in unmerged { try resolve(path, stages: stages, into: &outcome, trailers: &trailers) }
                // The machine whose version became a copy reads these when it takes this merge in.
                let concluded = git.run(
                    identity + ["commit", "-q", "-m", "\(machine): took in the other machines' changes"]
                        + (trailers.isEmpty ? [] : ["-m", trailers.joined(separator: "\n")]))
                guard concluded.succeeded else { throw .gitFailed(step: "commit", reason: concluded.complaint) }
            } catch {
                abortMerge()
                throw error
            }
        }
        if before.succeeded {
            outcome.ownVersionsMoved += ownVersionsMoved(since: before.output.trimmingCharacters(in: .newlines))
            let changed = git.run(["diff", "--name-only", "-z", before.output.trimmingCharacters(in: .newlines), "HEAD"])
            let arrived = changed.output.split(separator: "\0").map(String.init)
            ArrivedTexts.makeReadOnly(arrived, in: git.root)
            outcome.arrivedFiles += arrived.filter { !$0.hasPrefix(".project/") && !$0.hasSuffix("/.gitkeep") }
        }
    }

    /// The trailer a merge that kept a file twice carries, `Conflict-Copy: <machine whose version is
    /// the copy> <machine whose version stays> <path> <copy>`, each percent-encoded.
    static let conflictTrailerKey = "Conflict-Copy"

    static func conflictTrailer(path: String, copy: String, copiedFrom: String, keptBy: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~/"))
        let fields = [copiedFrom, keptBy, path, copy].map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return conflictTrailerKey + ": " + fields.joined(separator: " ")
    }

    /// The files of this machine's that merges made on other machines, taken in since `before`, kept
    /// as conflict copies: this machine's text is in the copy now.
    private func ownVersionsMoved(since before: String) -> [(path: String, copy: String, keptBy: String)] {
        let found = git.run(["log", "--merges", "--format=%(trailers:key=\(Self.conflictTrailerKey),valueonly)", "\(before)..HEAD"])
        return found.lines.compactMap { line in
            let fields = line.split(separator: " ").map { String($0).removingPercentEncoding ?? String($0) }
            guard fields.count == 4, fields[0] == machine, fields[1] != machine else { return nil }
            return (fields[2], fields[3], fields[1])
        }
    }

    private func abortMerge() {
        git.run(["merge", "--abort"])
    }

    /// The paths a merge left unmerged, with the stages present: 2 ours, 3 theirs.
    private func unmergedPaths() -> [(String, Set<Int>)] {
        var stages: [String: Set<Int>] = [:]
        var order: [String] = []
        for record in git.run(["ls-files", "-u", "-z"]).output.split(separator: "\0") {
            // "<mode> <object> <stage>\t<path>"
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            let path = String(record[record.index(after: tab)...])
            guard fields.count == 3, let stage = Int(fields[2]) else { continue }
            if stages[path] == nil { order.append(path) }
            stages[path, default: []].insert(stage)
        }
        return order.map { ($0, stages[$0]!) }
    }

    /// Both sides kept: this machine's version where it was, the other's as a conflict copy beside
    /// it. A file one side deleted and the other changed is kept as changed.
    private func resolve(_ path: String, stages: Set<Int>, into outcome: inout Outcome, trailers: inout [String]) throws(SyncError) {
        func step(_ arguments: [String]) throws(SyncError) {
            let done = git.run(arguments)
            guard done.succeeded else { throw .gitFailed(step: arguments.first ?? "git", reason: done.complaint) }
        }
        switch (stages.contains(2), stages.contains(3)) {
        case (true, true):
            guard let theirs = git.contents(":3:\(path)") else { throw .gitFailed(step: "cat-file", reason: path) }
            let (who, when) = author(of: path)
            let copy = ConflictCopy.path(for: path, label: copyLabel(who, when)) { access(git.root + "/" + $0, F_OK) == 0 }
            guard FileManager.default.createFile(atPath: git.root + "/" + copy, contents: theirs) else {
                throw .gitFailed(step: "write", reason: copy)
            }
            try step(["checkout", "--ours", "--", path])
            try step(["add", "--", path, copy])
            outcome.conflicts.append((path, copy))
            trailers.append(Self.conflictTrailer(path: path, copy: copy, copiedFrom: who, keptBy: machine))
        case (false, true):
            try step(["checkout", "--theirs", "--", path])
            try step(["add", "--", path])
        case (true, false):
            try step(["checkout", "--ours", "--", path])
            try step(["add", "--", path])
        case (false, false):
            // Gone on both sides (renamed away on each, say): the versions live on where each put them.
            try step(["rm", "-q", "--cached", "--ignore-unmatch", "--", path])
        }
    }

    /// The machine that made the other side's version of `path`, and when: from the `Machine:`
    /// trailer our commits carry, else the commit's author.
    private func author(of path: String) -> (String, Date) {
        let found = git.run(["log", "-1", "--format=%(trailers:key=Machine,valueonly,separator=%x2C)%x00%an%x00%ct", "MERGE_HEAD", "--", path])
        let fields = found.output.trimmingCharacters(in: .newlines).split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3 else { return ("?", Date()) }
        let name = fields[0].trimmingCharacters(in: .whitespacesAndNewlines)
        return (name.isEmpty ? fields[1] : name, Date(timeIntervalSince1970: TimeInterval(fields[2]) ?? 0))
    }

    /// What git is told of the machines' logs, in the repository's own attributes (never a file of
    /// the writer's): two versions of a log are merged by keeping the lines of both. The progress
    /// files too (each line a record, every count of both kept): a home copied whole writes them
    /// under one id from its first `add`.
    static let logAttributes = [
        "/.project/machines/*.log merge=union", "/.project/progress/*.log merge=union", "/.project/progress/*.latest merge=union",
    ]

    /// A log has one writer, so its versions never conflict, but two machines that go by one id (a
    /// home copied whole) write one log: git keeps both machines' lines, and the machine that finds
    /// lines it did not write takes a new id (docs/sync.md). No change is lost to a conflict copy.
    static func mergeLogsLineByLine(in folder: String) {
        let path = folder + "/info/attributes"
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = Set(existing.split(separator: "\n").map(String.init))
        let missing = logAttributes.filter { !lines.contains($0) }
        guard !missing.isEmpty else { return }
        mkdir(folder + "/info", 0o755)
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        try? (existing + separator + missing.map { $0 + "\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A merge this tool started and a kill interrupted is taken back, so the root is as before it.
    private func finishOwnInterruptedMerge(in folder: String) {
        let marker = folder + "/" + Self.markerName
        guard access(marker, F_OK) == 0 else { return }
        if access(folder + "/MERGE_HEAD", F_OK) == 0 { abortMerge() }
        unlink(marker)
    }

    /// A merge, rebase, cherry-pick or revert the writer started is theirs to finish.
    private func refuseWritersOperation(in folder: String) throws(SyncError) {
        for name in ["MERGE_HEAD", "rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD", "REVERT_HEAD"]
        where access(folder + "/" + name, F_OK) == 0 {
            throw .operationInProgress(root: git.root)
        }
    }
}
