import Foundation
import Testing

/// All the reliability tests, one after the other: they start many processes each, and timing
/// bounds (the 5-second lock wait) should not depend on how many of them share two cores.
@Suite(.serialized)
struct Reliability {}

extension Reliability {
    /// Promise: changes from processes running at the same time are serialized; none is lost, and a
    /// reader never sees half a store.
    @Suite struct ParallelWriters {
        @Test(.timeLimit(.minutes(5)))
        func eightProcessesAddFiftyProjectsEachAtOnce() throws {
            try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                let writers = 8
                let each = 50
                let kinds = ["blank", "novel", "poetry", "script", "short-story"]
                let failures = Locked<[String]>([])
                let finished = Locked(0)
                let reads = Locked(0)
                let started = ContinuousClock.now

                // Eight writers adding at once, and one reader listing all the while.
                onSeparateThreads(writers + 1) { worker in
                    if worker == writers {
                        var lastCount = 0
                        while finished.current < writers {
                            do {
                                let outcome = try tool.run("list", "--sort", "user", "--json")
                                guard outcome.status == 0 else {
                                    failures.withLock { $0.append("a reader failed while writers ran: \(outcome)") }
                                    continue
                                }
                                let projects = try StoredProject.list(outcome.stdout)
                                if projects.count < lastCount {
                                    failures.withLock { $0.append("a reader saw \(projects.count) projects after \(lastCount): a write was lost") }
                                }
                                if projects.map(\.position) != Array(0..<projects.count).map({ $0 + 1 }) {
                                    failures.withLock { $0.append("a reader saw positions \(projects.map(\.position))") }
                                }
                                lastCount = projects.count
                                reads.withLock { $0 += 1 }
                            } catch {
                                failures.withLock { $0.append("a reader saw an unreadable list: \(error)") }
                            }
                        }
                        return
                    }
                    defer { finished.withLock { $0 += 1 } }
                    for number in 1...each {
                        do {
                            let outcome = try tool.run("add", Argument("Writer \(worker) project \(number)"), "--type", Argument(kinds[number % kinds.count]))
                            if outcome.status != 0 {
                                failures.withLock { $0.append("\(outcome)") }
                            }
                        } catch {
                            failures.withLock { $0.append("writer \(worker): \(error)") }
                        }
                    }
                }
                let seconds = (ContinuousClock.now - started).seconds

                for failure in failures.current { Issue.record(Comment(rawValue: failure)) }
                let projects = try tool.projects()
                checkInvariants(projects, "after the parallel adds")
                #expect(projects.count == writers * each, "\(projects.count) projects, not \(writers * each)")
                let expected = Set((0..<writers).flatMap { worker in (1...each).map { "Writer \(worker) project \($0)" } })
                let missing = expected.subtracting(projects.map(\.name))
                #expect(missing.isEmpty, "lost adds: \(missing.sorted())")
                // Each writer's projects are in the order it added them: adds go to the end.
                for worker in 0..<writers {
                    let own = projects.map(\.name).filter { $0.hasPrefix("Writer \(worker) ") }
                    #expect(own == (1...each).map { "Writer \(worker) project \($0)" }, "writer \(worker)'s projects are out of order")
                }
                #expect(reads.current > 0, "the reader never completed a read")
                reportFigure("parallel.adds: \(writers) writers x \(each) adds at once: \(writers * each - failures.current.count) succeeded, \(projects.count) present, \(reads.current) concurrent reads, \(String(format: "%.1f", seconds)) s")
            }
        }

