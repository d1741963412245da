import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise, seen from outside: with POSIX calls failing at random (libfiu's `fiu-run`, which
    /// makes `open`, `read`, `write`, `fsync`, `rename`, `readdir`… fail with one of the errors each
    /// may return), every changing command ends with a status of its own, never a crash; as the
    /// next command sees it without faults, its change is made whole or not at all, and whole when
    /// it said it succeeded; no file of the writer's is lost; and no change leaves the history.
    @Suite struct FaultInjection {
        static let runs = 600
        /// The runs stop earlier when this many seconds have passed, to keep CI's share bounded, but
        /// not before this many commands met a fault (what the test proves is counted in those),
        /// unless twice as long has passed. About one command in seven meets one.
        static let budget = 75.0
        static let minimumFaulted = 10
        /// Below this many failure points that made a command fail, the faults did not reach the tool's calls.
        static let minimumPointsHit = 3

        /// libfiu 1.1's points for the calls the tool makes on files and folders; those it lacks
        /// (mkdir, rmdir, renameat2, link, symlink, flock), added by a preload of the test's own,
        /// `Tests/FaultInjection/more-failure-points.c`; and all of them at once.
        static let points = [
            "posix/io/oc/open", "posix/io/oc/close", "posix/io/rw/read", "posix/io/rw/pread", "posix/io/rw/write",
            "posix/io/rw/ftruncate", "posix/io/sync/fsync", "posix/io/dir/opendir", "posix/io/dir/readdir",
            "posix/io/dir/closedir", "posix/io/dir/unlink", "posix/io/dir/rename",
            "posix/io/dir/mkdir", "posix/io/dir/rmdir", "posix/io/dir/renameat2", "posix/io/dir/link",
            "posix/io/dir/symlink", "posix/io/oc/flock", "posix/io/*",
        ]
        static let probabilities = [0.02, 0.1, 0.3, 0.6]

        @Test(.timeLimit(.minutes(4)))
        func randomFailuresLeaveTheOldStateOrTheNewOne() throws {
            try withTemporaryFolder { folder in
                let preload = try FaultPreload.fiuAndOurs(in: folder)
                var world = FolderWorld(store: folder + "/projects.json", root: folder + "/root")
                var tool = try Tool(store: world.store).rooted(at: world.root)
                try makePoetryTemplate(at: folder + "/config/project/templates/poetry")
                tool.environment["XDG_CONFIG_HOME"] = folder + "/config"
                let template = folderTree(folder + "/config/project/templates/poetry")
                var random = SeededGenerator(seed: runSeed)

                // Twenty projects with files of the writer's, a trash, targets and a history.
                var markerNumber = 0
                for number in 1...20 {
                    try tool.expect(0, ["add", Argument("Seed \(number)"), "-t", number % 4 == 0 ? "poetry" : "novel"])
                    let bytes = try #require(fileBytes(world.store))
                    let project = try #require(try StoredDocument(bytes).projects.last)
                    markerNumber += 1
                    try world.putMarker(in: project, number: markerNumber)
                }
                try tool.expect(0, ["edit", "Seed 3", "--target", "80000", "--due", "2027-06-30"])
                try tool.expect(0, ["delete", "Seed 20", "--yes"])
                var current = try #require(world.check("after seeding"))

                var tally: [String: [String: Int]] = [:]
                var failurePointsHit: Set<String> = []
                // Commands that met a fault: exit 3, a store or folder that could not be used (a refusal, exit 1,
                // such as nothing to redo, happens without faults too). None, if the preload stopped working.
                var metAFault = 0
                var run = 0
                let started = ContinuousClock.now
                while run < Self.runs && seconds(since: started) < Self.budget * 2
                    && (seconds(since: started) < Self.budget || metAFault < Self.minimumFaulted) {
                    run += 1
                    let point = Self.points.randomElement(using: &random)!
                    let probability = Self.probabilities.randomElement(using: &random)!
                    let step = try FaultStep.choose(current, run: run, tool: tool, using: &random)
                    let context = "run \(run): \(step) under \(point) at \(probability) (seed \(runSeed))"
                    let before = try #require(world.check("before \(context)"))
                    let exportBefore = try exported(tool, context)
                    let historyBefore = historyRevisions(world.store)
                    // What the command does without faults, on a copy of everything: the new state.
                    let expected = try step.isReplayable ? expectedExport(of: step, from: folder, tool: tool, context) : nil

                    // What `fiu-run -x -c …` sets, with the test's own points preloaded after libfiu's.
                    var faulted = tool
                    faulted.environment["LD_PRELOAD"] = preload
                    faulted.environment["FIU_ENABLE"] = "enable_random name=\(point),probability=\(probability)"
                    faulted.environment["FIU_CTRL_FIFO"] = ""
                    let outcome = try faulted.run(step.arguments)
                    #expect(outcome.endedCleanly, "\(context): \(outcome)")
                    if outcome.status == 3 {
                        failurePointsHit.insert(point)
                        metAFault += 1
                    }

                    // The next commands, without faults, see a whole pair and a readable history.
                    let listed = try tool.run("list", "--json")
                    #expect(listed.status == 0, "\(context): the next command failed: \(listed)")
                    let history = try tool.run("history")
                    #expect(history.status == 0, "\(context): the history does not read: \(history)")
                    guard let after = world.check(context) else { break }
                    let exportAfter = try exported(tool, context)

                    let isNew: Bool
                    switch step {
                    case .folder(let folderStep):
                        isNew = folderStep.isDone(in: after, from: before)
                        #expect(isNew || folderStep.isUndone(in: after, from: before), "\(context): neither the old state nor the new one")
                        try folderStep.checkNewFolder(in: after, world: world, isNew: isNew, template: template, context: context)
                        if isNew, let made = folderStep.madeProject(in: after), made.folder != nil {
                            markerNumber += 1
                            try world.putMarker(in: made, number: markerNumber)
                        }
                    case .replayable:
                        isNew = exportAfter == expected && exportAfter != exportBefore
                        #expect(exportAfter == exportBefore || exportAfter == expected,
                                "\(context): neither the old state nor the new one:\n\(String(decoding: exportAfter, as: UTF8.self))")
                    }
                    if outcome.status == 0 {
                        #expect(isNew || exportAfter == expected, "\(context): the command said it succeeded but its change is missing")
                    }
                    checkHistoryKept(historyBefore, after: historyRevisions(world.store), context)

                    let result = outcome.status == 0 ? "done" : isNew ? "made, then failed" : "refused"
                    tally[step.kind, default: [:]][result, default: 0] += 1
                    current = after
                }

                // After the faults, a change goes through, the pair is whole and no temporary copy is left.
                try tool.expect(0, ["add", "After the faults", "-t", "novel"])
                world.check("after the faults")
                let leftovers = folderListing(folder).filter { $0.hasSuffix(".tmp") }
                #expect(leftovers.isEmpty, "temporary copies left beside the store: \(leftovers)")
                #expect(metAFault >= Self.minimumFaulted, "only \(metAFault) of \(run) commands met a fault: is the fault library preloaded?")
                #expect(failurePointsHit.count >= Self.minimumPointsHit, "only \(failurePointsHit.sorted()) made a command fail")
                let summary = tally.sorted { $0.key < $1.key }.map { kind, counts in
                    "\(kind) \(counts.values.reduce(0, +)) (" + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
                }.joined(separator: "; ")
                reportFigure("fault-injection: \(run) changing commands under fiu-run, \(Self.points.count) failure points at \(Self.probabilities.map { "\($0)" }.joined(separator: "/")): \(summary); \(metAFault) commands met a fault, \(failurePointsHit.count) points made one fail; \(world.markers.count) writer's files tracked, none lost; \(formatted(seconds(since: started))) s (seed \(runSeed))")
            }
        }

        /// Promise: ids are random whatever fails. Foundation's `UUID()` reads `/dev/urandom` and, when
        /// a read fails, gives 00000000-0000-4000-8000-000000000000 every time: two projects, or two
        /// machines, made while reads fail would share an id.
        @Test func idsStayRandomWhenReadsFail() throws {
            try withTemporaryFolder { folder in
                let preload = try FaultPreload.fiuAndOurs(in: folder)
                var projectIDs: [String] = [], machineIDs: [String] = []
                for number in 1...2 {
                    let home = folder + "/home-\(number)"
                    var tool = try Tool(store: home + "/projects.json")
                    tool.environment["XDG_STATE_HOME"] = home + "/state"
                    var faulted = tool
                    faulted.environment["LD_PRELOAD"] = preload
                    faulted.environment["FIU_ENABLE"] = "enable name=posix/io/rw/read"
                    faulted.environment["FIU_CTRL_FIFO"] = ""
                    // A first add reads nothing it needs: with every read failing, it succeeds.
                    let added = try faulted.run("add", "Winter", "--no-folder")
                    #expect(added.status == 0, "\(added)")
                    let listed = try tool.run("list", "--json")
                    let projects = (try? JSONSerialization.jsonObject(with: Data(listed.stdout))) as? [[String: Any]]
                    projectIDs += projects?.compactMap { $0["id"] as? String } ?? []
                    let machine = fileBytes(home + "/state/project/machine").flatMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
                    machineIDs += [machine?["id"] as? String].compactMap { $0 }
                }
                for ids in [projectIDs, machineIDs] {
                    #expect(ids.count == 2 && Set(ids).count == 2, "\(ids)")
                    #expect(!ids.contains { $0.hasPrefix("00000000-0000") }, "\(ids)")
                }
            }
        }

        private func exported(_ tool: Tool, _ context: String) throws -> [UInt8] {
            let outcome = try tool.run("export")
            #expect(outcome.status == 0, "\(context): export failed: \(outcome)")
            return outcome.stdout
        }

        /// The export after `step` runs without faults; then everything is put back as it was. The
        /// history names folders by their full paths, so the step runs in place, not on a copy.
        private func expectedExport(of step: FaultStep, from folder: String, tool: Tool, _ context: String) throws -> [UInt8] {
            let saved = folder + "-saved", spent = folder + "-spent"
            try FileManager.default.copyItem(atPath: folder, toPath: saved)
            _ = try tool.run(step.arguments)
            let expected = try exported(tool, "\(context), without faults")
            #expect(rename(folder, spent) == 0 && rename(saved, folder) == 0, "\(context): cannot put the folder back")
            try FileManager.default.removeItem(atPath: spent)
            return expected
        }

        /// The revisions of the changes in the history, from its lines.
        private func historyRevisions(_ store: String) -> [Int] {
            guard let bytes = fileBytes(store + ".history") else { return [] }
            return bytes.split(separator: 0x0A).dropFirst().compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])?["rev"] as? Int
            }
        }

        /// Nothing the store had seen leaves the history, but what compaction drops past the last
        /// 100 changes.
        private func checkHistoryKept(_ before: [Int], after: [Int], _ context: String) {
            let kept = Set(after)
            let lost = before.suffix(100).filter { !kept.contains($0) }
            // A line a failed change left past the store is dropped by the next change: not a change.
            let storeRevision = after.max() ?? 0
            #expect(lost.allSatisfy { $0 > storeRevision }, "\(context): changes \(lost) left the history")
        }
    }
}

