import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import ProjectStore
@testable import ProjectStoreFile

/// A machine's log in a shared root on disk: written only by appending, read whole lines only, and
/// refused when it is not what its name says.
@Suite struct SharedRootFolderTests {
    let laptop = Machine(id: UUID(uuidString: "11111111-1111-4111-8111-111111111111")!, name: "laptop")
    let desktop = Machine(id: UUID(uuidString: "22222222-2222-4222-8222-222222222222")!, name: "desktop")

    func change(_ machine: Machine, _ milliseconds: Int64, seen: [UUID: HybridTime] = [:]) -> SharedChange {
        let project = Project(id: UUID(), name: "Winter \(milliseconds)", kind: .novel, created: Date(millisecondsSince1970: milliseconds),
                              details: "Cold", orderKey: OrderKey("a\(milliseconds % 10)"))
        let change = Change(revision: 1, time: Date(millisecondsSince1970: milliseconds), clock: HybridTime(milliseconds: milliseconds, counter: 2),
                            machine: machine, kind: .command("add"), operations: [.create(project)])
        return SharedChange(change: change, seen: seen)
    }

    @Test("a root is shared once .project/machines is made, the root first if missing; ends are each log's size")
    func shareAndEnds() throws {
        try withTemporaryFolder { folder in
            let root = folder + "/Writing"
            let shared = SharedRootFolder()
            #expect(!shared.isShared(root))
            try shared.share(root)
            try shared.share(root)
            #expect(shared.isShared(root))
            #expect(try shared.logEnds(in: root).isEmpty)
            let end = try shared.append(change(laptop, 1_000), in: root)
            // A sync engine's temporary file beside the logs is not ours to read.
            try writeFile(SharedRootFolder.machinesFolder(in: root) + "/.syncthing.x.log.tmp", "partial")
            #expect(try shared.logEnds(in: root) == [laptop.id: end])
            #expect(fileBytes(root + "/" + SharedRootFolder.relativeLogPath(of: laptop.id))?.count == end)
        }
    }

    @Test("changes read back as written, with what their machine had seen")
    func roundTrip() throws {
        try withTemporaryFolder { root in
            let shared = SharedRootFolder()
            try shared.share(root)
            let first = change(laptop, 1_000)
            let second = change(laptop, 2_000, seen: [desktop.id: HybridTime(milliseconds: 1_500, counter: 0)])
            _ = try shared.append(first, in: root)
            let end = try shared.append(second, in: root)
            let entries = try shared.log(of: laptop.id, in: root)
            #expect(entries.map(\.change) == [first, second])
            #expect(entries.last?.end == end)
        }
    }

    @Test("a last line still arriving is left for later, and this machine's next append cuts a torn one first")
    func tornLine() throws {
        try withTemporaryFolder { root in
            let shared = SharedRootFolder()
            try shared.share(root)
            let end = try shared.append(change(laptop, 1_000), in: root)
            let path = root + "/" + SharedRootFolder.relativeLogPath(of: laptop.id)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data("{\"rev\": 2, \"time\": \"2026".utf8))
            handle.closeFile()
            #expect(try shared.log(of: laptop.id, in: root).count == 1)
            let next = change(laptop, 2_000)
            _ = try shared.append(next, in: root)
            let entries = try shared.log(of: laptop.id, in: root)
            #expect(entries.count == 2 && entries[1].change == next && entries[0].end == end)
        }
    }

    @Test("a log whose header names another machine, or a newer format, is refused, naming the file")
    func refused() throws {
        try withTemporaryFolder { root in
            let shared = SharedRootFolder()
            try shared.share(root)
            let path = root + "/" + SharedRootFolder.relativeLogPath(of: laptop.id)
            try writeFile(path, SharedRootFolder.header(of: desktop.id))
            #expect(throws: ProjectStoreError.self) { try shared.log(of: laptop.id, in: root) }
            try writeFile(path, "{\"log\": 9, \"machine\": \"\(laptop.id.lowercasedString)\"}\n")
            #expect(throws: ProjectStoreError.sharedFile(.invalid(path: path, .newerVersion(9)))) { try shared.log(of: laptop.id, in: root) }
        }
    }

    @Test("a log line setting a target below 1, which the store refuses, is set aside as it is read: a merge never takes it in")
    func targetBelowOne() throws {
        try withTemporaryFolder { root in
            let shared = SharedRootFolder()
            try shared.share(root)
            let zero = Change(revision: 1, time: Date(millisecondsSince1970: 1_000), clock: HybridTime(milliseconds: 1_000, counter: 0),
                              machine: laptop, kind: .command("edit"), operations: [.set(UUID(), .target(from: 80_000, to: 0))])
            _ = try shared.append(SharedChange(change: zero, seen: [:]), in: root)
            let later = change(laptop, 2_000)
            let end = try shared.append(later, in: root)
            let path = root + "/" + SharedRootFolder.relativeLogPath(of: laptop.id)
            let log = try shared.readLog(of: laptop.id, in: root)
            #expect(log.entries.map(\.change) == [later])
            #expect(log.unread.map(\.line) == [2] && log.unread.map(\.path) == [path] && log.entries.last?.end == end)
            #expect(log.unread.map(\.problem) == [.wrongValue(field: "target", value: "0", project: nil)])
        }
    }

    @Test("cut takes this machine's log back to a mark")
    func cut() throws {
        try withTemporaryFolder { root in
            let shared = SharedRootFolder()
            try shared.share(root)
            let end = try shared.append(change(laptop, 1_000), in: root)
            _ = try shared.append(change(laptop, 2_000), in: root)
            try shared.cut(laptop.id, in: root, to: end)
            #expect(try shared.log(of: laptop.id, in: root).count == 1)
        }
    }

    @Test("the store keeps its sharing mark")
    func markRoundTrip() throws {
        var catalog = ProjectCatalog()
        catalog.sharing = SharingMark(root: "/home/anna/Writing", logs: [
            laptop.id: LogMark(end: 1234, clock: HybridTime(milliseconds: 99, counter: 1)),
            desktop.id: LogMark(end: 56, clock: HybridTime(milliseconds: 7, counter: 0)),
        ])
        let decoded = try StoreDocument.decode(StoreDocument.encode(catalog, withRevision: true))
        #expect(decoded.sharing == catalog.sharing)
        // An export leaves it out: it is this machine's own.
        #expect(try StoreDocument.decode(StoreDocument.encode(catalog)).sharing == nil)
    }
}
