import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a crash at any moment leaves either the old store or the new one, never half of one;
    /// what a finished command reported is never lost; temporary files do not pile up. Projects here
    /// have no folders (`add --no-folder`, imports), so that every kill tests the store alone; the
    /// pairing of folders with the store under kills is `FolderCrashes`.
    @Suite struct Crashes {
        static let kills = 240
        /// Below these, the run proves too little, and fails: kills that landed before the command
        /// ended, and of those, kills that landed once it had started writing its new copy.
        static let minimumLanded = 100
        static let minimumWhileWriting = 30

        @Test(.timeLimit(.minutes(6)))
        func sigkillAtRandomMomentsLeavesTheOldOrTheNewStore() throws {
            try withTemporaryFolder { folder in
                let store = folder + "/projects.json"
                let tool = try Tool(store: store)
                // A store of a realistic size (300 projects with notes, about 150 kB), so a write takes a moment.
                try writeFile(folder + "/seed.json", exportDocument(count: 300, detailsLength: 400))
                try tool.expect(0, ["import", Argument(folder + "/seed.json")])
                try FileManager.default.removeItem(atPath: folder + "/seed.json")

                // How long one change takes here, to spread the kills over a command's whole life.
                var durations: [Double] = []
                for number in 1...5 {
                    let outcome = try tool.expect(0, ["add", Argument("Calibration \(number)"), "--no-folder"])
                    durations.append(outcome.seconds)
                }
                // Kept up to date with the commands that finish, since the machine's load varies.
                var recent = durations
                var typical: Double { recent.sorted()[recent.count / 2] }

                var random = SeededGenerator(seed: runSeed)
                var current = try StoredDocument(#require(fileBytes(store)))
                var tally = KillTally()
                let started = ContinuousClock.now

                for iteration in 1...Self.kills {
                    let before = try #require(fileBytes(store))
                    let step = CrashStep.choose(current, iteration: iteration, using: &random)
                    let temporary = store + ".tmp"
                    let temporaryBefore = statSignature(temporary)
                    let process = try tool.start(step.arguments)
                    // Most kills at a random moment of the command's life; the rest just after it starts
                    // writing the new copy (watched for), so that the write window is hit often.
                    let aimAtWrite = Int.random(in: 0..<5, using: &random) < 2
                    if aimAtWrite {
                        let limit = typical * 3
                        while process.elapsed < limit && statSignature(temporary) == temporaryBefore { usleep(50) }
                        usleep(UInt32.random(in: 0..<3_000, using: &random))
                    } else {
                        usleep(UInt32(Double.random(in: 0..<(typical * 1.2), using: &random) * 1_000_000))
                    }
                    process.kill(SIGKILL)
                    let outcome = process.wait(timeout: 30)
                    let context = "kill \(iteration) (\(step.description), seed \(runSeed))"

                    let killed = outcome.signal == SIGKILL
                    #expect(killed || outcome.status == 0, "\(context): \(outcome)")

                    // Beside the store: only the lock file, the history and, after a kill, one stale temporary copy.
                    let listing = folderListing(folder)
                    let unexpected = Set(listing).subtracting(["projects.json", "projects.json.lock", "projects.json.tmp", "projects.json.history"])
                    #expect(unexpected.isEmpty, "\(context): unexpected files \(unexpected.sorted())")
                    let temporaryLeft = listing.contains("projects.json.tmp")
                    // The killed command had started its new copy when the temporary file changed.
                    let startedWriting = statSignature(temporary) != temporaryBefore

                    // The store loads, and is exactly the old state or the new one.
                    let after = try #require(fileBytes(store), "\(context): the store is gone")
                    let listed = try tool.projects()
                    let document: StoredDocument
                    do {
                        document = try StoredDocument(after)
                    } catch {
                        Issue.record("\(context): the store is no longer a valid document: \(error)")
                        break
                    }
                    #expect(listed == document.projects, "\(context): list --json and the file disagree")
                    checkInvariants(document.projects, context)

                    let isOld = after == before
                    let isNew = step.isNewState(document, from: current)
                    #expect(isOld || isNew, "\(context): the store is neither the old state nor the new one")
                    if outcome.status == 0 {
                        #expect(isNew, "\(context): the command reported success but its change is missing")
                        #expect(isOld || !temporaryLeft, "\(context): a finished change left \(temporary) behind")
                    }
                    tally.count(completed: !killed, old: isOld && !isNew, startedWriting: startedWriting, aimed: aimAtWrite)
                    if !killed { recent = Array((recent + [outcome.seconds]).suffix(15)) }
                    current = document
                }

                // A stale temporary copy lasts only until the next successful change.
                try tool.expect(0, ["add", "After the crashes", "--no-folder"])
                #expect(!folderListing(folder).contains("projects.json.tmp"), "the stale temporary copy survived a successful write")
                #expect(folderListing(folder) == ["projects.json", "projects.json.history", "projects.json.lock"])
                let final = try tool.projects()
                checkInvariants(final, "after the crashes")
                #expect(final.map(\.name).dropLast() == current.projects.map(\.name), "the last verified state was not kept")

                #expect(tally.landed >= Self.minimumLanded, "only \(tally.landed) kills landed before the command ended: \(tally.summary)")
                #expect(tally.whileWriting >= Self.minimumWhileWriting, "only \(tally.whileWriting) kills landed once the new copy was being written: \(tally.summary)")
                let seconds = (ContinuousClock.now - started).seconds
                reportFigure("crash.kills: \(Self.kills) mutating commands on a \(storeSize(store)) store (\(final.count) projects), SIGKILLed at random: \(tally.summary); command time \(String(format: "%.0f", typical * 1000)) ms, \(String(format: "%.1f", seconds)) s (seed \(runSeed))")
            }
        }

        private func storeSize(_ store: String) -> String {
            let size = fileBytes(store)?.count ?? 0
            return "\(size / 1024) kB"
        }
    }
}

