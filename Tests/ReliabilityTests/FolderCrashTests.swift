import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a change that touches the disk and the store (add, rename, delete, `edit
    /// --new-folder`) killed at any moment leaves, as the next command sees it, the old state or the
    /// new one: every recorded folder where the store says, none shared, none left without a project
    /// (but the trash), and every file of the writer's in its project's folder or in the trash.
    @Suite struct FolderCrashes {
        static let kills = 480
        /// The kills stop earlier when this many seconds have passed, so a slow machine stays bounded,
        /// but not before this many landed before the command ended, with this many of those leaving an
        /// intent pending (what the test proves is counted in those), unless twice as long has passed.
        static let budget = 50.0
        static let minimumLanded = 60
        static let minimumPending = 20

        @Test(.timeLimit(.minutes(3)))
        func sigkillDuringFolderChangesLeavesTheOldOrTheNewPair() throws {
            try withTemporaryFolder { folder in
                var world = FolderWorld(store: folder + "/projects.json", root: folder + "/root")
                var tool = try Tool(store: world.store).rooted(at: world.root)
                // Poetry comes from a template of the writer's: files to copy, so a killed add leaves
                // more than empty folders to take back (to the trash, never deleted).
                let templates = folder + "/config/project/templates"
                try makePoetryTemplate(at: templates + "/poetry")
                tool.environment["XDG_CONFIG_HOME"] = folder + "/config"
                let template = folderTree(templates + "/poetry")
                var random = SeededGenerator(seed: runSeed)
                var markerNumber = 0

                // Novels with the writer's files in them, so renames and deletes have something to lose;
                // their times tell how long a folder change takes here.
                var recent: [Double] = []
                for number in 1...6 {
                    recent.append(try tool.expect(0, ["add", Argument("Seed \(number)"), "-t", "novel"]).seconds)
                    let bytes = try #require(fileBytes(world.store))
                    let project = try #require(try StoredDocument(bytes).projects.last)
                    markerNumber += 1
                    try world.putMarker(in: project, sub: "Chapters", number: markerNumber)
                }
                var typical: Double { recent.sorted()[recent.count / 2] }
                var current = try #require(world.check("after seeding"))

                var tally: [String: [String: Int]] = [:]
                var pendingAtKill = 0
                // A kill while the intent is being written leaves its temporary copy, harmless (it is
                // never read) and replaced by the next intent, as a store's `.tmp` is; counted only.
                var staleIntentCopies = 0
                var recoveriesKilled = 0
                var iteration = 0
                var landed = 0
                let started = ContinuousClock.now
                while iteration < Self.kills && (ContinuousClock.now - started).seconds < Self.budget * 2
                    && ((ContinuousClock.now - started).seconds < Self.budget || landed < Self.minimumLanded || pendingAtKill < Self.minimumPending) {
                    iteration += 1
                    let step = try FolderStep.choose(current, iteration: iteration, tool: tool, using: &random)
                    let before = try #require(world.check("before kill \(iteration)"))
                    let context = "kill \(iteration) (\(step), seed \(runSeed))"

                    let temporaryBefore = statSignature(world.store + ".tmp")
                    let process = try tool.start(step.arguments)
                    // A third of the kills at a random moment of the command's life; a third once its
                    // intent is recorded (watched for), when disk and store differ; a third once it
                    // starts writing the new store, around the commit point, before the intent goes.
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        usleep(UInt32(Double.random(in: 0..<(typical * 1.2), using: &random) * 1_000_000))
                    case 1:
                        while process.elapsed < typical * 3 && access(world.store + ".intent", F_OK) != 0 { usleep(50) }
                        usleep(UInt32.random(in: 0..<2_000, using: &random))
                    default:
                        while process.elapsed < typical * 3 && statSignature(world.store + ".tmp") == temporaryBefore { usleep(50) }
                        usleep(UInt32.random(in: 0..<1_000, using: &random))
                    }
                    process.kill(SIGKILL)
                    let outcome = process.wait(timeout: 30)
                    let killed = outcome.signal == SIGKILL
                    #expect(killed || outcome.status == 0, "\(context): \(outcome)")
                    if killed { landed += 1 }
                    if access(world.store + ".intent", F_OK) == 0 {
                        pendingAtKill += 1
                        // Finishing or undoing must itself survive a kill: now and then the read that
                        // does it is killed too, and the command after it must still find the pair whole.
                        if Int.random(in: 0..<4, using: &random) == 0 {
                            let reader = try tool.start(["list", "--json"])
                            usleep(UInt32(Double.random(in: 0..<typical, using: &random) * 1_000_000))
                            reader.kill(SIGKILL)
                            _ = reader.wait(timeout: 30)
                            recoveriesKilled += 1
                        }
                    }

                    // The next command, a read, finishes or undoes what the kill left.
                    let listed = try tool.run("list", "--json")
                    #expect(listed.status == 0, "\(context): the next command failed: \(listed)")
                    guard let after = world.check(context) else { break }
                    if access(world.store + ".intent.tmp", F_OK) == 0 { staleIntentCopies += 1 }
                    let isNew = step.isDone(in: after, from: before)
                    #expect(isNew || step.isUndone(in: after, from: before), "\(context): neither the old state nor the new one")
                    if !killed { #expect(isNew, "\(context): the command reported success but its change is missing") }
                    try step.checkNewFolder(in: after, world: world, isNew: isNew, template: template, context: context)

                    let outcomeName = !killed ? "finished" : isNew ? "new" : "old"
                    tally[step.kind, default: [:]][outcomeName, default: 0] += 1
                    if !killed { recent = Array((recent + [outcome.seconds]).suffix(15)) }
                    // A project that now has a folder gets a file of the writer's too.
                    if isNew, let made = step.madeProject(in: after), made.folder != nil {
                        markerNumber += 1
                        try world.putMarker(in: made, number: markerNumber)
                    }
                    current = try #require(world.check("after kill \(iteration)"))
                }

                // After the kills, a change goes through and the pair is still whole.
                try tool.expect(0, ["add", "After the kills", "-t", "novel"])
                world.check("after the kills")
                // Hundreds on a quiet machine; fewer, but still many, when it is busy.
                #expect(landed >= Self.minimumLanded, "only \(landed) of \(iteration) kills landed before the command ended")
                #expect(pendingAtKill >= Self.minimumPending, "only \(pendingAtKill) of \(iteration) kills left an intent pending")
                let seconds = (ContinuousClock.now - started).seconds
                let summary = tally.sorted { $0.key < $1.key }.map { kind, counts in
                    "\(kind) \(counts.values.reduce(0, +)) (\(counts["old", default: 0]) old, \(counts["new", default: 0]) new, \(counts["finished", default: 0]) finished)"
                }.joined(separator: ", ")
                reportFigure("folder-crash.kills: \(iteration) folder changes SIGKILLed, \(landed) before they ended: \(summary); \(pendingAtKill) killed with an intent pending (finished or undone by the next command; \(recoveriesKilled) times the read doing it was killed too); a stale `.intent.tmp` present at \(staleIntentCopies) of the checks; \(world.markers.count) writer's files tracked, none lost; folder change \(String(format: "%.0f", typical * 1000)) ms, \(String(format: "%.1f", seconds)) s (seed \(runSeed))")
            }
        }
    }
}

