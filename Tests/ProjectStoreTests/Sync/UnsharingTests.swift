import Foundation
import Testing
@testable import ProjectStore

/// A share taken back, as a `sync --init` that failed takes back its own: the root as it was, and a
/// store that no longer waits for a `.project/` that is gone.
@Suite("Sync: taking back a share")
struct UnsharingTests {
    @Test("unshare after share: the root is no longer shared, the list is as it was, and the next change works")
    func unshareTakesBackShare() throws {
        let engine = MemorySharedFolder()
        let laptop = SharingTests.computer("laptop", number: 1, shared: engine)
        try laptop.store.add(name: "Winter")
        let before = try laptop.store.catalog().projects.map(\.id)
        try laptop.store.share()
        #expect(engine.isShared(SharingTests.root))
        try laptop.store.unshare()
        #expect(!engine.isShared(SharingTests.root))
        let after = try laptop.store.catalog()
        #expect(laptop.store.sharedRoot(of: after) == nil)
        #expect(after.projects.map(\.id) == before)
        // A store still marked shared would refuse this: its root's `.project/` is gone.
        try laptop.store.add(name: "Spring")
        #expect(try laptop.store.catalog().projects.map(\.name) == ["Winter", "Spring"])
        #expect(!engine.isShared(SharingTests.root))
    }
}