/// The identity of a file's current contents: inode, size and change time; `nil` when absent.
func statSignature(_ path: String) -> [Int]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [Int(status.st_ino), Int(status.st_size), status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
}

/// Where the kills landed.
struct KillTally {
    var completed = 0
    var oldWithoutTemporary = 0
    var oldWithTemporary = 0
    var new = 0
    var aimed = 0

    mutating func count(completed finished: Bool, old: Bool, startedWriting: Bool, aimed wasAimed: Bool) {
        if wasAimed { aimed += 1 }
        if finished { completed += 1 } else if !old { new += 1 } else if startedWriting { oldWithTemporary += 1 } else { oldWithoutTemporary += 1 }
    }

    /// Kills that landed before the command ended.
    var landed: Int { oldWithoutTemporary + oldWithTemporary + new }
    /// Kills that landed once the command had started writing its new copy.
    var whileWriting: Int { oldWithTemporary + new }

    var summary: String {
        "\(oldWithoutTemporary) killed before writing, \(oldWithTemporary) killed while writing the new copy (old store intact), \(new) killed after the rename (new store), \(completed) finished first; \(aimed) kills aimed at the write"
    }
}

/// One mutating command of the crash test, and the state it must produce if it goes through.
struct CrashStep: CustomStringConvertible {
    enum Change {
        case add(String)
        case rename(from: String, to: String)
        case edit(String, details: String)
        case move(String, position: Int)
        case delete(String)
        case sort(String)
    }

    let change: Change
    let arguments: [Argument]

    var description: String { arguments.map(\.description).joined(separator: " ") }

    static func choose(_ current: StoredDocument, iteration: Int, using random: inout SeededGenerator) -> CrashStep {
        let projects = current.projects
        let roll = Int.random(in: 0..<100, using: &random)
        guard !projects.isEmpty, roll >= 40 else {
            let name = "Crash \(iteration)"
            return CrashStep(change: .add(name), arguments: ["add", Argument(name), "--no-folder"])
        }
        let target = projects.randomElement(using: &random)!.name
        switch roll {
        case 40..<55:
            let name = "Renamed \(iteration)"
            return CrashStep(change: .rename(from: target, to: name), arguments: ["rename", Argument(target), Argument(name)])
        case 55..<70:
            let details = "Edited at kill \(iteration)\nwith a second line"
            return CrashStep(change: .edit(target, details: details), arguments: ["edit", Argument(target), "-d", Argument(details)])
        case 70..<85:
            let position = Int.random(in: 1...projects.count, using: &random)
            return CrashStep(change: .move(target, position: position), arguments: ["move", Argument(target), "--to", Argument(String(position))])
        case 85..<95:
            return CrashStep(change: .delete(target), arguments: ["delete", Argument(target), "--yes"])
        default:
            let order = ["name", "date", "user"].randomElement(using: &random)!
            return CrashStep(change: .sort(order), arguments: ["sort", Argument(order)])
        }
    }

    /// Whether `document` is exactly what this change makes of `old`.
    func isNewState(_ document: StoredDocument, from old: StoredDocument) -> Bool {
        var expected = old
        switch change {
        case .add(let name):
            guard document.sort == old.sort, document.projects.count == old.projects.count + 1,
                  Array(document.projects.dropLast()) == old.projects, let added = document.projects.last
            else { return false }
            return added.name == name && added.type == "blank" && added.details == nil
                && added.position == old.projects.count + 1 && !old.projects.contains { $0.id == added.id }
        case .rename(let from, let to):
            guard let index = old.projects.firstIndex(where: { $0.name == from }) else { return false }
            expected.projects[index].name = to
        case .edit(let name, let details):
            guard let index = old.projects.firstIndex(where: { $0.name == name }) else { return false }
            expected.projects[index].details = details
        case .move(let name, let position):
            guard let index = old.projects.firstIndex(where: { $0.name == name }) else { return false }
            let moving = expected.projects.remove(at: index)
            expected.projects.insert(moving, at: position - 1)
        case .delete(let name):
            guard let index = old.projects.firstIndex(where: { $0.name == name }) else { return false }
            expected.projects.remove(at: index)
        case .sort(let order):
            expected.sort = order
        }
        for index in expected.projects.indices { expected.projects[index].position = index + 1 }
        return document == expected
    }
}