/// One change with a folder step, and how to tell its new state from its old one.
struct FolderStep: CustomStringConvertible {
    enum Change {
        case add(name: String, kind: String)
        case rename(id: String, from: String, to: String)
        case delete(id: String)
        case newFolder(id: String)
    }

    let change: Change
    let arguments: [Argument]

    var description: String { arguments.map(\.description).joined(separator: " ") }

    var kind: String {
        switch change {
        case .add: "add"
        case .rename: "rename"
        case .delete: "delete"
        case .newFolder: "edit --new-folder"
        }
    }

    /// A change for the store as it is: between 4 and 16 projects, of every kind of change (adds
    /// and new folders, which add a project, as often as deletes).
    static func choose(
        _ current: StoredDocument, iteration: Int, tool: Tool, using random: inout SeededGenerator
    ) throws -> FolderStep {
        let projects = current.projects
        var roll = Int.random(in: 0..<100, using: &random)
        if projects.count < 4 { roll = 0 } else if projects.count > 16 { roll = 50 }
        switch roll {
        case 0..<20:
            let name = "Added \(iteration)"
            let kind = ["novel", "poetry", "blank", "script"].randomElement(using: &random)!
            return FolderStep(change: .add(name: name, kind: kind), arguments: ["add", Argument(name), "-t", Argument(kind)])
        case 20..<50:
            let target = projects.randomElement(using: &random)!
            let name = "Renamed \(iteration)"
            return FolderStep(change: .rename(id: target.id, from: target.name, to: name), arguments: ["rename", Argument(target.name), Argument(name)])
        case 50..<85:
            let target = projects.randomElement(using: &random)!
            return FolderStep(change: .delete(id: target.id), arguments: ["delete", Argument(target.name), "--yes"])
        default:
            // A project without a folder (as from an older store) is added, not killed; then given one.
            let name = "Late \(iteration)"
            try tool.expect(0, ["add", Argument(name), "-t", "novel", "--no-folder"])
            let id = try tool.projects().first { $0.name == name }?.id ?? ""
            return FolderStep(change: .newFolder(id: id), arguments: ["edit", Argument(name), "--new-folder"])
        }
    }

