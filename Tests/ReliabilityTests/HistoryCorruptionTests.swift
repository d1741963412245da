import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a history that cannot be read never makes the projects unusable. A history whose
    /// header cannot be used: `undo`, `redo` and `history` refuse (exit 3) naming the file and
    /// `history --clear`; every other command works and warns once that its change is not recorded.
    /// A line damaged in the middle, found by the next change or undo (the file is not as long as
    /// the store left it, so it is read): the same, but for `redo`, which reads back only to the
    /// last change, and may find nothing to redo before the damage. Either way the damaged bytes
    /// are never rewritten, and `history --clear --yes` starts afresh. A torn last line, what a crash
    /// leaves, is not damage: it is passed over silently.
    @Suite struct HistoryCorruption {
        @Test(.timeLimit(.minutes(1)))
        func garbageInTheMiddle() throws {
            try withTemporaryFolder { folder in
                let fixture = try HistoryFixture(in: folder)
                try makeHistory(fixture)
                var lines = try #require(fileBytes(fixture.historyPath)).split(separator: 0x0A, omittingEmptySubsequences: false)
                lines.insert(ArraySlice("this is not an event {\"rev\": 2".utf8), at: 2)
                try writeFile(fixture.historyPath, Array(lines.joined(separator: [0x0A])), mode: 0o600)
                let checked = try expectUnusableHistory(fixture, redoMayFindNothing: true)
                try expectFreshStart(fixture)
                reportFigure("history.corrupt (garbage in the middle): \(checked) commands checked: history and undo refuse with exit 3, redo finds nothing to redo or refuses, the others work and warn once; history --clear --yes starts afresh")
            }
        }

        @Test(.timeLimit(.minutes(1)))
        func historyFromANewerVersion() throws {
            try withTemporaryFolder { folder in
                let fixture = try HistoryFixture(in: folder)
                try makeHistory(fixture)
                let bytes = try #require(fileBytes(fixture.historyPath))
                let body = bytes[(bytes.firstIndex(of: 0x0A)! + 1)...]
                try writeFile(fixture.historyPath, Array("{\"history\": 99}\n".utf8) + body, mode: 0o600)
                let checked = try expectUnusableHistory(fixture, saying: "newer version")
                try expectFreshStart(fixture)
                reportFigure("history.corrupt (header {\"history\": 99}): \(checked) commands checked, the newer history left untouched until history --clear --yes")
            }
        }

        /// Root reads every file, so the tool runs as `nobody` (as the permission tests do).
        @Test(.timeLimit(.minutes(1)))
        func unreadableHistory() throws {
            try withTemporaryFolder { folder in
                // A home of nobody's own, where it keeps its store, history and folders.
                let home = folder + "/home"
                mkdir(home, 0o700)
                chown(home, Self.nobody, Self.nobody)
                guard let nobody = try nobodyTool(in: folder, store: home + "/projects.json") else { return }
                let fixture = try HistoryFixture(in: home, tool: nobody)
                try makeHistory(fixture)
                #expect(chmod(fixture.historyPath, 0) == 0)
                // Nothing says this history is damaged: clearing it is not the advice.
                let checked = try expectUnusableHistory(fixture, advice: "permissions")
                try expectFreshStart(fixture)
                reportFigure("history.corrupt (history chmod 000, run as nobody): \(checked) commands checked, then history --clear --yes")
            }
        }

        /// What a crash between the history's write and the store's leaves: a last event without its
        /// new line, for a revision the store never reached.
        @Test(.timeLimit(.minutes(1)))
        func tornLastLineIsPassedOverSilently() throws {
            try withTemporaryFolder { folder in
                let fixture = try HistoryFixture(in: folder)
                let tool = fixture.tool
                try makeHistory(fixture)
                let before = try fixture.history("before the torn change")
                let storeBefore = try #require(fileBytes(fixture.store))
                let historyBefore = try #require(fileBytes(fixture.historyPath))
                try tool.expect(0, ["edit", "One", "-d", "A change torn by a crash"])
                let historyAfter = try #require(fileBytes(fixture.historyPath))
                let event = historyAfter[historyBefore.count...]
                try #require(event.count > 20 && event.last == 0x0A, "the edit did not append one event")
                // The state after the crash: the store as it was, the event half written.
                try writeFile(fixture.store, storeBefore, mode: 0o600)
                try writeFile(fixture.historyPath, historyBefore + event.prefix(event.count / 2), mode: 0o600)

                for arguments: [Argument] in [["history", "--json"], ["list"], ["history"], ["export"]] {
                    let outcome = try tool.expect(0, arguments)
                    #expect(outcome.stderr.isEmpty, "a torn last line is not damage, yet `\(arguments)` warned: \(outcome.err)")
                }
                #expect(shown(try fixture.history("with a torn line")) == shown(before), "the torn change shows in the history")

                // The next change replaces the torn bytes: every line whole, the new event last.
                let added = try tool.expect(0, ["add", "After the crash"])
                #expect(added.stderr.isEmpty, "the change after a torn line warned: \(added.err)")
                let bytes = try #require(fileBytes(fixture.historyPath))
                #expect(bytes.last == 0x0A, "the history does not end with a new line")
                let events = bytes.split(separator: 0x0A).dropFirst()
                #expect(events.count == before.count + 1, "\(events.count) events for \(before.count + 1) changes")
                for (number, line) in events.enumerated() {
                    #expect((try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any], "event \(number + 1) is not whole: \(String(decoding: line.prefix(120), as: UTF8.self))")
                }
                #expect(!String(decoding: bytes, as: UTF8.self).contains("torn by a crash"), "the torn event survived the next change")
                let after = try fixture.history("after the next change")
                #expect(after.count == before.count + 1 && after.first?.command == "add" && shown(Array(after.dropFirst())) == shown(before),
                        "the history after the next change: \(after)")
                // And it undoes like any other: the add first, then the changes before the crash.
                try tool.expect(0, ["undo"])
                #expect(try fixture.storeFile().project(named: "After the crash") == nil, "undo did not take back the add")
                let undoneEdit = try tool.expect(0, ["undo"])
                #expect(undoneEdit.out.contains("“One”"), "the second undo did not take back the edit of One: \(undoneEdit)")
                reportFigure("history.torn: a half-written last event (\(event.count / 2) of \(event.count) bytes) passed over silently by \(4) commands and replaced by the next change; undo goes on past it")
            }
        }

        // MARK: Helpers

        static let nobody: uid_t = 65_534

        /// A few recorded changes: two adds, a rename, an edit.
        private func makeHistory(_ fixture: HistoryFixture) throws {
            for arguments: [Argument] in [["add", "One", "--type", "novel"], ["add", "Two"], ["rename", "Two", "Deux"], ["edit", "One", "-d", "Notes"]] {
                try fixture.tool.expect(0, arguments)
            }
            #expect(try fixture.history("setup").count == 4)
        }

        /// History, undo and redo refuse; every other command works, warning once, and leaves the
        /// damaged history as it was. Returns the number of commands checked.
        private func expectUnusableHistory(
            _ fixture: HistoryFixture, saying words: String? = nil, advice: String = "history --clear", redoMayFindNothing: Bool = false,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> Int {
            let tool = fixture.tool
            let damaged = fileBytes(fixture.historyPath)
            var checked = 0
            for (index, arguments): (Int, [Argument]) in [["undo"], ["redo"], ["history"], ["history", "--json"]].enumerated() {
                let store = fileBytes(fixture.store)
                let outcome = try tool.run(arguments)
                if redoMayFindNothing, index == 1, outcome.status == 1 {
                    #expect(outcome.err.contains("redo"), "\(outcome)", sourceLocation: sourceLocation)
                    #expect(fileBytes(fixture.store) == store, "`\(arguments)` changed the store", sourceLocation: sourceLocation)
                    checked += 1
                    continue
                }
                #expect(outcome.status == 3, "expected exit 3: \(outcome)", sourceLocation: sourceLocation)
                #expect(outcome.err.contains(fixture.historyPath) && outcome.err.contains(advice),
                        "the refusal should name \(fixture.historyPath) and say “\(advice)”: \(outcome.err)", sourceLocation: sourceLocation)
                if let words {
                    #expect(outcome.err.contains(words), "the refusal should say “\(words)”: \(outcome.err)", sourceLocation: sourceLocation)
                }
                #expect(fileBytes(fixture.store) == store, "`\(arguments)` changed the store", sourceLocation: sourceLocation)
                checked += 1
            }

            try writeFile(fixture.folder + "/more.json", exportDocument(count: 2, prefix: "Imported"), mode: 0o644)
            let changes: [[Argument]] = [
                ["add", "Three", "--type", "poetry"], ["rename", "Three", "Trois"], ["edit", "Trois", "-d", "Unrecorded"],
                ["move", "Trois", "--to", "1"], ["sort", "date"], ["import", Argument(fixture.folder + "/more.json")],
                ["delete", "Deux", "--yes"],
            ]
            for arguments in changes {
                let store = fileBytes(fixture.store)
                let outcome = try tool.run(arguments)
                #expect(outcome.status == 0, "expected exit 0: \(outcome)", sourceLocation: sourceLocation)
                let warnings = outcome.err.components(separatedBy: "not recorded in the history").count - 1
                #expect(warnings == 1, "`\(arguments)` should warn once that its change is not recorded: \(outcome.err)", sourceLocation: sourceLocation)
                #expect(fileBytes(fixture.store) != store, "`\(arguments)` did not change the store", sourceLocation: sourceLocation)
                checked += 1
            }
            // Reads change nothing, so there is nothing unrecorded to warn about.
            for arguments: [Argument] in [["list"], ["show", "Trois"], ["export"], ["path", "One"]] {
                let outcome = try tool.run(arguments)
                #expect(outcome.status == 0 && outcome.stderr.isEmpty, "expected exit 0 and no warning: \(outcome)", sourceLocation: sourceLocation)
                checked += 1
            }
            let store = try fixture.storeFile()
            #expect(store.project(named: "Trois")?.position == 1 && store.project(named: "Deux") == nil && store.projects.count == 4 && store.sort == "date",
                    "the changes did not all take effect: \(store.projects.map(\.name))", sourceLocation: sourceLocation)
            fixture.checkFolders(store, "with a damaged history", sourceLocation: sourceLocation)
            // The damaged history is left for the writer to look at or clear: never rewritten behind their back.
            #expect(fileBytes(fixture.historyPath) == damaged, "the damaged history was changed", sourceLocation: sourceLocation)
            return checked
        }

        /// `history --clear --yes` starts afresh: later changes are recorded and undone again.
        private func expectFreshStart(_ fixture: HistoryFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let tool = fixture.tool
            let projects = try fixture.storeFile().projects
            let cleared = try tool.expect(0, ["history", "--clear", "--yes"], sourceLocation: sourceLocation)
            // Without the clear, what follows would only repeat that the history is still unusable.
            guard cleared.status == 0 else { return }
            let empty = try tool.run("history", "--json")
            #expect(empty.status == 0 && empty.out == "[]\n", "a cleared history is not empty: \(empty)", sourceLocation: sourceLocation)
            #expect(try fixture.storeFile().projects == projects, "clearing the history changed the projects", sourceLocation: sourceLocation)

            let added = try tool.expect(0, ["add", "Recorded again"], sourceLocation: sourceLocation)
            #expect(added.stderr.isEmpty, "a change after the clear still warns: \(added.err)", sourceLocation: sourceLocation)
            let lines = try tool.run("history", "--json")
            #expect(lines.status == 0 && (try? HistoryLine.list(lines.stdout).map(\.command)) == ["add"],
                    "the change after the clear is not the one entry: \(lines)", sourceLocation: sourceLocation)
            try tool.expect(0, ["undo"], sourceLocation: sourceLocation)
            #expect(try fixture.storeFile().projects == projects, "undo did not take back the change after the clear", sourceLocation: sourceLocation)
        }

        /// The tool run as `nobody` from a copy every user may execute; `nil`, with a recorded failure
        /// saying why, where that is impossible.
        private func nobodyTool(in folder: String, store: String) throws -> Tool? {
            guard isRoot else {
                Issue.record("UNREADABLE HISTORY TEST NOT RUN: it must run as root to run the tool as `nobody`; root itself reads every file.")
                return nil
            }
            guard let setpriv = which("setpriv") else {
                Issue.record("UNREADABLE HISTORY TEST NOT RUN: `setpriv` (util-linux) is missing; run Tests/install-test-tools.sh.")
                return nil
            }
            let tool = try Tool(
                store: store, binary: try copyOfTool(in: folder),
                prefix: [setpriv, "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--"])
            let probe = try tool.run("--version")
            guard probe.status == 0 else {
                Issue.record("UNREADABLE HISTORY TEST NOT RUN: the tool does not run as nobody: \(probe)")
                return nil
            }
            return tool
        }
    }
}

/// The entries' changes and whether each is undone: what must stay when nothing changed.
private func shown(_ lines: [HistoryLine]) -> [String] { lines.map { "\($0.change) \($0.undone)" } }
