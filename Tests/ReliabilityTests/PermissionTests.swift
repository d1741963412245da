import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a store or folder the user may not write gives exit 3, a message naming the path,
    /// and no change. Root ignores permissions, so the tool runs as `nobody` (through util-linux
    /// `setpriv`); the test needs root for that and fails, saying why, without it.
    @Suite struct Permissions {
        static let nobody: uid_t = 65_534

        @Test(.timeLimit(.minutes(2)))
        func storesAndFoldersTheUserMayNotWrite() throws {
            try withTemporaryFolder { folder in
                guard var tool = try Self.nobodyTool(in: folder) else { return }
                // Project folders go to a root of `nobody`'s own (writable), outside the folders checked
                // below, so that an `add` refused for the store's sake must also leave no folder there.
                let root = folder + "/root"
                mkdir(root, 0o755)
                chown(root, Self.nobody, Self.nobody)
                tool.environment["PROJECT_ROOT"] = root
                var refusals = 0
                let seed = exportDocument(count: 3)

                // 1. A folder nobody may write, holding a store nobody may read but not write.
                let locked = folder + "/locked"
                mkdir(locked, 0o755)
                let store = locked + "/projects.json"
                try writeFile(folder + "/seed.json", seed, mode: 0o644)
                try Tool(store: store).expect(0, ["import", Argument(folder + "/seed.json")])
                unlink(store + ".lock")
                chmod(store, 0o644)
                let inLocked = tool.on(store)
                try inLocked.expect(0, ["list"])
                for arguments: [Argument] in [["add", "New"], ["rename", "Project 1", "Other"], ["delete", "Project 1", "--yes"], ["sort", "date"]] {
                    try expectRefused(inLocked, arguments, naming: store, folder: locked)
                    refusals += 1
                }

                // 2. The same folder, with the store and its lock file writable by everyone: the new copy
                //    cannot be made beside the store, and the message names the folder.
                chmod(store, 0o666)
                try writeFile(store + ".lock", [], mode: 0o666)
                chmod(store + ".lock", 0o666)
                for arguments: [Argument] in [["add", "New"], ["edit", "Project 2", "-d", "notes"], ["move", "Project 3", "--top"]] {
                    // An `add` fails here on its intent record beside the store: the store's folder is named.
                    try expectRefused(inLocked, arguments, naming: locked, folder: locked)
                    refusals += 1
                }

                // 3. A folder of nobody's own, with the store made read-only: not replaced, though the
                //    folder would allow it, since the user said so.
                let own = folder + "/own"
                mkdir(own, 0o700)
                let readOnly = own + "/projects.json"
                try writeFile(readOnly, try #require(fileBytes(store)), mode: 0o444)
                chmod(readOnly, 0o444)
                try writeFile(readOnly + ".lock", [], mode: 0o600)
                for path in [own, readOnly, readOnly + ".lock"] { chown(path, Self.nobody, Self.nobody) }
                let inOwn = tool.on(readOnly)
                try inOwn.expect(0, ["show", "Project 1"])
                try writeFile(folder + "/more.json", exportDocument(count: 2, prefix: "More", idPrefix: "7e"), mode: 0o644)
                for arguments: [Argument] in [["add", "New"], ["rename", "Project 1", "Other"], ["import", Argument(folder + "/more.json")]] {
                    try expectRefused(inOwn, arguments, naming: readOnly, folder: own)
                    refusals += 1
                }

                // 4. A store nobody may not even read: every command, reads included.
                let secret = folder + "/secret"
                mkdir(secret, 0o755)
                let unreadable = secret + "/projects.json"
                try writeFile(unreadable, try #require(fileBytes(store)), mode: 0o600)
                let onSecret = tool.on(unreadable)
                for arguments: [Argument] in [["list"], ["show", "Project 1"], ["export"], ["add", "New"]] {
                    try expectRefused(onSecret, arguments, naming: unreadable, folder: secret)
                    refusals += 1
                }

                // 5. A store whose folder does not exist yet, under a folder nobody may write: it reads
                //    as empty, and the first change says which folder it could not make.
                let missing = locked + "/sub/projects.json"
                let onMissing = tool.on(missing)
                try onMissing.expect(0, ["list"])
                try expectRefused(onMissing, ["add", "New"], naming: locked + "/sub", folder: locked)
                refusals += 1

                reportFigure("permissions: \(refusals) changes attempted as nobody (unwritable folder, read-only store, unreadable store, folder that cannot be made)")
            }
        }

        /// The tool, run as `nobody` from a copy nobody may execute; `nil` (with a recorded failure
        /// that says why) where that is impossible.
        static func nobodyTool(in folder: String) throws -> Tool? {
            guard isRoot else {
                Issue.record("PERMISSION TEST NOT RUN: it must run as root (as CI does) to run the tool as `nobody`; root itself ignores permissions.")
                return nil
            }
            guard let setpriv = which("setpriv") else {
                Issue.record("PERMISSION TEST NOT RUN: `setpriv` (util-linux) is missing; run Tests/install-test-tools.sh.")
                return nil
            }
            let tool = try Tool(
                store: folder + "/unused.json", binary: try copyOfTool(in: folder),
                prefix: [setpriv, "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--"])
            let probe = try tool.run("--version")
            guard probe.status == 0 else {
                Issue.record("PERMISSION TEST NOT RUN: the tool does not run as nobody (uid \(Self.nobody)); are the Swift libraries readable by every user? \(probe)")
                return nil
            }
            return tool
        }

        /// Runs as nobody, expecting exit 3, a message naming `path`, and no change in `folder`.
        private func expectRefused(
            _ tool: Tool, _ arguments: [Argument], naming path: String, folder: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let snapshot = folderSnapshot(folder)
            let root = tool.environment["PROJECT_ROOT"].map(folderTree)
            let outcome = try tool.run(arguments)
            #expect(outcome.status == 3, "expected exit 3: \(outcome)", sourceLocation: sourceLocation)
            #expect(outcome.err.lowercased().contains("permission denied"), "the message should give the reason: \(outcome.err)", sourceLocation: sourceLocation)
            #expect(outcome.err.contains(path), "the message should name \(path): \(outcome.err)", sourceLocation: sourceLocation)
            #expect(folderSnapshot(folder) == snapshot, "something changed in \(folder): \(outcome)", sourceLocation: sourceLocation)
            #expect(tool.environment["PROJECT_ROOT"].map(folderTree) == root, "something changed in the root: \(outcome)", sourceLocation: sourceLocation)
        }

        /// Every file of a folder with its bytes and mode.
        private func folderSnapshot(_ folder: String) -> [String: String] {
            var snapshot: [String: String] = [:]
            for name in folderListing(folder) {
                var status = stat()
                stat(folder + "/" + name, &status)
                let bytes = fileBytes(folder + "/" + name) ?? []
                snapshot[name] = "mode \(String(status.st_mode, radix: 8)) uid \(status.st_uid) \(bytes.count) bytes \(bytes.hashValue)"
            }
            return snapshot
        }
    }
}

extension Tool {
    /// The same program and environment, on another store.
    func on(_ store: String) -> Tool {
        var copy = self
        copy.environment["PROJECT_STORE"] = store
        copy.environment["HOME"] = StoreFolder.parent(store)
        copy.environment["XDG_DATA_HOME"] = StoreFolder.parent(store)
        return copy
    }
}
