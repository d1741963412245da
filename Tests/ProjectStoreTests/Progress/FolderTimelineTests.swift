import Foundation
import Testing
@testable import ProjectStore

/// Where a project's folder was at each moment, from the store's history walked back from today.
@Suite("Folder timeline")
struct FolderTimelineTests {
    static let machine = Machine(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000EE")!, name: "laptop")

    static func change(at seconds: Int, _ operations: [ChangeOperation]) -> Change {
        Change(revision: 1, time: Date(timeIntervalSince1970: Double(seconds)), clock: HybridTime(milliseconds: Int64(seconds) * 1000, counter: 0),
               machine: machine, kind: .command("rename"), operations: operations)
    }

    static func folder(_ path: String?) -> ProjectFolder? {
        path.map { ProjectFolder(recorded: $0, isManaged: true) }
    }

    @Test("renamed twice: each moment gets the folder it had then; before its first folder, that one")
    func renamedTwice() {
        let id = UUID()
        let now = Project(id: id, name: "Winter", kind: .novel, created: Date(timeIntervalSince1970: 100), details: nil, folder: Self.folder("Winter"))
        // Given Draft at 100, renamed to Snow at 200 and to Winter at 300; the history comes in any order.
        let changes = [
            Self.change(at: 300, [.set(id, .name(from: "Snow", to: "Winter")), .set(id, .folder(from: Self.folder("Snow"), to: Self.folder("Winter")))]),
            Self.change(at: 100, [.create(now), .set(id, .folder(from: nil, to: Self.folder("Draft")))]),
            Self.change(at: 200, [.set(id, .folder(from: Self.folder("Draft"), to: Self.folder("Snow")))]),
        ]
        let timeline = FolderTimeline(now: [now], changes: changes)
        #expect(timeline.folders(at: 50).map(\.path) == ["Draft"])
        #expect(timeline.folders(at: 150).map(\.path) == ["Draft"])
        #expect(timeline.folders(at: 200).map(\.path) == ["Snow"])
        #expect(timeline.folders(at: 299).map(\.path) == ["Snow"])
        #expect(timeline.folders(at: 400).map(\.path) == ["Winter"])
    }

    @Test("a folder outside the root is not in git's tree: none for the moments it held")
    func outsideTheRoot() {
        let id = UUID()
        let now = Project(id: id, name: "Winter", kind: .novel, created: Date(timeIntervalSince1970: 100), details: nil, folder: Self.folder("/elsewhere/Winter"))
        let changes = [Self.change(at: 200, [.set(id, .folder(from: Self.folder("Winter"), to: Self.folder("/elsewhere/Winter")))])]
        let timeline = FolderTimeline(now: [now], changes: changes)
        #expect(timeline.folders(at: 150).map(\.path) == ["Winter"])
        #expect(timeline.folders(at: 250).isEmpty)
    }
}
