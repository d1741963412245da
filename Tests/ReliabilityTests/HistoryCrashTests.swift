import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a change, an undo or a redo killed at any moment leaves the store and its history as
    /// one pair: the step happened and the history says so, or it did not and the history does not;
    /// folders follow, and nothing the writer put in a project folder is lost.
    @Suite struct HistoryCrashes {
        /// Mostly changes killed, with some undos and redos among them so that the redo chain and
        /// undone entries are there for the changes to end.
        @Test(.timeLimit(.minutes(2)))
        func sigkillDuringChanges() throws {
            try HistoryCrashRun(name: "changes", undoShare: 20, redoShare: 8).run()
        }

        /// Mostly undos and redos killed, the changes among them giving them something to take back.
        @Test(.timeLimit(.minutes(2)))
        func sigkillDuringUndosAndRedos() throws {
            try HistoryCrashRun(name: "undos and redos", undoShare: 45, redoShare: 25).run()
        }
    }
}

/// The state the writer sees: what `export` prints and the folders and files under the root.
private struct Snapshot: Equatable {
    var export: [UInt8]
    var tree: [String]

    /// How `other` differs from this, line by line, for a failure message.
    func difference(to other: Snapshot) -> String {
        func lines(_ bytes: [UInt8]) -> Set<String> { Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)) }
        let (mine, theirs) = (lines(export), lines(other.export))
        var parts: [String] = []
        if export != other.export { parts.append("export lines expected \(mine.subtracting(theirs).sorted()), found \(theirs.subtracting(mine).sorted())") }
        if tree != other.tree { parts.append("root expected \(Set(tree).subtracting(other.tree).sorted()), found \(Set(other.tree).subtracting(tree).sorted())") }
        return parts.isEmpty ? "the same" : parts.joined(separator: "; ")
    }
}

/// What the test knows succeeded: every recorded change, oldest first, with the state before and
/// after it, so that an undo or a redo can be checked against the exact state it must give.
private struct Model {
    struct Entry {
        var change: String
        var undone: Bool
        var before: Snapshot
        var after: Snapshot
    }

    var entries: [Entry] = []
    /// Indexes of entries a redo can apply again, the next one last.
    var redoChain: [Int] = []

    var nextUndo: Int? { entries.indices.last { !entries[$0].undone } }
    var nextRedo: Int? { redoChain.last }

    /// What `history --json` must show: the change of each entry and whether it is undone, newest first.
    var expected: [(String, Bool)] { entries.reversed().map { ($0.change, $0.undone) } }
}

private func shown(_ lines: [HistoryLine]) -> [(String, Bool)] { lines.map { ($0.change, $0.undone) } }

private func same(_ lhs: [(String, Bool)], _ rhs: [(String, Bool)]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}

/// One command killed at a random moment.
private enum Step: CustomStringConvertible {
    case add(String)
    case rename(String, String)
    case edit(String, String)
    case move(String, Int)
    case delete(String)
    case undo
    case redo

    var arguments: [Argument] {
        switch self {
        case .add(let name): ["add", Argument(name), "--type", "novel"]
        case .rename(let old, let new): ["rename", Argument(old), Argument(new)]
        case .edit(let name, let details): ["edit", Argument(name), "-d", Argument(details)]
        case .move(let name, let position): ["move", Argument(name), "--to", Argument(String(position))]
        case .delete(let name): ["delete", Argument(name), "--yes"]
        case .undo: ["undo"]
        case .redo: ["redo"]
        }
    }

    var command: String { String(decoding: arguments[0].bytes, as: UTF8.self) }
    var description: String { arguments.map(\.description).joined(separator: " ") }

    /// Whether `new` is what this change makes of `old` (for a change; undo and redo are checked
    /// against the model's states).
    func made(_ new: StoreFile, from old: StoreFile) -> Bool {
        switch self {
        case .add(let name):
            guard let added = new.project(named: name) else { return false }
            return new.projects.count == old.projects.count + 1 && added.managed && added.folder != nil
        case .rename(let from, let to):
            return new.project(named: from) == nil && new.project(named: to)?.id == old.project(named: from)?.id
        case .edit(let name, let details):
            return new.project(named: name)?.details == details
        case .move(let name, let position):
            return new.project(named: name)?.position == position && new.projects.count == old.projects.count
        case .delete(let name):
            return new.project(named: name) == nil && new.projects.count == old.projects.count - 1
        case .undo, .redo:
            return true
        }
    }
}

