import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: the history never grows without limit, yet at least the last 100 changes can be
    /// undone, and an import of 10,000 projects is one change, undone whole.
    @Suite struct HistoryBound {
        static let changes = 650

        @Test(.timeLimit(.minutes(3)))
        func compactedAfterManyChangesAndStillUndoesTheLastHundred() throws {
            try withTemporaryFolder { folder in
                let fixture = try HistoryFixture(in: folder)
                let tool = fixture.tool
                try tool.expect(0, ["add", "Solo", "--no-folder"])
                let started = ContinuousClock.now
                var largest = 0
                for version in 1...Self.changes {
                    let outcome = try tool.run("edit", "Solo", "-d", Argument("Version \(version)"))
                    guard outcome.status == 0 else {
                        Issue.record("change \(version): \(outcome)")
                        return
                    }
                    largest = max(largest, fileBytes(fixture.historyPath)?.count ?? 0)
                }
                let changeSeconds = seconds(since: started)

                // Compacted: fewer events on file than changes made, and the file no longer at its largest.
                let bytes = try #require(fileBytes(fixture.historyPath))
                let events = bytes.split(separator: 0x0A).count - 1
                #expect(events < Self.changes, "\(events) events on file after \(Self.changes + 1) changes: never compacted")
                #expect(bytes.count < largest, "the history (\(bytes.count) bytes) never shrank from its largest, \(largest) bytes")
                let entries = try fixture.history("after \(Self.changes) changes")
                #expect((100...Self.changes).contains(entries.count), "\(entries.count) entries kept")
                #expect(entries.allSatisfy { $0.command == "edit" && !$0.undone })

                // The most recent hundred undo one by one, each back to the version before it.
                let undoStarted = ContinuousClock.now
                for count in 1...100 {
                    let outcome = try tool.run("undo")
                    guard outcome.status == 0 else {
                        Issue.record("undo \(count) of the last 100 changes: \(outcome)")
                        return
                    }
                    if count.isMultiple(of: 10) {
                        let details = try fixture.storeFile().project(named: "Solo")?.details
                        #expect(details == "Version \(Self.changes - count)", "after \(count) undos, details are \(details ?? "none")")
                    }
                }
                let undoSeconds = seconds(since: undoStarted)
                try tool.expect(0, ["redo"])
                #expect(try fixture.storeFile().project(named: "Solo")?.details == "Version \(Self.changes - 99)", "redo after compaction")
                reportFigure("history.bound: \(Self.changes + 1) changes in \(formatted(changeSeconds)) s; the file compacted to \(events) events (\(bytes.count / 1024) kB, largest \(largest / 1024) kB), \(entries.count) entries kept; the last 100 undone in \(formatted(undoSeconds)) s")
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func anImportOfTenThousandIsOneChangeUndoneWhole() throws {
            try withTemporaryFolder { folder in
                let fixture = try HistoryFixture(in: folder)
                let tool = fixture.tool
                try tool.expect(0, ["add", "Before the import", "--type", "novel"])
                let before = try fixture.export("before the import")
                let beforeLines = try fixture.history("before the import")
                try writeFile(folder + "/big.json", exportDocument(count: 10_000, detailsLength: 100), mode: 0o644)

                let imported = try tool.run(["import", Argument(folder + "/big.json")], timeout: 60)
                #expect(imported.status == 0, "\(imported)")
                let lines = try fixture.history("after the import")
                #expect(lines.count == beforeLines.count + 1, "the import made \(lines.count - beforeLines.count) entries, not one")
                #expect(lines.first?.command == "import" && lines.first?.projects.count == 10_000,
                        "the newest entry is not the import of 10,000: \(lines.first.map { "\($0.command), \($0.projects.count) projects" } ?? "none")")
                #expect(try fixture.storeFile().projects.count == 10_001)
                let historySize = fileBytes(fixture.historyPath)?.count ?? 0

                let undone = try tool.run(["undo"], timeout: 60)
                #expect(undone.status == 0 && undone.out.contains("10"), "\(undone)")
                #expect(try fixture.export("after undoing the import") == before, "undoing the import did not give back the store before it")
                let redone = try tool.run(["redo"], timeout: 60)
                let redoneCount = try fixture.storeFile().projects.count
                #expect(redone.status == 0 && redoneCount == 10_001, "\(redone)")
                try tool.expect(0, ["undo"])
                #expect(try fixture.export("after the second undo") == before)
                let after = try fixture.history("after the undos")
                #expect(after.count == lines.count && after.first?.undone == true && after.dropFirst().allSatisfy { !$0.undone })
                reportFigure("history.import: an import of 10,000 projects is 1 entry (\(historySize / 1024) kB of history); import \(formatted(imported.seconds, 2)) s, undo \(formatted(undone.seconds, 2)) s, redo \(formatted(redone.seconds, 2)) s, each back to the exact export")
            }
        }
    }
}
