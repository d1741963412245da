import Foundation
import ProjectStore
import ProjectStoreFile

/// `project sync [--init [<remote>] | --join <remote> | --name <name>] [--json]`: the list and the
/// folders on every computer, through git or a folder-sync tool (docs/sync.md).
enum SyncCommand: Command {
    static let initialize = OptionSpec.flag("init", help: "sync.option.init")
    static let join = OptionSpec.value("join", valueName: "placeholder.remote", help: "sync.option.join")
    static let name = OptionSpec.value("name", valueName: "placeholder.machine", help: "sync.option.name")
    static let json = OptionSpec.flag("json", help: "sync.option.json")

    static let spec = CommandSpec(
        name: "sync", summary: "sync.summary", discussion: "sync.discussion",
        arguments: [.optional("placeholder.remote", help: "sync.argument.remote")],
        options: [initialize, join, name, json],
        examples: "sync.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        try invocation.requireAtMostOne(of: [initialize, join, name])
        if let remote = invocation.argument(0), !invocation.isSet(initialize) {
            throw UsageError.extraArgument(remote, command: spec.name)
        }
        if let newName = invocation.value(name) {
            let trimmed = newName.trimmingCharacters(in: .whitespaces)
            let machine = try MachineFile.rename(to: trimmed.isEmpty ? nil : trimmed, environment: context.environment)
            return context.say("sync.named", ["name": machine.name])
        }
        let report = SyncReport(context: context, json: invocation.isSet(json))
        let store = try context.store
        if invocation.isSet(initialize) {
            try share(store, remote: invocation.argument(0), report: report, context: context)
        } else if let remote = invocation.value(join) {
            try joinRoot(store, remote: remote, report: report, context: context)
        } else {
            try syncNow(store, report: report, context: context)
        }
    }

    /// `--init`: the root shared, and, with a remote, made a repository and pushed.
    private static func share(_ store: ProjectStore, remote: String?, report: SyncReport, context: CommandContext) throws {
        let catalog = try store.share()
        guard let root = store.sharedRoot(of: catalog) else { throw ProjectStoreError.noRoot }
        var outcome: GitSync.Outcome?
        if let remote {
            let sync = try gitSync(root: root, context: context)
            outcome = try sync.initialize(remote: remote, subject: context.localizer.text("sync.commit.shared", ["machine": sync.machine]))
        }
        report.shared(root: root, projects: catalog.projects.count, remote: remote, outcome: outcome)
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

    /// `sync`: with git, commit, take in, push; without, what has arrived and from whom.
    private static func syncNow(_ store: ProjectStore, report: SyncReport, context: CommandContext) throws {
        // What a folder-sync tool delivered since the last command.
        let delivered = try store.takeIn()
        let catalog = try store.catalog()
        guard let root = store.sharedRoot(of: catalog) else {
            throw SyncError.notShared(root: store.root(of: catalog)?.path ?? context.localizer.text("history.root.default"))
        }
        // A root a folder-sync tool carries is not a repository, and needs no git.
        guard let sync = installedGitSync(root: root, context: context), try sync.isRepository() else {
            report.status(try store.sharingStatus(), arrivals: delivered, catalog: catalog, store: store)
            return
        }
        let outgoing = report.ownChangesSinceLastCommit(root: root, git: sync.git, catalog: catalog, store: store)
        let outcome = try sync.sync(subject: outgoing.subject(machine: sync.machine))
        let arrived = try store.takeIn()
        report.synced(outcome, outgoing: outgoing, arrivals: [delivered, arrived].compactMap { $0 }, catalog: try store.catalog(), store: store)
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
