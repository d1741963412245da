import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a lock held by a stuck process makes a change wait a bounded time (5 seconds) and
    /// give up with exit 3 and a "busy" message, never hang; reads go on; once the holder is gone,
    /// changes go through again.
    @Suite struct StuckLock {
        @Test(.timeLimit(.minutes(2)))
        func aChangeGivesUpWithBusyWhileAStuckProcessHoldsTheLock() throws {
            try withTemporaryFolder { folder in
                let store = folder + "/projects.json"
                let tool = try Tool(store: store)
                try tool.expect(0, ["add", "Existing"])
                let before = try #require(fileBytes(store))

                // The stuck process: util-linux `flock` holding the lock around a long sleep, in a process
                // group of its own so that the sleep, which inherits the lock, dies with it.
                guard let flockTool = which("flock") else {
                    Issue.record("STUCK-LOCK TEST NOT RUN: `flock` (util-linux) is missing; run Tests/install-test-tools.sh.")
                    return
                }
                let holder = try Spawn.start(
                    [flockTool, store + ".lock", "sleep", "120"].map { Array($0.utf8) },
                    environment: ["PATH": "/usr/bin:/bin"], newProcessGroup: true)
                defer {
                    holder.killGroup(SIGKILL)
                    _ = holder.wait(timeout: 10)
                }
                try waitUntilLocked(store + ".lock")

                // Every kind of change, all at once, while a reader lists.
                let changes: [[Argument]] = [
                    ["add", "Waiting"], ["rename", "Existing", "Other"], ["edit", "Existing", "-d", "notes"],
                    ["delete", "Existing", "--yes"], ["move", "Existing", "--top"], ["sort", "date"],
                    ["import", Argument(folder + "/import.json")],
                ]
                try writeFile(folder + "/import.json", exportDocument(count: 1, prefix: "Imported"))
                let running = try changes.map { try tool.start($0) }
                let read = try tool.run("list", "--json", timeout: 30)
                #expect(read.status == 0 && read.seconds < 4, "a read waited for the lock: \(read)")
                var waits: [Double] = []
                for process in running {
                    let outcome = process.wait(timeout: 30)
                    waits.append(outcome.seconds)
                    #expect(!outcome.timedOut, "a change hung on a held lock: \(outcome)")
                    #expect(outcome.status == 3, "expected exit 3 while the lock is held: \(outcome)")
                    #expect(outcome.err.contains("busy") && outcome.err.contains(store), "the message should say the store is busy: \(outcome.err)")
                    #expect((4.5...15).contains(outcome.seconds), "gave up after \(outcome.seconds) s, not about 5 s: \(outcome)")
                }
                #expect(fileBytes(store) == before, "the store changed while another process held the lock")

                // The holder dies (the kernel drops its lock): changes go through at once.
                holder.killGroup(SIGKILL)
                _ = holder.wait(timeout: 10)
                let after = try tool.expect(0, ["add", "Waiting"])
                #expect(after.seconds < 4, "a change waited \(after.seconds) s for a lock no one holds")
                #expect(try tool.projects().map(\.name) == ["Existing", "Waiting"])
                reportFigure("stuck-lock: \(changes.count) changes at once against a lock held by a stuck process: gave up after \(String(format: "%.1f", waits.min() ?? 0))-\(String(format: "%.1f", waits.max() ?? 0)) s, a read meanwhile took \(String(format: "%.2f", read.seconds)) s, the first change after the holder died took \(String(format: "%.2f", after.seconds)) s")
            }
        }

        /// Waits until some other process holds the lock on `path` (at most 10 seconds).
        private func waitUntilLocked(_ path: String) throws {
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    let free = flock(descriptor, LOCK_EX | LOCK_NB) == 0
                    close(descriptor)
                    if !free { return }
                }
                usleep(10_000)
            }
            throw SpawnError("the helper process never took the lock on \(path)")
        }
    }
}
