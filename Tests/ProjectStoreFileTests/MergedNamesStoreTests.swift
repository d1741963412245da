import Foundation
import ProjectStore
import Testing
@testable import ProjectStoreFile

/// Other machines' logs on disk holding market names no version of the tool writes (edited by hand,
/// written by another program): what the merge makes of them, the store writes and reads back, the
/// same whatever order the logs arrived in.
@Suite struct MergedNamesStoreTests {
    let tablet = Machine(id: UUID(uuidString: "33333333-3333-4333-8333-333333333333")!, name: "tablet")
    let phone = Machine(id: UUID(uuidString: "44444444-4444-4444-8444-444444444444")!, name: "phone")
    let desktop = Machine(id: UUID(uuidString: "55555555-5555-4555-8555-555555555555")!, name: "desktop")

    func addingMarket(_ name: String, number: Int, by machine: Machine, at milliseconds: Int64) -> SharedChange {
        let market = Market(id: UUID(uuidString: "aaaaaaa\(number)-0000-4000-8000-000000000000")!, name: name)
        let change = Change(revision: 1, time: Date(millisecondsSince1970: milliseconds), clock: HybridTime(milliseconds: milliseconds, counter: 0),
                            machine: machine, kind: .command("market"), operations: [.submissions(.addMarket(market))])
        return SharedChange(change: change, seen: [:])
    }

    /// The markets of the desktop's store, read back from its file by a storage that never saw it
    /// written, once the changes have arrived one by one, each taken in as it came.
    func marketsReadBack(arriving changes: [SharedChange]) throws -> [String] {
        try withTemporaryFolder { folder in
            let root = folder + "/Writing"
            let path = folder + "/projects.json"
            let shared = SharedRootFolder()
            let desktop = desktop
            let store = ProjectStore(
                storage: FileStorage(path: path), shared: shared, places: FolderPlaces(environmentRoot: root, homeRoot: nil, templates: nil),
                clock: { sampleDate }, machine: { desktop })
            try store.share()
            for change in changes {
                _ = try shared.append(change, in: root)
                _ = try store.catalog()
            }
            return try FileStorage(path: path).load().markets.map(\.name)
        }
    }

    @Test("a log holding a market named \"\" and one whose name holds a terminal's escape sequence: valid names, written and read back, in either order of arrival")
    func invalidMarketNames() throws {
        let empty = addingMarket("", number: 1, by: tablet, at: 1_000)
        let escaped = addingMarket("Poetry\u{1B}[31mReview", number: 2, by: phone, at: 2_000)
        let expected = ["aaaaaaa1", "Poetry [31mReview"]
        #expect(try marketsReadBack(arriving: [empty, escaped]) == expected)
        #expect(try marketsReadBack(arriving: [escaped, empty]) == expected)
    }
}
