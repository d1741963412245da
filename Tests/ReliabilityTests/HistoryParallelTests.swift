import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: changes from several processes at once are each recorded once, in the order applied,
    /// and undoing them all, one by one, gives back exactly the store and the folders of the start.
    @Suite struct HistoryParallel {
        static let workers = 4
        static let rounds = 3

        @Test(.timeLimit(.minutes(3)))
        func parallelChangesThenUndoneOneByOne() throws {
            try withTemporaryFolder { folder in
                let fixture = try HistoryFixture(in: folder)
                let tool = fixture.tool

                // The start: a project nobody touches, first in the writer's order, and one project
                // per worker, each folder holding a file of the writer's.
                try tool.expect(0, ["add", "Keep", "--type", "script"])
                var placed: [String] = []
                for worker in 0..<Self.workers {
                    try tool.expect(0, ["add", Argument("Base \(worker)"), "--type", "novel"])
                    let file = "placed-base-\(worker).txt"
                    try writeFile(fixture.root + "/Base \(worker)/" + file, Array("Base \(worker)\n".utf8), mode: 0o644)
                    placed.append(file)
                }
                try tool.expect(0, ["history", "--clear", "--yes"])
                let startExport = try fixture.export("start")
                let startTree = fixture.rootTree()

                // Each worker changes its own projects, so that every command can succeed whatever the
                // others do; what each did, in its order: (command, a name the summary must hold).
                let done = Locked<[[(String, String)]]>(Array(repeating: [], count: Self.workers))
                let failures = Locked<[String]>([])
                let started = ContinuousClock.now
                onSeparateThreads(Self.workers) { worker in
                    func change(_ arguments: [Argument], _ name: String) {
                        do {
                            let outcome = try tool.run(arguments)
                            if outcome.status == 0 {
                                done.withLock { $0[worker].append((String(decoding: arguments[0].bytes, as: UTF8.self), name)) }
                            } else {
                                failures.withLock { $0.append("\(outcome)") }
                            }
                        } catch {
                            failures.withLock { $0.append("worker \(worker): \(error)") }
                        }
                    }
                    for round in 1...Self.rounds {
                        let first = "W\(worker) A\(round)", second = "W\(worker) B\(round)", renamed = "W\(worker) Alpha\(round)"
                        change(["add", Argument(first), "--type", "novel"], first)
                        change(["add", Argument(second), "--type", "poetry"], second)
                        // A file of the writer's in the new folder: undoing the add must not remove it.
                        try? writeFile(fixture.root + "/\(first)/placed-w\(worker)-r\(round).txt", Array("draft\n".utf8), mode: 0o644)
                        change(["rename", Argument(first), Argument(renamed)], first)
                        change(["move", Argument(second), "--to", "1"], second)
                        change(["edit", Argument(renamed), "-d", Argument("Round \(round) of worker \(worker)")], renamed)
                        change(["delete", Argument(second), "--yes"], second)
                        change(["move", Argument(renamed), "--to", "1"], renamed)
                        if round == 1 {
                            let base = "Base \(worker)"
                            change(["edit", Argument(base), "-d", Argument("Notes of worker \(worker)")], base)
                            change(["rename", Argument(base), Argument("\(base) renamed")], base)
                            change(["delete", Argument("\(base) renamed"), "--yes"], "\(base) renamed")
                        }
                    }
                }
                let parallelSeconds = seconds(since: started)
                for failure in failures.current { Issue.record(Comment(rawValue: "a change failed: \(failure)")) }
                for worker in 0..<Self.workers {
                    for round in 1...Self.rounds { placed.append("placed-w\(worker)-r\(round).txt") }
                }

                // Every change recorded exactly once, none undone, oldest first in time.
                let succeeded = done.current.map(\.count).reduce(0, +)
                let lines = try fixture.history("after the parallel changes")
                #expect(lines.count == succeeded, "\(lines.count) entries for \(succeeded) successful changes")
                #expect(lines.allSatisfy { !$0.undone && $0.projects.count == 1 }, "an entry is undone or names other than one project")
                let times = lines.reversed().map(\.time)
                #expect(times == times.sorted(), "the entries are not in the order the changes were applied")
                // Each worker's changes appear in the order it made them.
                for worker in 0..<Self.workers {
                    let own = lines.reversed().filter { $0.summary.contains("“W\(worker) ") || $0.summary.contains("“Base \(worker)") }
                    let expected = done.current[worker]
                    let matches = own.count == expected.count
                        && zip(own, expected).allSatisfy { line, step in line.command == step.0 && line.summary.contains("“\(step.1)”") }
                    #expect(matches, "worker \(worker): history \(own.map(\.description)) for changes \(expected.map { "\($0.0) \($0.1)" })")
                }

                // Undone one by one: each undo succeeds, then there is nothing left to undo.
                let undoStarted = ContinuousClock.now
                var trashedByUndo: Set<String> = []
                for number in 1...max(lines.count, 1) {
                    let outcome = try tool.expect(0, ["undo"])
                    guard outcome.status == 0 else { break }
                    for line in outcome.out.split(separator: "\n") where line.contains("so it was moved to ") {
                        let path = String(line.split(separator: "so it was moved to ", maxSplits: 1)[1].dropLast())
                        trashedByUndo.insert(path)
                    }
                    if number == lines.count / 2 {
                        // Halfway, the newest half is undone and the oldest half is not.
                        let half = try fixture.history("halfway through the undos")
                        #expect(half.map(\.undone) == Array(repeating: true, count: number) + Array(repeating: false, count: lines.count - number),
                                "the undos did not take back the latest changes first")
                    }
                }
                let undoSeconds = seconds(since: undoStarted)
                let nothingLeft = try tool.expect(1, ["undo"])
                #expect(nothingLeft.err.contains("nothing to undo"), "\(nothingLeft)")

                // Back to the start: the same export, byte for byte, the same folders and files; the
                // trash holds only the folders the undos said they moved there.
                #expect(try fixture.export("after the undos") == startExport, "the export after undoing everything differs from the start")
                #expect(fixture.rootTree() == startTree, "the root differs from the start: \(Set(fixture.rootTree()).symmetricDifference(startTree).sorted())")
                let inTrash = Set(folderListing(fixture.trash).map { fixture.trash + "/" + $0 })
                #expect(inTrash == trashedByUndo, "the trash holds \(inTrash.sorted()); the undos said \(trashedByUndo.sorted())")
                #expect(trashedByUndo.count == Self.workers * Self.rounds, "\(trashedByUndo.count) folders trashed by undos, expected one per add that got a file")
                let end = try fixture.storeFile()
                fixture.checkFolders(end, "after the undos")
                fixture.checkPlacedFiles(placed, end, "after the undos")
                let final = try fixture.history("after the undos")
                #expect(final.count == lines.count && final.allSatisfy(\.undone), "after undoing everything, the history is not all undone")

                reportFigure("history.parallel: \(Self.workers) processes made \(succeeded) changes at once (adds, renames, edits, moves, deletes) in \(formatted(parallelSeconds)) s, \(lines.count) entries recorded in order; undone one by one in \(formatted(undoSeconds)) s back to the same export and folders, \(trashedByUndo.count) folders holding a new file moved to the trash as the undos said")
            }
        }
    }
}