private struct HistoryCrashRun {
    let name: String
    /// Out of 100 steps, how many are undos and redos (when there is something to undo or redo).
    let undoShare: Int
    let redoShare: Int
    /// Bounds: whichever comes first.
    let maximumKills = 300
    let timeBudget = 40.0
    /// Below this, the run proves too little, and fails.
    let minimumKills = 60

    func run() throws {
        try withTemporaryFolder { folder in
            let fixture = try HistoryFixture(in: folder)
            let tool = fixture.tool
            var random = SeededGenerator(seed: runSeed &+ UInt64(name.count))

            // Six projects with folders, each holding a file of the writer's: renames, deletes and
            // their undos carry them around, and none may be lost.
            var placed: [String] = []
            for number in 1...6 {
                try tool.expect(0, ["add", Argument("Base \(number)"), "--type", number.isMultiple(of: 2) ? "poetry" : "novel"])
                let project = try #require(fixture.storeFile().project(named: "Base \(number)"))
                let file = "placed-\(number).txt"
                try writeFile(fixture.path(of: try #require(project.folder)) + "/" + file, Array("Notes \(number)\n".utf8), mode: 0o644)
                placed.append(file)
            }
            // How long commands take here, to spread the kills over their whole life.
            var durations: [String: [Double]] = [:]
            for arguments: [Argument] in [["add", "Calibration", "--type", "novel"], ["undo"], ["redo"], ["undo"], ["redo"], ["delete", "Calibration", "--yes"], ["undo"], ["undo"]] {
                let outcome = try tool.expect(0, arguments)
                durations[String(decoding: arguments[0].bytes, as: UTF8.self), default: []].append(outcome.seconds)
            }
            try tool.expect(0, ["history", "--clear", "--yes"])

            var model = Model()
            var current = Snapshot(export: try fixture.export("setup"), tree: fixture.rootTree())
            var store = try fixture.storeFile()
            var tally: [String: (killed: Int, finished: Int, happened: Int)] = [:]
            var aimed = 0
            /// Cleared at the first inconsistency, which ends the run: every later kill would only report it again.
            var consistent = true
            let started = ContinuousClock.now

            // Entries stay well under the history's limit of 200, so that none is dropped from the model's view.
            for iteration in 1...maximumKills {
                guard seconds(since: started) < timeBudget, model.entries.count < 150 else { break }
                let step = choose(iteration, store, model, using: &random)
                let context = "kill \(iteration) (\(step), \(name), seed \(runSeed))"
                let typical = median(durations[step.command] ?? durations["add"]!)

                // Half the kills at a random moment of the command's life; the rest just after the
                // history file changes, between the history's write and the store's.
                let historyBefore = statSignature(fixture.historyPath)
                let process = try tool.start(step.arguments)
                if Bool.random(using: &random) {
                    aimed += 1
                    while process.elapsed < typical * 3 && statSignature(fixture.historyPath) == historyBefore { usleep(50) }
                    usleep(UInt32.random(in: 0..<2_000, using: &random))
                } else {
                    usleep(UInt32(Double.random(in: 0..<(typical * 1.3), using: &random) * 1_000_000))
                }
                process.kill(SIGKILL)
                let outcome = process.wait(timeout: 30)
                let killed = outcome.signal == SIGKILL
                guard killed || outcome.status == 0 else {
                    Issue.record("\(context): the command failed by itself: \(outcome)")
                    consistent = false
                    break
                }
                if !killed { durations[step.command, default: []].append(outcome.seconds) }

                // The next command sees a consistent pair: the history reads, the store is valid,
                // folders are where the store says, nothing placed is lost.
                let lines = try fixture.history(context)
                let after = Snapshot(export: try fixture.export(context), tree: fixture.rootTree())
                let newStore: StoreFile
                do { newStore = try fixture.storeFile() } catch {
                    Issue.record("\(context): the store is not valid: \(error)")
                    consistent = false
                    break
                }
                let foldersGood = fixture.checkFolders(newStore, context)
                guard fixture.checkPlacedFiles(placed, newStore, context) && foldersGood else {
                    consistent = false
                    break
                }

                // Either nothing happened, or exactly this step, and the history says which.
                let unchanged = same(shown(lines), model.expected) && after == current
                var happened = model
                var matches = false
                /// The state the step must give if it happened, for the message.
                var wanted: Snapshot?
                switch step {
                case .undo:
                    // A killed undo that took effect moves the model on, so the next undo must take
                    // back exactly the change before it; one that did not leaves the same change next.
                    let index = model.nextUndo!
                    happened.entries[index].undone = true
                    happened.redoChain.append(index)
                    wanted = model.entries[index].before
                    matches = same(shown(lines), happened.expected) && after == wanted
                case .redo:
                    let index = model.nextRedo!
                    happened.entries[index].undone = false
                    happened.redoChain.removeLast()
                    wanted = model.entries[index].after
                    matches = same(shown(lines), happened.expected) && after == wanted
                default:
                    if let newest = lines.first, lines.count == model.entries.count + 1 {
                        happened.entries.append(Model.Entry(change: newest.change, undone: false, before: current, after: after))
                        happened.redoChain = []
                        matches = same(shown(lines), happened.expected) && newest.command == step.command
                            && after != current && step.made(newStore, from: store)
                    }
                }
                guard unchanged || matches else {
                    let historySays = same(shown(lines), model.expected) ? "the history says it did not happen"
                        : same(shown(lines), happened.expected) ? "the history says it happened" : "the history is neither: \(lines.prefix(4))"
                    let state = wanted.map { "against the state it must give: \($0.difference(to: after))" } ?? ""
                    Issue.record("\(context), \(killed ? "killed" : "finished"): \(historySays); against the state before: \(current.difference(to: after)); \(state)")
                    consistent = false
                    break
                }
                #expect(killed || matches, "\(context): the command finished but its step is missing")
                tally[step.command, default: (0, 0, 0)].killed += killed ? 1 : 0
                tally[step.command, default: (0, 0, 0)].finished += killed ? 0 : 1
                tally[step.command, default: (0, 0, 0)].happened += matches ? 1 : 0
                if matches { model = happened }
                current = after
                store = newStore
            }

            let kills = tally.values.map(\.killed).reduce(0, +)
            let steps = tally.values.map { $0.killed + $0.finished }.reduce(0, +)
            #expect(!consistent || kills >= minimumKills, "only \(kills) kills in \(formatted(timeBudget)) s: too few to prove anything")

            // After all that, every recorded change still undoes back to the state before it.
            var undone = 0
            while consistent, let index = model.nextUndo, undone < 10 {
                try tool.expect(0, ["undo"])
                let after = Snapshot(export: try fixture.export("final undo"), tree: fixture.rootTree())
                #expect(after == model.entries[index].before, "final undo \(undone + 1) did not give the state before its change: \(model.entries[index].before.difference(to: after))")
                model.entries[index].undone = true
                undone += 1
            }

            // The file itself, after those successful undos: every event whole and in order, and
            // none left ahead of the store by the kills.
            var events = 0
            if consistent && undone > 0 { events = try fixture.checkHistoryFile("after the crashes") }

            let detail = tally.keys.sorted().map { "\($0) \(tally[$0]!.killed)/\(tally[$0]!.killed + tally[$0]!.finished) killed, \(tally[$0]!.happened) took effect" }.joined(separator: "; ")
            reportFigure("history.crash (\(name)): \(kills) SIGKILLs in \(steps) steps (\(aimed) aimed at the history write), \(model.entries.count) entries recorded (\(events) events on file at the end), each checked against the store, folders and placed files; \(detail); \(formatted(seconds(since: started))) s (seed \(runSeed))")
        }
    }

    private func choose(_ iteration: Int, _ store: StoreFile, _ model: Model, using random: inout SeededGenerator) -> Step {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < undoShare, model.nextUndo != nil { return .undo }
        if roll < undoShare + redoShare, model.nextRedo != nil { return .redo }
        let projects = store.projects
        let kind = projects.count < 4 ? 0 : projects.count > 12 ? 4 : Int.random(in: 0..<5, using: &random)
        guard kind > 0, let target = projects.randomElement(using: &random) else { return .add("Crash \(iteration)") }
        switch kind {
        case 1: return .rename(target.name, "Renamed \(iteration)")
        case 2: return .edit(target.name, "Edited at kill \(iteration)")
        case 3:
            // Elsewhere than where it is: a move to its own place changes nothing and records nothing.
            let places = (1...projects.count).filter { $0 != target.position }
            return .move(target.name, places.randomElement(using: &random)!)
        default: return .delete(target.name)
        }
    }
}
