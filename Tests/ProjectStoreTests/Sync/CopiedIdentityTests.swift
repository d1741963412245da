import Foundation
import Testing
@testable import ProjectStore

/// Two machines that go by one id, as a home copied whole leaves them (a migration, a restored
/// backup): the store and the identity copied with it. One log, two writers, in memory.
@Suite("Sync: one identity on two machines")
struct CopiedIdentityTests {
    static let root = SharingTests.root

    /// A machine's identity as the edge keeps it: renewed in place, and how often.
    final class Identity: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Machine
        private var renewals: [IdentityRenewal] = []
        private let newIDs: Supply<UUID>

        init(_ machine: Machine, newIDs: [UUID]) {
            current = machine
            self.newIDs = Supply(newIDs)
        }

        var machine: Machine { lock.withLock { current } }
        var told: [IdentityRenewal] { lock.withLock { renewals } }

        func renew(_ renewal: IdentityRenewal) -> Machine {
            let id = newIDs.next()
            return lock.withLock {
                renewals.append(renewal)
                current = Machine(id: id, name: current.name)
                return current
            }
        }
    }

    static func store(_ storage: MemoryStorage, _ identity: Identity, engine: MemorySharedFolder, ticker: SharingTests.Ticker, ids: Int) -> ProjectStore {
        let projectIDs = Supply((1...50).map { fixedID(String(ids), $0) })
        return ProjectStore(
            storage: storage, folders: MemoryFolderSystem(), shared: engine,
            places: FolderPlaces(environmentRoot: root, homeRoot: nil, templates: nil), recording: "test",
            clock: { ticker.read() }, newID: { projectIDs.next() }, machine: { identity.machine },
            renewMachine: { identity.renew($0) })
    }

    /// A laptop sharing a list with “Winter”, and a desktop made from a copy of its home: the
    /// store, and the identity with it. Each takes its own new id, if it ever takes one.
    static func copiedHomes() throws -> (
        engine: MemorySharedFolder, shared: Machine, laptop: ProjectStore, laptopIdentity: Identity,
        desktop: ProjectStore, desktopIdentity: Identity
    ) {
        let engine = MemorySharedFolder()
        let ticker = SharingTests.Ticker(0)
        let shared = Machine(id: fixedID("aa", 1), name: "laptop")
        let laptopIdentity = Identity(shared, newIDs: [fixedID("bb", 1)])
        let laptopStorage = MemoryStorage()
        let laptop = store(laptopStorage, laptopIdentity, engine: engine, ticker: ticker, ids: 1)
        try laptop.add(name: "Winter")
        try laptop.share()
        let desktopIdentity = Identity(shared, newIDs: [fixedID("bb", 2)])
        let desktop = store(MemoryStorage(laptopStorage.load()), desktopIdentity, engine: engine, ticker: ticker, ids: 2)
        return (engine, shared, laptop, laptopIdentity, desktop, desktopIdentity)
    }

    @Test("the machine that finds changes it never wrote in its log takes a new id, once; every change of both is kept, and both lists end the same")
    func copiedHome() throws {
        let (engine, shared, laptop, laptopIdentity, desktop, desktopIdentity) = try Self.copiedHomes()

        try laptop.add(name: "Spring")
        try desktop.add(name: "Autumn")
        try laptop.setDetails(of: .named("Winter"), to: "laptop blurb")
        try desktop.add(name: "Summer")

        #expect(desktopIdentity.told.count == 1)
        #expect(desktopIdentity.told.first?.previous.id == shared.id)
        #expect(desktopIdentity.told.first?.foreignChanges == 1)
        #expect(desktopIdentity.machine.id == fixedID("bb", 2))
        #expect(laptopIdentity.told.isEmpty)
        let laptopList = try laptop.catalog()
        let desktopList = try desktop.catalog()
        #expect(Set(laptopList.names) == ["Winter", "Spring", "Autumn", "Summer"])
        #expect(laptopList.projects == desktopList.projects)
        #expect(desktopList.projects.first { $0.name == "Winter" }?.details == "laptop blurb")
        // From then on each writes its own log: no more renewals, and nothing new lost.
        #expect(engine.log(of: fixedID("bb", 2), in: Self.root).count == 2)
        try desktop.rename(.named("Summer"), to: "Late Summer")
        try laptop.add(name: "Letters")
        #expect(try laptop.catalog().projects == (try desktop.catalog().projects))
        #expect(Set(try desktop.catalog().names) == ["Winter", "Spring", "Autumn", "Late Summer", "Letters"])
        #expect(desktopIdentity.told.count == 1 && laptopIdentity.told.isEmpty)
    }

    @Test("a change a crash left past the store is this machine's own, and is cut, not taken for another machine's")
    func leftoverIsNoStranger() throws {
        let engine = MemorySharedFolder()
        let identity = Identity(Machine(id: fixedID("aa", 1), name: "laptop"), newIDs: [fixedID("bb", 1)])
        let storage = MemoryStorage()
        let laptop = Self.store(storage, identity, engine: engine, ticker: SharingTests.Ticker(0), ids: 1)
        try laptop.add(name: "Winter")
        try laptop.share()
        storage.failNextWrite = true
        #expect(throws: ProjectStoreError.self) { try laptop.add(name: "Spring") }
        #expect(try laptop.catalog().names == ["Winter"])
        #expect(identity.told.isEmpty)
    }

    @Test("a change another machine wrote past the store's mark is never cut as a crash's leftover, even one at the next revision")
    func strangerAtNextRevisionKept() throws {
        let (engine, shared, laptop, _, desktop, desktopIdentity) = try Self.copiedHomes()
        // The copy has made nothing yet: the laptop's change is at the revision the copy would make next.
        try laptop.add(name: "Spring")
        #expect(try desktop.catalog().names.sorted() == ["Spring", "Winter"])
        #expect(engine.log(of: shared.id, in: Self.root).count == 2)
        #expect(desktopIdentity.told.count == 1)
    }
}