/// A changing command for the fault runs: one with a folder step, told apart by its effect on the
/// store, or one whose new state is found by running it without faults on a copy.
enum FaultStep: CustomStringConvertible {
    case folder(FolderStep)
    case replayable(kind: String, arguments: [Argument])

    var arguments: [Argument] {
        switch self {
        case .folder(let step): step.arguments
        case .replayable(_, let arguments): arguments
        }
    }

    var kind: String {
        switch self {
        case .folder(let step): step.kind
        case .replayable(let kind, _): kind
        }
    }

    var isReplayable: Bool {
        if case .replayable = self { return true }
        return false
    }

    var description: String { arguments.map(\.description).joined(separator: " ") }

    static func choose(_ current: StoredDocument, run: Int, tool: Tool, using random: inout SeededGenerator) throws -> FaultStep {
        let projects = current.projects
        let roll = Int.random(in: 0..<100, using: &random)
        guard roll >= 55, let target = projects.randomElement(using: &random) else {
            return .folder(try FolderStep.choose(current, iteration: run, tool: tool, using: &random))
        }
        switch roll {
        case 55..<65:
            return .replayable(kind: "undo", arguments: ["undo"])
        case 65..<72:
            return .replayable(kind: "redo", arguments: ["redo"])
        case 72..<82:
            let position = Int.random(in: 1...projects.count, using: &random)
            return .replayable(kind: "move", arguments: ["move", Argument(target.name), "--to", Argument("\(position)")])
        case 82..<94:
            let words = "\(Int.random(in: 1...200, using: &random) * 500)"
            let due = "2027-0\(Int.random(in: 1...9, using: &random))-15"
            return .replayable(kind: "edit", arguments: ["edit", Argument(target.name), "--target", Argument(words), "--due", Argument(due), "-d", Argument("Run \(run)")])
        default:
            let order = ["name", "date", "user"].randomElement(using: &random)!
            return .replayable(kind: "sort", arguments: ["sort", Argument(order)])
        }
    }
}

