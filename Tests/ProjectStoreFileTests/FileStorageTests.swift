import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ProjectStore
import Testing
@testable import ProjectStoreFile

@Suite("File storage")
struct FileStorageTests {
    // MARK: Reading and first write

    @Test func missingFileReadsAsEmptyAndCreatesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/not/yet/projects.json"
            let catalog = try FileStorage(path: path).load()
            #expect(catalog == ProjectCatalog())
            #expect(try makeStore(FileStorage(path: path)).projects(in: .user, collator: NameCollator(locale: Locale(identifier: "en"))).isEmpty)
            #expect(!exists(folder + "/not"))
        }
    }

    @Test func firstWriteCreatesPrivateFoldersAndFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/data/project/nested/projects.json"
            let project = try makeStore(FileStorage(path: path)).add(name: "Novel", kind: .novel, details: "About")
            for created in ["/data", "/data/project", "/data/project/nested"] {
                #expect(permissions(folder + created) == 0o700, "\(created)")
            }
            #expect(permissions(path) == 0o600)
            #expect(!exists(path + ".tmp"))
            let decoded = try StoreDocument.decode(try #require(fileBytes(path)))
            #expect(decoded.projects == [project])
        }
    }

    @Test func firstWriteInAnExistingFolderLeavesTheFolderAlone() throws {
        try withTemporaryFolder { folder in
            let before = try #require(permissions(folder))
            try makeStore(FileStorage(path: folder + "/projects.json")).add(name: "One")
            #expect(permissions(folder) == before)
            #expect(permissions(folder + "/projects.json") == 0o600)
        }
    }

    @Test func changesPersistAcrossInstances() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            let a = try store.add(name: "Alpha", kind: .poetry, details: "first")
            let b = try store.add(name: "Beta", kind: .script)
            let c = try store.add(name: "Gamma \"quoted\"", kind: .shortStory, details: "multi\nline\u{1B}")
            try store.rename(.id(b.id), to: "Beta Two")
            try store.setDetails(of: .id(a.id), to: nil)
            try store.move(.id(c.id), to: .top)
            try store.setDefaultOrder(.date)
            let expected = try store.catalog()

            let reopened = FileStorage(path: path)
            let catalog = try reopened.load()
            #expect(catalog == expected)
            #expect(catalog.projects.map(\.name) == ["Gamma \"quoted\"", "Alpha", "Beta Two"])
            #expect(catalog.projects.map(\.position) == [1, 2, 3])
            #expect(catalog.projects[1].details == nil)
            #expect(catalog.defaultOrder == .date)

            try makeStore(reopened).delete(.id(a.id))
            #expect(try FileStorage(path: path).load().projects.map(\.id) == [c.id, b.id])
        }
    }

    @Test func updateReturnsTheChangesResult() throws {
        try withTemporaryFolder { folder in
            let storage = FileStorage(path: folder + "/projects.json")
            let count = try storage.update { catalog throws(ProjectStoreError) in
                try catalog.add(name: "X", kind: .blank, details: nil, id: UUID(), created: sampleDate)
                return catalog.projects.count
            }
            #expect(count == 1)
            #expect(try storage.load().projects.count == 1)
        }
    }

    // MARK: Writing only what changed

    @Test func updateThatChangesNothingDoesNotWrite() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let storage = FileStorage(path: path)
            let store = makeStore(storage)
            let project = try store.add(name: "Same", details: "Text")
            try store.setDefaultOrder(.user)
            let before = try #require(fileStatus(path))
            let bytes = fileBytes(path)
            // Let a second pass so a rewrite would show in the modification time too.
            usleep(20_000)

            #expect(try storage.update { _ in 42 } == 42)
            try store.setDefaultOrder(.user)
            try store.rename(.id(project.id), to: "Same")
            try store.setDetails(of: .named("same"), to: "Text")
            try store.move(.id(project.id), to: .top)

            let after = try #require(fileStatus(path))
            #expect(after.st_ino == before.st_ino)
            #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
            #expect(fileBytes(path) == bytes)
            #expect(!exists(path + ".tmp"))
        }
    }

    @Test func aChangeReplacesTheFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            try store.add(name: "One")
            let before = try #require(fileStatus(path))
            try store.add(name: "Two")
            let after = try #require(fileStatus(path))
            #expect(after.st_ino != before.st_ino, "written beside and renamed over, not in place")
        }
    }

    @Test func failedChangeWritesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            let existing = try store.add(name: "Taken")
            let bytes = fileBytes(path)
            let inode = fileStatus(path)?.st_ino
            #expect(throws: ProjectStoreError.duplicateName("taken", existing: existing)) {
                try store.add(name: "taken")
            }
            #expect(throws: ProjectStoreError.projectNotFound(reference: "missing", near: [])) {
                try store.rename(.named("missing"), to: "New")
            }
            #expect(fileBytes(path) == bytes)
            #expect(fileStatus(path)?.st_ino == inode)
            #expect(!exists(path + ".tmp"))
        }
    }

    @Test func noTemporaryFileRemainsAfterWrites() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            for index in 1...10 {
                let project = try store.add(name: "P\(index)")
                #expect(!exists(path + ".tmp"))
                try store.move(.id(project.id), to: .top)
                #expect(!exists(path + ".tmp"))
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(names == ["projects.json", "projects.json.lock"])
        }
    }

    @Test func staleTemporaryFileDoesNotBreakTheNextWrite() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            try store.add(name: "Before crash")
            try writeFile(path + ".tmp", "{\"version\": 1, \"projects\": [{\"id\": \"half a wr")
            #expect(try store.catalog().projects.map(\.name) == ["Before crash"], "a stale copy is never read")

            try store.add(name: "After crash")
            #expect(!exists(path + ".tmp"))
            #expect(try FileStorage(path: path).load().projects.map(\.name) == ["Before crash", "After crash"])
            #expect(permissions(path) == 0o600)
        }
    }

    /// A crash can also come before the store exists; the new store is still private.
    @Test func staleTemporaryFileBeforeTheFirstWrite() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            try writeFile(path + ".tmp", Array(repeating: UInt8(ascii: "x"), count: 100_000))
            chmod(path + ".tmp", 0o644)
            try makeStore(FileStorage(path: path)).add(name: "First")
            #expect(!exists(path + ".tmp"))
            #expect(try FileStorage(path: path).load().projects.map(\.name) == ["First"])
            #expect(permissions(path) == 0o600)
        }
    }

    @Test func existingPermissionsArePreserved() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            try store.add(name: "One")
            for mode: mode_t in [0o640, 0o644, 0o600, 0o664] {
                chmod(path, mode)
                try store.add(name: "Mode \(String(mode, radix: 8))")
                #expect(permissions(path) == mode)
            }
        }
    }

    // MARK: Invalid stores

    static let duplicateID = UUID(uuidString: "0F8E2C4A-1B3D-4E5F-8A7B-9C0D1E2F3A4B")!

    static func projectLine(_ id: String, _ name: String) -> String {
        #"{"id": "\#(id)", "name": "\#(name)", "type": "novel", "created": "2026-01-01T00:00:00.000Z", "details": null}"#
    }

    typealias ProblemCheck = @Sendable (DocumentProblem) -> Bool

    static func exactly(_ expected: DocumentProblem) -> ProblemCheck {
        { $0 == expected }
    }

    static let invalidStores: [(String, [UInt8], ProblemCheck)] = {
        var generator = SplitMix64(seed: 11)
        var random = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
        random[0] = 0xFF
        let whole = Array(#"{"version": 1, "sort": "name", "projects": [\#(projectLine("a1b2c3d4-e5f6-4711-8899-aabbccddeeff", "A"))]}"#.utf8)
        let id = duplicateID.lowercasedString
        return [
            ("random bytes", random, exactly(.syntax(line: 1, column: 1))),
            ("truncated", Array(whole[..<(whole.count / 2)]), { if case .syntax(line: 1, _) = $0 { true } else { false } }),
            ("wrong shape", Array(#"{"version": 1, "projects": {}}"#.utf8),
             exactly(.wrongKind(field: "projects", project: nil, expected: .array, found: .object))),
            ("a JSON array", Array("[]".utf8), exactly(.wrongKind(field: nil, project: nil, expected: .object, found: .array))),
            ("newer version", Array(#"{"version": 5, "sort": "name", "projects": []}"#.utf8), exactly(.newerVersion(5))),
            ("empty", [], exactly(.empty)),
            ("missing projects", Array(#"{"version": 1}"#.utf8), exactly(.missingField("projects", project: nil))),
            ("duplicate names",
             Array(#"{"version": 1, "projects": [\#(projectLine(UUID().lowercasedString, "Draft")), \#(projectLine(UUID().lowercasedString, "draft"))]}"#.utf8),
             exactly(.duplicateName("draft"))),
            ("duplicate ids",
             Array(#"{"version": 1, "projects": [\#(projectLine(id, "One")), \#(projectLine(id, "Two"))]}"#.utf8),
             exactly(.duplicateID(duplicateID))),
            ("invalid name",
             Array(#"{"version": 1, "projects": [\#(projectLine(id, #"bad\u0007name"#))]}"#.utf8),
             { if case .wrongValue(field: "name", value: "bad\u{7}name", _) = $0 { true } else { false } }),
            ("not UTF-8", Array(#"{"version": 1, "projects": [], "x": ""#.utf8) + [0xFF, 0x22, 0x7D], exactly(.notUTF8)),
        ]
    }()

    @Test(arguments: invalidStores.indices)
    func invalidStoreIsRefusedAndLeftUnchanged(_ index: Int) throws {
        let (label, bytes, check) = Self.invalidStores[index]
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            try writeFile(path, bytes)
            let storage = FileStorage(path: path)

            for (operation, error) in [
                ("load", storageError { try storage.load() }),
                ("update", storageError { try makeStore(storage).add(name: "New") }),
                ("no-op update", storageError { try storage.update { _ in } }),
            ] {
                guard case .invalid(let errorPath, let problem) = error else {
                    Issue.record("\(label), \(operation): \(String(describing: error))")
                    continue
                }
                #expect(errorPath == path, "\(label), \(operation)")
                #expect(check(problem), "\(label), \(operation): \(problem)")
            }
            #expect(fileBytes(path) == bytes, "\(label)")
            #expect(!exists(path + ".tmp"), "\(label)")
        }
    }

    /// Refused before anything is made beside it: no lock, no temporary file.
    @Test func storePathThatIsAFolderIsNotAFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            mkdir(path, 0o700)
            #expect(storageError { try FileStorage(path: path).load() } == .notAFile(path: path))
            #expect(storageError { try makeStore(FileStorage(path: path)).add(name: "X") } == .notAFile(path: path))
            #expect(storageError { try FileStorage(path: path).update { _ in } } == .notAFile(path: path))
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder)) == ["projects.json"])
        }
    }

    // MARK: A damaged store set aside

    @Test func damagedStoreIsSetAsideWholeAndNeverOverAnEarlierOne() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let storage = FileStorage(path: path)
            let time = Date(timeIntervalSince1970: 1_795_000_000.5)
            let damage: [UInt8] = Array("{\"version\": 3, \"projects\": [".utf8) + [0xFF, 0x00]
            try writeFile(path, damage)
            let first = try storage.setAsideDamagedStore(at: time)
            #expect(first == path + ".damaged-20261118T110640Z")
            #expect(!exists(path))
            #expect(fileBytes(path + ".damaged-20261118T110640Z") == damage)
            try writeFile(path, Array("[]".utf8))
            #expect(try storage.setAsideDamagedStore(at: time) == path + ".damaged-20261118T110640Z-2")
            #expect(fileBytes(path + ".damaged-20261118T110640Z") == damage)
            #expect(fileBytes(path + ".damaged-20261118T110640Z-2") == Array("[]".utf8))
        }
    }

    @Test func storeThatReadsIsNeverSetAside() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let storage = FileStorage(path: path)
            #expect(try storage.setAsideDamagedStore(at: Date()) == nil)
            try makeStore(storage).add(name: "Fine")
            let fine = fileBytes(path)
            #expect(try storage.setAsideDamagedStore(at: Date()) == nil)
            #expect(fileBytes(path) == fine)
            let newer = Array(#"{"version": 9, "projects": []}"#.utf8)
            try writeFile(path, newer)
            #expect(try storage.setAsideDamagedStore(at: Date()) == nil)
            #expect(fileBytes(path) == newer)
        }
    }

    // MARK: Read-only stores

    /// The promise, checked as an ordinary user. Run as root, the update runs on a thread whose user ids
    /// alone are switched to `nobody`, since root may write any file.
    @Test func readOnlyStoreIsRefusedAndLeftUnchanged() throws {
        try withTemporaryFolder { folder in
            // A folder anyone may write in, so only the store's own mode can stop the write.
            let shared = folder + "/shared"
            mkdir(shared, 0o777)
            chmod(shared, 0o777)
            let path = shared + "/projects.json"
            try makeStore(FileStorage(path: path)).add(name: "Kept")
            chmod(path, 0o444)
            // The lock file was made by this user; the other one must be able to take it.
            chmod(path + ".lock", 0o666)
            let bytes = fileBytes(path)
            let inode = fileStatus(path)?.st_ino

            let error = try asUserPermissionsStop {
                storageError { try makeStore(FileStorage(path: path)).add(name: "Refused") }
            }
            #expect(error == .unwritable(path: path, code: EACCES))
            #expect(fileBytes(path) == bytes)
            #expect(fileStatus(path)?.st_ino == inode)
            #expect(permissions(path) == 0o444)
            #expect(!exists(path + ".tmp"))
        }
    }

    /// What really happens as root: `access(W_OK)` grants root write access whatever the mode,
    /// so a 0444 store is replaced, keeping its mode.
    @Test(.enabled(if: geteuid() == 0, "only root may write a 0444 file"))
    func rootWritesAReadOnlyStoreAndKeepsItsMode() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            try store.add(name: "Kept")
            chmod(path, 0o444)
            try store.add(name: "Added by root")
            #expect(try FileStorage(path: path).load().projects.map(\.name) == ["Kept", "Added by root"])
            #expect(permissions(path) == 0o444)
        }
    }

    // MARK: Symbolic links

    @Test(arguments: [true, false])
    func symbolicLinkIsKeptAndItsTargetUpdated(relative: Bool) throws {
        try withTemporaryFolder { folder in
            mkdir(folder + "/real", 0o700)
            mkdir(folder + "/links", 0o700)
            let target = folder + "/real/projects.json"
            let link = folder + "/links/projects.json"
            try makeStore(FileStorage(path: target)).add(name: "Through target")
            let destination = relative ? "../real/projects.json" : target
            #expect(symlink(destination, link) == 0)

            try makeStore(FileStorage(path: link)).add(name: "Through link")

            #expect(isSymbolicLink(link))
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == destination)
            #expect(try FileStorage(path: target).load().projects.map(\.name) == ["Through target", "Through link"])
            #expect(permissions(target) == 0o600)
            #expect(!exists(target + ".tmp") && !exists(link + ".tmp"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/links") == ["projects.json"])
        }
    }

    /// A link made before its store exists (say, into a synced folder) must still be a link after the first write.
    @Test func danglingSymbolicLinkIsKeptAndItsTargetCreated() throws {
        try withTemporaryFolder { folder in
            mkdir(folder + "/real", 0o700)
            let target = folder + "/real/projects.json"
            let link = folder + "/projects.json"
            #expect(symlink(target, link) == 0)

            try makeStore(FileStorage(path: link)).add(name: "First")

            #expect(isSymbolicLink(link), "the link was replaced by a file")
            #expect((try? FileStorage(path: target).load().projects.map(\.name)) == ["First"])
        }
    }

    // MARK: Locking

    @Test func lockHeldElsewhereMakesUpdateBusy() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let storage = FileStorage(path: path, lockTimeout: .milliseconds(300))
            try makeStore(storage).add(name: "Before")
            let bytes = fileBytes(path)

            let holder = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(holder >= 0)
            #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)

            let clock = ContinuousClock()
            let start = clock.now
            let error = storageError { try makeStore(storage).add(name: "Blocked") }
            let waited = clock.now - start

            guard case .busy = error else {
                Issue.record("expected busy, got \(String(describing: error))")
                close(holder)
                return
            }
            #expect(waited >= .milliseconds(290) && waited < .seconds(3), "waited \(waited)")
            #expect(fileBytes(path) == bytes)
            #expect(!exists(path + ".tmp"))
            // Reading needs no lock.
            #expect(try storage.load().projects.map(\.name) == ["Before"])

            close(holder)
            try makeStore(storage).add(name: "After")
            #expect(try storage.load().projects.map(\.name) == ["Before", "After"])
        }
    }

    @Test func updateWaitsForALockReleasedInTime() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let storage = FileStorage(path: path, lockTimeout: .seconds(5))
            try makeStore(storage).add(name: "Before")
            let holder = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
            let releaser = Thread {
                usleep(200_000)
                close(holder)
            }
            releaser.start()
            let clock = ContinuousClock()
            let start = clock.now
            try makeStore(storage).add(name: "After")
            #expect(clock.now - start >= .milliseconds(150))
            #expect(try storage.load().projects.map(\.name) == ["Before", "After"])
        }
    }

    @Test func concurrentWritersLoseNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let errors = ResultBox<[String]>()
            errors.value = []
            let counts = ResultBox<[Int]>()
            counts.value = []
            let done = DispatchSemaphore(value: 0)
            let stop = ResultBox<Bool>()
            stop.value = false

            for writer in 0..<2 {
                Thread {
                    let store = makeStore(FileStorage(path: path, lockTimeout: .seconds(30)))
                    for index in 0..<50 {
                        do {
                            try store.add(name: "Writer \(writer) project \(index)")
                        } catch {
                            errors.mutate { $0!.append("\(writer)/\(index): \(error)") }
                        }
                    }
                    done.signal()
                }.start()
            }
            // A reader alongside: it must never see half a store.
            Thread {
                let storage = FileStorage(path: path)
                while stop.value != true {
                    do {
                        let count = try storage.load().projects.count
                        counts.mutate { $0!.append(count) }
                    } catch {
                        errors.mutate { $0!.append("reader: \(error)") }
                    }
                    usleep(500)
                }
                done.signal()
            }.start()
            done.wait()
            done.wait()
            stop.value = true
            done.wait()

            #expect(errors.value == [])
            let catalog = try FileStorage(path: path).load()
            #expect(catalog.projects.count == 100)
            let names = Set(catalog.projects.map(\.name))
            for writer in 0..<2 {
                for index in 0..<50 { #expect(names.contains("Writer \(writer) project \(index)")) }
            }
            #expect(catalog.projects.map(\.position) == Array(1...100))
            let seen = counts.value!
            #expect(!seen.isEmpty)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "a reader saw the store go back")
            #expect(!exists(path + ".tmp"))
        }
    }
}