        /// Adds, renames, case-only renames, edits, moves and deletes from six processes at once, and
        /// default-order changes from a seventh. Each writer touches only its own projects, so the
        /// final store can be checked against each writer's log of successes: its projects, their
        /// details, and their order relative to one another.
        @Test(.timeLimit(.minutes(5)))
        func mixedChangesFromSeveralProcessesKeepTheStoreValid() throws {
            try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/projects.json")
                let writers = 6
                let operations = 40
                let seed = runSeed
                let failures = Locked<[String]>([])
                let models = Locked<[[OwnProject]]>(Array(repeating: [], count: writers))
                let lastSort = Locked<String?>(nil)
                let counts = Locked<[String: Int]>([:])
                let started = ContinuousClock.now

                onSeparateThreads(writers + 1) { worker in
                    var random = SeededGenerator(seed: seed &+ UInt64(worker) &* 7919)
                    if worker == writers {
                        // The default order, from a process of its own; the last one it set must win.
                        for _ in 0..<operations / 2 {
                            let order = ["name", "date", "user"].randomElement(using: &random)!
                            guard let outcome = try? tool.run("sort", Argument(order)) else { continue }
                            if outcome.status == 0 { lastSort.withLock { $0 = order } }
                            else { failures.withLock { $0.append("\(outcome)") } }
                            counts.withLock { $0["sort", default: 0] += 1 }
                        }
                        return
                    }
                    var own: [OwnProject] = []
                    var serial = 0
                    for _ in 0..<operations {
                        serial += 1
                        let step = MixedStep.choose(own: own, worker: worker, serial: serial, using: &random)
                        do {
                            let outcome = try tool.run(step.arguments)
                            counts.withLock { $0[step.kind, default: 0] += 1 }
                            if outcome.status == 0 {
                                step.apply(&own)
                            } else {
                                failures.withLock { $0.append("writer \(worker), \(step.kind): \(outcome)") }
                            }
                        } catch {
                            failures.withLock { $0.append("writer \(worker): \(error)") }
                        }
                    }
                    models.withLock { $0[worker] = own }
                }
                let seconds = (ContinuousClock.now - started).seconds

                for failure in failures.current { Issue.record(Comment(rawValue: failure)) }
                let export = try tool.run("export")
                #expect(export.status == 0, "\(export)")
                let document = try StoredDocument(export.stdout)
                checkInvariants(document.projects, "after the mixed run (seed \(seed))")
                // `export` records folders relative to the root (HOME/Writing here), `list --json` shows them absolute.
                let root = folder + "/Writing"
                #expect(document.projects.map { $0.listed(root: root) } == (try tool.projects()), "export and list --json disagree")
                #expect(document.sort == lastSort.current, "the default order is \(document.sort), the last one set was \(lastSort.current ?? "none")")
                let finalModels = models.current
                for worker in 0..<writers {
                    let found = document.projects.filter { $0.name.lowercased().hasPrefix("w\(worker)-") }
                        .map { OwnProject(name: $0.name, details: $0.details) }
                    #expect(found == finalModels[worker], "writer \(worker)'s projects (seed \(seed)): found \(found), its log says \(finalModels[worker])")
                }
                #expect(document.projects.count == finalModels.map(\.count).reduce(0, +), "projects that no writer owns appeared")
                let total = counts.current.values.reduce(0, +)
                let detail = counts.current.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                reportFigure("parallel.mixed: \(writers + 1) processes at once, \(total) commands (\(detail)), \(total - failures.current.count) succeeded, \(String(format: "%.1f", seconds)) s (seed \(seed))")
            }
        }
    }
}

/// One of a writer's own projects as its log of successes has it.
struct OwnProject: Equatable, CustomStringConvertible {
    var name: String
    var details: String?
    var description: String { details.map { "\(name) (\($0))" } ?? name }
}

/// One step of a writer in the mixed run, and what it does to the writer's own projects once the
/// tool reports success.
struct MixedStep {
    let kind: String
    let arguments: [Argument]
    let apply: (inout [OwnProject]) -> Void

    static func choose(own: [OwnProject], worker: Int, serial: Int, using random: inout SeededGenerator) -> MixedStep {
        let fresh = "w\(worker)-\(serial)"
        let roll = Int.random(in: 0..<100, using: &random)
        if own.count < 3 || roll < 25 {
            let details: String? = roll % 2 == 0 ? "notes \(serial)" : nil
            return MixedStep(kind: "add", arguments: ["add", Argument(fresh)] + (details.map { ["-d", Argument($0)] } ?? [])) {
                $0.append(OwnProject(name: fresh, details: details))
            }
        }
        let index = Int.random(in: 0..<own.count, using: &random)
        let target = own[index].name
        switch roll {
        case 25..<35:
            return MixedStep(kind: "rename", arguments: ["rename", Argument(target), Argument(fresh)]) { $0[index].name = fresh }
        case 35..<40:
            // Another letter case of its own name: allowed, and still the same project.
            let recased = target == target.uppercased() ? target.lowercased() : target.uppercased()
            return MixedStep(kind: "rename", arguments: ["rename", Argument(target.lowercased()), Argument(recased)]) { $0[index].name = recased }
        case 40..<55:
            let details = roll % 3 == 0 ? "" : "edited \(serial)\nsecond line"
            return MixedStep(kind: "edit", arguments: ["edit", Argument(target), "--details", Argument(details)]) {
                $0[index].details = details.isEmpty ? nil : details
            }
        case 55..<85:
            var others = Array(own.indices)
            others.remove(at: index)
            let anchorIndex = others.randomElement(using: &random)!
            let anchor = own[anchorIndex].name
            let choice = Int.random(in: 0..<5, using: &random)
            let options: [[Argument]] = [["--top"], ["--bottom"], ["--to", "1"], ["--before", Argument(anchor)], ["--after", Argument(anchor)]]
            return MixedStep(kind: "move", arguments: ["move", Argument(target)] + options[choice]) { list in
                let moving = list.remove(at: index)
                switch choice {
                case 0, 2: list.insert(moving, at: 0)
                case 1: list.append(moving)
                default:
                    let place = list.firstIndex { $0.name == anchor }!
                    list.insert(moving, at: choice == 3 ? place : place + 1)
                }
            }
        default:
            return MixedStep(kind: "delete", arguments: ["delete", Argument(target), "--yes"]) { $0.remove(at: index) }
        }
    }
}