/// The libraries that make calls fail: libfiu's POSIX preload, as `fiu-run -x` loads it, and the
/// test's own (`Tests/FaultInjection/more-failure-points.c`), built into `folder`.
enum FaultPreload {
    static func fiuAndOurs(in folder: String) throws -> String {
        let fiuRun = try #require(which("fiu-run"), "fiu-run is missing: install Debian's fiu-utils (bash Tests/install-test-tools.sh does)")
        let dryRun = try Spawn.run([fiuRun, "-n", "-x", "true"].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"])
        let line = try #require(dryRun.out.split(separator: "\n").first { $0.hasPrefix("LD_PRELOAD=") }, "fiu-run -n: \(dryRun)")
        let libfiu = line.dropFirst("LD_PRELOAD=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"\\ "))
        return libfiu + " " + (try ours(in: folder))
    }

    /// The test's own failure points alone, for a fault aimed at one path (`FAULT_VANISHED`).
    static func ours(in folder: String) throws -> String {
        let compiler = try #require(which("cc") ?? which("gcc") ?? which("clang"), "no C compiler to build the test's failure points")
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FaultInjection/more-failure-points.c").path
        let library = folder + "/more-failure-points.so"
        let build = try Spawn.run([compiler, "-shared", "-fPIC", "-o", library, source, "-ldl"].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"])
        #expect(build.status == 0, "building the failure points: \(build)")
        return library
    }
}
