import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a folder that cannot be made or moved (no permission, no space) leaves the store
    /// unchanged and the disk as it was (exit 3, naming the folder and the reason); a folder removed
    /// by hand is reported, never an error of the tool's, never recreated silently.
    @Suite struct FolderDisk {
        /// Root ignores permissions, so the tool runs as `nobody` (as in `Permissions`).
        @Test(.timeLimit(.minutes(2)))
        func aRootTheUserMayNotWriteChangesNothing() throws {
            try withTemporaryFolder { folder in
                guard let nobody = try Permissions.nobodyTool(in: folder) else { return }
                let home = folder + "/home"
                mkdir(home, 0o755)
                chown(home, Permissions.nobody, Permissions.nobody)
                var world = FolderWorld(store: home + "/projects.json", root: home + "/Writing")
                let tool = nobody.on(world.store).rooted(at: world.root)
                try tool.expect(0, ["add", "Kept", "-t", "novel"])
                try tool.expect(0, ["add", "Other", "-t", "poetry"])
                try tool.expect(0, ["add", "Bare", "-t", "novel", "--no-folder"])
                let document = try #require(world.check("after the adds"))
                try world.putMarker(in: document.projects[0], sub: "Chapters", number: 1)
                try world.putMarker(in: document.projects[1], number: 2)

                // The root read-only: no new folder, no rename, no trash can be made in it.
                chmod(world.root, 0o555)
                defer { chmod(world.root, 0o755) }
                let refusals: [(arguments: [Argument], naming: String)] = [
                    (["add", "New", "-t", "novel"], world.root + "/New"),
                    (["add", "New blank"], world.root + "/New blank"),
                    (["delete", "Kept", "--yes"], world.root),
                    (["rename", "Other", "Renamed"], world.root),
                    (["edit", "Bare", "--new-folder"], world.root + "/Bare"),
                ]
                for (arguments, naming) in refusals {
                    let store = fileBytes(world.store)
                    let tree = folderTree(home)
                    let outcome = try tool.run(arguments)
                    #expect(outcome.status == 3, "expected exit 3: \(outcome)")
                    #expect(outcome.err.contains(naming) && outcome.err.lowercased().contains("permission denied"),
                            "the message should name \(naming) and the reason: \(outcome.err)")
                    #expect(fileBytes(world.store) == store, "the store changed: \(outcome)")
                    #expect(folderTree(home) == tree, "the disk changed: \(Set(folderTree(home)).symmetricDifference(tree).sorted())")
                    world.check("after \(arguments)")
                }
                // Reads still work, and once the root may be written the same changes go through.
                try tool.expect(0, ["show", "Kept"])
                chmod(world.root, 0o755)
                try tool.expect(0, ["delete", "Kept", "--yes"])
                try tool.expect(0, ["rename", "Other", "Renamed"])
                try tool.expect(0, ["add", "New", "-t", "novel"])
                try tool.expect(0, ["edit", "Bare", "--new-folder"])
                world.check("after the root could be written")
                reportFigure("folder-permissions: \(refusals.count) folder changes as nobody in a read-only root: all exit 3 naming the folder, store and disk unchanged; the same went through once the root was writable")
            }
        }

        /// A tmpfs holding the root, full of data and of files (a disk can run out of either); the
        /// store elsewhere, so only the folder step can fail.
        @Test(.timeLimit(.minutes(2)))
        func aFullDiskHoldingTheRootChangesNothing() throws {
            try withTemporaryFolder { folder in
                let disk = folder + "/disk"
                try withTinyDisk(at: disk, inodes: 48) {
                    var world = FolderWorld(store: folder + "/projects.json", root: disk + "/Writing")
                    let tool = try Tool(store: world.store).rooted(at: world.root)
                    try tool.expect(0, ["add", "Existing", "-t", "novel"])
                    let existing = try #require(world.check("after the first add")?.projects.first)
                    try world.putMarker(in: existing, sub: "Research", number: 1)

                    let fillers = try fillCompletely(disk)
                    var attempts = 0
                    var freed = 0
                    // No room at all, then room for the project's folder and some of its kind's six
                    // folders but not all: what was made must be taken back.
                    for free in [0, 1, 3, 5] {
                        while freed < free {
                            unlink(fillers[freed])
                            freed += 1
                        }
                        let store = fileBytes(world.store)
                        let tree = folderTree(disk)
                        let outcome = try tool.run("add", Argument("Novel \(free)"), "-t", "novel")
                        attempts += 1
                        #expect(outcome.status == 3, "expected exit 3 with \(free) files free: \(outcome)")
                        #expect(outcome.err.contains(world.root + "/Novel \(free)") && outcome.err.lowercased().contains("no space left"),
                                "the message should name the folder and the lack of space: \(outcome.err)")
                        #expect(fileBytes(world.store) == store, "the store changed: \(outcome)")
                        #expect(folderTree(disk) == tree, "the disk changed: \(Set(folderTree(disk)).symmetricDifference(tree).sorted())")
                        world.check("after an add with \(free) files free")
                    }
                    // Once there is room, the same add goes through.
                    for filler in fillers { unlink(filler) }
                    try tool.expect(0, ["add", "Novel 0", "-t", "novel"])
                    world.check("after room was made")
                    reportFigure("folder-full-disk: \(attempts) adds of a novel into a full 64 kB tmpfs root (0, 1, 3, 5 files free): all exit 3, store and disk unchanged; the same add went through once space was freed")
                }
            }
        }

        /// The root is made when first needed; an add that then fails must not leave it behind. The
        /// disk is full of data, not of files: the root can be made, the record of the folder step
        /// (beside the store, on the same disk) cannot be written.
        @Test(.timeLimit(.minutes(1)))
        func aFailedFirstAddLeavesNoRootBehind() throws {
            try withTemporaryFolder { folder in
                let disk = folder + "/disk"
                try withTinyDisk(at: disk, inodes: 64) {
                    let store = disk + "/projects.json"
                    let tool = try Tool(store: store).rooted(at: disk + "/Writing")
                    try tool.expect(0, ["add", "Listed", "--no-folder"])
                    _ = try fillCompletely(disk, files: false)
                    let before = fileBytes(store)
                    let listing = folderListing(disk)
                    let outcome = try tool.run("add", "First novel", "-t", "novel")
                    #expect(outcome.status == 3, "expected exit 3 on a full disk: \(outcome)")
                    #expect(fileBytes(store) == before, "the store changed")
                    #expect(access(store + ".intent", F_OK) != 0, "an intent record was left")
                    // Not even the root it made for the folder is left.
                    #expect(folderListing(disk) == listing, "left on the disk: \(Set(folderListing(disk)).subtracting(listing).sorted())")
                }
            }
        }

        @Test(.timeLimit(.minutes(1)))
        func aFolderRemovedByHandIsReportedAndNeverRecreated() throws {
            try withTemporaryFolder { folder in
                var world = FolderWorld(store: folder + "/projects.json", root: folder + "/root")
                var tool = try Tool(store: world.store).rooted(at: world.root)
                // An editor and a shell that leave a trace if they are ever started.
                tool.environment["EDITOR"] = "touch \(folder)/editor-ran"
                try writeFile(folder + "/shell", Array("#!/bin/sh\ntouch '\(folder)/shell-ran'\n".utf8), mode: 0o755)
                tool.environment["SHELL"] = folder + "/shell"
                try tool.expect(0, ["add", "Gone", "-t", "novel"])
                try tool.expect(0, ["add", "Moved", "-t", "novel"])
                try tool.expect(0, ["add", "Here", "-t", "novel"])
                let document = try #require(world.check("after the adds"))
                try world.putMarker(in: document.projects[2], number: 1)
                let gone = world.root + "/Gone"
                try FileManager.default.removeItem(atPath: gone)
                try FileManager.default.moveItem(atPath: world.root + "/Moved", toPath: folder + "/Moved elsewhere")
                let elsewhere = folderTree(folder + "/Moved elsewhere")
                var runs = 0

                let shown = try tool.expect(0, ["show", "Gone"])
                #expect(shown.out.contains(gone) && shown.out.contains("missing"), "show should say the folder is missing: \(shown.out)")
                for arguments: [Argument] in [["path", "Gone"], ["open", "Gone"], ["open", "Gone", "--shell"], ["path", "Moved"], ["open", "Moved"]] {
                    let outcome = try tool.expect(1, arguments)
                    #expect(outcome.stdout.isEmpty, "nothing but the error should be printed: \(outcome)")
                    #expect(outcome.err.contains(world.root + "/") && outcome.err.contains("not on disk"), "the message should say the folder is not on disk: \(outcome.err)")
                    runs += 1
                }
                #expect(access(folder + "/editor-ran", F_OK) != 0, "the editor was started on a missing folder")
                #expect(access(folder + "/shell-ran", F_OK) != 0, "the shell was started in a missing folder")

                let renamed = try tool.expect(0, ["rename", "Gone", "Gone again"])
                #expect(renamed.out.contains(gone) && renamed.out.contains("not found"), "rename should say the folder was not found: \(renamed.out)")
                let deleted = try tool.expect(0, ["delete", "Moved", "--yes"])
                #expect(deleted.out.contains("not found"), "delete should say the folder was not found: \(deleted.out)")
                runs += 3
                let names = try tool.projects().map(\.name)
                #expect(names == ["Gone again", "Here"], "the list should change: \(names)")

                // Nothing was recreated or moved: no folder for the missing ones, no trash, the folder
                // moved by hand as it was.
                #expect(folderListing(world.root) == ["Here"], "in the root: \(folderListing(world.root))")
                #expect(folderTree(folder + "/Moved elsewhere") == elsewhere)
                #expect(try tool.projects().first?.folder == gone, "the record of the missing folder should stay as it was")
                try tool.expect(0, ["list"])
                try tool.expect(0, ["edit", "Gone again", "-d", "still listed"])
                // The traces work: on the folder that is there, the editor and the shell do start.
                try tool.expect(0, ["open", "Here"])
                try tool.expect(0, ["open", "Here", "--shell"])
                #expect(access(folder + "/editor-ran", F_OK) == 0 && access(folder + "/shell-ran", F_OK) == 0, "the editor or the shell left no trace")
                // The writer's file in the folder that stayed is where it was.
                #expect(isFolder(world.root + "/Here") && folderListing(world.root + "/Here").contains("marker-1.txt"))
                #expect(access(world.store + ".intent", F_OK) != 0)
                reportFigure("folder-removed-by-hand: \(runs) commands on projects whose folders were removed or moved by hand: show says missing, path and open exit 1, rename and delete change the list only; nothing recreated")
            }
        }
    }
}

/// Fills `disk` with data and then (unless `files` is false) with empty files until neither fits;
/// returns the files made, so a test can free some.
func fillCompletely(_ disk: String, files fillFiles: Bool = true) throws -> [String] {
    let data = disk + "/filler"
    let descriptor = open(data, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SpawnError("cannot make \(data): \(String(cString: strerror(errno)))") }
    let chunk = [UInt8](repeating: 0x2E, count: 1_024)
    while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    close(descriptor)
    var files: [String] = []
    while fillFiles {
        let path = disk + "/filler-\(files.count)"
        let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard made >= 0 else { break }
        close(made)
        files.append(path)
    }
    return files
}