    /// Whether `after` is `before` with this change made.
    func isDone(in after: StoredDocument, from before: StoredDocument) -> Bool {
        switch change {
        case .add(let name, _):
            return after.projects.count == before.projects.count + 1 && after.projects.last?.name == name
        case .rename(let id, _, let to):
            return after.projects.first { $0.id == id }?.name == to && after.projects.count == before.projects.count
        case .delete(let id):
            return !after.projects.contains { $0.id == id } && after.projects.count == before.projects.count - 1
        case .newFolder(let id):
            return after.projects.first { $0.id == id }?.folder != nil
        }
    }

    /// Whether `after` is `before`, as far as the store goes.
    func isUndone(in after: StoredDocument, from before: StoredDocument) -> Bool {
        after == before
    }

    /// The project this change gave a new folder, once done.
    func madeProject(in after: StoredDocument) -> StoredProject? {
        switch change {
        case .add(let name, _): after.projects.first { $0.name == name }
        case .newFolder(let id): after.projects.first { $0.id == id }
        case .rename, .delete: nil
        }
    }

    /// A folder the change made is whole once the change is in the store (its kind's folders are
    /// made before the store is written), and a renamed folder follows the new name.
    func checkNewFolder(in after: StoredDocument, world: FolderWorld, isNew: Bool, template: [String], context: String) throws {
        guard isNew else { return }
        switch change {
        case .add(_, let kind) where kind == "poetry":
            let project = try #require(madeProject(in: after))
            let folder = try #require(world.path(of: project), "\(context): the new poetry project has no folder")
            #expect(folderTree(folder) == template, "\(context): \(folder) is not a whole copy of the template")
        case .add(_, let kind) where kind == "novel":
            let project = try #require(madeProject(in: after))
            let folder = try #require(world.path(of: project), "\(context): the new novel has no folder")
            #expect(Set(novelFolders).isSubset(of: folderListing(folder)), "\(context): \(folder) holds \(folderListing(folder))")
        case .newFolder:
            let project = try #require(madeProject(in: after))
            let folder = try #require(world.path(of: project))
            #expect(Set(novelFolders).isSubset(of: folderListing(folder)), "\(context): \(folder) holds \(folderListing(folder))")
        case .rename(let id, _, let to):
            let project = try #require(after.projects.first { $0.id == id })
            if let folder = project.folder, project.managed {
                #expect(folder == to || folder.hasPrefix(to + " ("), "\(context): renamed to \(to), its folder is \(folder)")
            }
        default:
            break
        }
    }
}

/// A template of the writer's for poetry: nested folders, 24 small files, a hidden one.
func makePoetryTemplate(at path: String) throws {
    try FileManager.default.createDirectory(atPath: path + "/Drafts/Old", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: path + "/Notes", withIntermediateDirectories: true)
    for number in 1...12 {
        try writeFile(path + "/Drafts/poem-\(number).txt", Array(String(repeating: "A line of verse.\n", count: 200).utf8), mode: 0o644)
        try writeFile(path + "/Drafts/Old/poem-\(number).txt", Array("An old line.\n".utf8), mode: 0o644)
    }
    try writeFile(path + "/Notes/.hidden", Array("hidden\n".utf8), mode: 0o644)
}
