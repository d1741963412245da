import Foundation
import Testing

extension Reliability {
    /// Promise: several processes adding, renaming and deleting projects with folders at once lose
    /// nothing: every change reported done is in the store and on disk, no two projects share a
    /// folder, no folder is left without a project but in the trash, every file of the writer's is
    /// in its project's folder or in the trash.
    @Suite struct FolderParallelWriters {
        @Test(.timeLimit(.minutes(3)))
        func addsRenamesAndDeletesWithFoldersFromSeveralProcesses() throws {
            try withTemporaryFolder { folder in
                var world = FolderWorld(store: folder + "/projects.json", root: folder + "/root")
                let tool = try Tool(store: world.store).rooted(at: world.root)
                let writers = 5
                let each = 24
                // Every writer's names differ only in a character a folder name cannot hold, so all
                // of them want the same folder names ("Story-3", "Told-7") at the same moments.
                let separators = [":", "?", "*", "|", "\\"]
                let seed = runSeed
                let failures = Locked<[String]>([])
                /// Each writer's projects as its log says they are: id → name.
                let logs = Locked([[String: String]](repeating: [:], count: writers))
                let markers = Locked<[String: String]>([:])
                let counts = Locked(["add": 0, "new-folder": 0, "rename": 0, "delete": 0, "read": 0])
                let finished = Locked(0)
                let started = ContinuousClock.now

                // Five writers, each on projects of its own, and a reader listing all the while (a
                // read finishes a change a crash interrupted, so it must wait for one in progress).
                onSeparateThreads(writers + 1) { worker in
                    func fail(_ text: String) { failures.withLock { $0.append("writer \(worker): \(text)") } }
                    if worker == writers {
                        while finished.current < writers {
                            guard let outcome = try? tool.run("list", "--json"), outcome.status == 0 else {
                                fail("a read failed while writers ran")
                                continue
                            }
                            counts.withLock { $0["read"]! += 1 }
                        }
                        return
                    }
                    defer { finished.withLock { $0 += 1 } }
                    var random = SeededGenerator(seed: seed &+ UInt64(worker))
                    var own: [String: String] = [:]
                    for number in 1...each {
                        do {
                            let roll = own.count < 2 ? 0 : Int.random(in: 0..<100, using: &random)
                            if roll < 45 {
                                let name = "Story\(separators[worker])\(number)"
                                let kind = ["novel", "blank", "poetry"].randomElement(using: &random)!
                                // One add in three is a list entry first, given its folder afterwards.
                                let late = Int.random(in: 0..<3, using: &random) == 0
                                let outcome = try tool.run(["add", Argument(name), "-t", Argument(kind)] + (late ? ["--no-folder"] : []))
                                guard outcome.status == 0 else { fail("\(outcome)"); continue }
                                if late {
                                    let made = try tool.run("edit", Argument(name), "--new-folder")
                                    guard made.status == 0 else { fail("\(made)"); continue }
                                    counts.withLock { $0["new-folder"]! += 1 }
                                }
                                // A file of the writer's in the new folder, found through `show --json`.
                                let shown = try tool.run("show", Argument(name), "--json")
                                let project = try StoredProject(JSONSerialization.jsonObject(with: Data(shown.stdout)))
                                guard let path = project.folder else { fail("\(name) has no folder: \(shown)"); continue }
                                let marker = "marker-\(worker)-\(number).txt"
                                try writeFile(path + "/" + marker, Array("\(name)\n".utf8), mode: 0o644)
                                markers.withLock { $0[marker] = project.id }
                                own[project.id] = name
                                counts.withLock { $0["add"]! += 1 }
                            } else if roll < 75 {
                                let (id, name) = own.randomElement(using: &random)!
                                let renamed = "Told\(separators[worker])\(number)"
                                let outcome = try tool.run("rename", Argument(name), Argument(renamed))
                                guard outcome.status == 0 else { fail("\(outcome)"); continue }
                                own[id] = renamed
                                counts.withLock { $0["rename"]! += 1 }
                            } else {
                                let (id, name) = own.randomElement(using: &random)!
                                let outcome = try tool.run("delete", Argument(name), "--yes")
                                guard outcome.status == 0 else { fail("\(outcome)"); continue }
                                own[id] = nil
                                counts.withLock { $0["delete"]! += 1 }
                            }
                        } catch {
                            fail("\(error)")
                        }
                    }
                    logs.withLock { $0[worker] = own }
                }
                let seconds = (ContinuousClock.now - started).seconds

                for failure in failures.current { Issue.record(Comment(rawValue: failure)) }
                // A last read, as the next command, then every rule of the pair.
                try tool.expect(0, ["list"])
                world.markers = markers.current
                let document = try #require(world.check("after the parallel writers (seed \(seed))"))
                var expected: [String: String] = [:]
                for own in logs.current { expected.merge(own) { first, _ in first } }
                let found = Dictionary(uniqueKeysWithValues: document.projects.map { ($0.id, $0.name) })
                #expect(found == expected, "the store differs from the writers' logs (seed \(seed))")
                let done = counts.current
                #expect(document.projects.count == done["add"]! - done["delete"]!, "\(document.projects.count) projects after \(done["add"]!) adds and \(done["delete"]!) deletes")
                #expect(document.projects.allSatisfy { $0.folder != nil && $0.managed }, "a project lost its folder")
                let trashed = folderListing(world.root + "/.trash").count
                #expect(trashed == done["delete"]!, "\(trashed) folders in the trash after \(done["delete"]!) deletes")
                reportFigure("folder-parallel: \(writers) writers at once, \(writers * each) changes with folders (\(done["add"]!) adds, \(done["new-folder"]!) of them given their folder afterwards with edit --new-folder, \(done["rename"]!) renames, \(done["delete"]!) deletes), \(failures.current.count) failed; \(document.projects.count) projects, \(trashed) folders in the trash, \(world.markers.count) writer's files all in place; \(done["read"]!) reads meanwhile; \(String(format: "%.1f", seconds)) s (seed \(seed))")
            }
        }
    }
}
