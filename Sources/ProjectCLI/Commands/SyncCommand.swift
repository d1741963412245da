import Foundation
import ProjectStore
import ProjectStoreFile

/// `project sync [--init [<remote>] | --join <remote> | --remote <remote> | --name <name>] [--json]`:
/// the list and the folders on every computer, through git or a folder-sync tool (docs/sync.md).
enum SyncCommand: Command {
    static let initialize = OptionSpec.flag("init", help: "sync.option.init")
    static let join = OptionSpec.value("join", valueName: "placeholder.remote", help: "sync.option.join")
    static let remote = OptionSpec.value("remote", valueName: "placeholder.remote", help: "sync.option.remote")
    static let name = OptionSpec.value("name", valueName: "placeholder.machine", help: "sync.option.name")
    static let json = OptionSpec.flag("json", help: "sync.option.json")

    static let spec = CommandSpec(
        name: "sync", summary: "sync.summary", discussion: "sync.discussion",
        arguments: [.optional("placeholder.remote", help: "sync.argument.remote")],
        options: [initialize, join, remote, name, json],
        examples: "sync.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        try invocation.requireAtMostOne(of: [initialize, join, remote, name])
        if let remote = invocation.argument(0), !invocation.isSet(initialize) {
            throw UsageError.extraArgument(remote, command: spec.name)
        }
        if let newName = invocation.value(name) {
            let trimmed = newName.trimmingCharacters(in: .whitespaces)
            guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw invocation.badValue(name, expected: .machineName)
            }
            let machine = try MachineFile.rename(to: trimmed.isEmpty ? nil : trimmed, environment: context.environment)
            return context.say("sync.named", ["name": machine.name])
        }
        let report = SyncReport(context: context, json: invocation.isSet(json))
        let store = try context.store
        let home = context.environment["HOME"]
        if invocation.isSet(initialize) {
            if let remote = invocation.argument(0) {
                try shareThroughGit(store, remote: GitSync.absoluteRemote(remote, home: home), report: report, context: context)
            } else {
                let catalog = try store.share()
                guard let root = store.sharedRoot(of: catalog) else { throw ProjectStoreError.noRoot }
                report.shared(root: root, catalog: catalog, remote: nil, outcome: nil)
            }
        } else if let remote = invocation.value(join) {
            try joinRoot(store, remote: GitSync.absoluteRemote(remote, home: home), report: report, context: context)
        } else if let remote = invocation.value(remote) {
            try syncNow(store, report: report, context: context, changingRemoteTo: GitSync.absoluteRemote(remote, home: home))
        } else {
            try syncNow(store, report: report, context: context)
        }
    }

    /// `--init <remote>`: the root shared, made a repository and pushed, all or nothing: every
    /// refusal comes before anything changes, and a failure after takes back what this `--init` made
    /// (the `.git`, the remote, the `.project/` and the store's sharing), so that the root is as it
    /// was and `--join` or another `--init` can follow.
    private static func shareThroughGit(_ store: ProjectStore, remote: String, report: SyncReport, context: CommandContext) throws {
        guard let root = store.root(of: try store.catalog())?.path else { throw ProjectStoreError.noRoot }
        let sync = try gitSync(root: root, context: context)
        try sync.checkInitialize(remote: remote)
        let rootWasThere = access(root, F_OK) == 0
        let wasShared = store.isSharedRoot(root)
        var made = GitSync.Made()
        do {
            let catalog = try store.share()
            let outcome = try sync.initialize(remote: remote, subject: context.localizer.text("sync.commit.shared", ["machine": sync.machine]), made: &made)
            report.shared(root: root, catalog: catalog, remote: remote, outcome: outcome)
        } catch {
            sync.takeBack(made)
            if !wasShared { try? store.unshare() }
            if !rootWasThere { rmdir(root) }
            // Taken back, nothing is kept here for a later sync to send: said so.
            switch error {
            case SyncError.unreachable(let remote, let reason): throw SyncError.unreachableUnchanged(remote: remote, reason: reason)
            case SyncError.pushRefused(let remote, let reason): throw SyncError.pushRefusedUnchanged(remote: remote, reason: reason)
            default: throw error
            }
        }
    }

    /// `--join`: the remote cloned into the root, this machine's projects merged in, and pushed.
    private static func joinRoot(_ store: ProjectStore, remote: String, report: SyncReport, context: CommandContext) throws {
        let before = try store.catalog()
        guard let root = store.root(of: before)?.path else { throw ProjectStoreError.noRoot }
        let sync = try gitSync(root: root, context: context)
        try sync.clone(remote) { store.isSharedRoot($0) }
        let arrivals = try store.takeIn()
        let outcome = try sync.sync(subject: context.localizer.text("sync.commit.joined", ["machine": sync.machine]))
        report.joined(root: root, catalog: try store.catalog(), broughtIn: before.projects.count, arrivals: arrivals, outcome: outcome)
    }

    /// `sync`: with git, commit, take in, push; without, what has arrived and from whom. With
    /// `changingRemoteTo`, the git remote is changed first.
    private static func syncNow(_ store: ProjectStore, report: SyncReport, context: CommandContext, changingRemoteTo newRemote: String? = nil) throws {
        // What a folder-sync tool delivered since the last command.
        let delivered = try store.takeIn()
        let catalog = try store.catalog()
        guard let root = store.sharedRoot(of: catalog) else {
            throw SyncError.notShared(root: store.root(of: catalog)?.path ?? context.localizer.text("history.root.default"))
        }
        if let newRemote {
            let old = try gitSync(root: root, context: context).changeRemote(to: newRemote)
            report.remoteChanged(to: newRemote, from: old)
        }
        // A root a folder-sync tool carries is not a repository, and needs no git.
        guard let sync = installedGitSync(root: root, context: context), try sync.isRepository() else {
            report.status(try store.sharingStatus(), arrivals: delivered, catalog: catalog, store: store)
            return
        }
        let log = SharedRootFolder.relativeLogPath(of: MachineFile.machine(environment: context.environment).id)
        let toCommit = report.ownChanges(notIn: GitSync.committed(log, in: sync.git), root: root, catalog: catalog, store: store)
        // Counted before the merge and after it: what arrives is told from what was written.
        let merge = Date(timeIntervalSince1970: context.clock().timeIntervalSince1970.rounded(.down))
        let before = context.countBeforeMerge(store: store, merge: merge)
        let outcome = try sync.sync(subject: toCommit.subject(machine: sync.machine), ownLog: log)
        let sent = report.ownChanges(notIn: outcome.ownLogOnRemote, root: root, catalog: catalog, store: store)
        let arrived = try store.takeIn()
        context.recordArrivals(store: store, merge: merge, before: before)
        report.synced(outcome, sent: sent, arrivals: [delivered, arrived].compactMap { $0 }, catalog: try store.catalog(), store: store)
    }

    /// git in `root`, as this machine; refused, saying what to install, when git is not there.
    private static func gitSync(root: String, context: CommandContext) throws -> GitSync {
        guard let sync = installedGitSync(root: root, context: context) else { throw SyncError.gitMissing }
        return sync
    }

    /// git in `root`, as this machine, or `nil` when git is not installed.
    private static func installedGitSync(root: String, context: CommandContext) -> GitSync? {
        guard let git = Git(root: root, environment: context.environment, interactive: context.terminal.inputIsInteractive) else {
            return nil
        }
        let machine = MachineFile.machine(environment: context.environment)
        let dates = context.dateText
        return GitSync(git: git, machine: machine.name) { who, when in
            context.localizer.text("sync.conflict-copy", ["machine": who, "date": dates.fileStamp(when)])
        }
    }
}
