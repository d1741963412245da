import Foundation
import Testing
@testable import ProjectStore

/// Machines sharing a root in memory: each its own store, one `MemorySharedFolder` as the sync
/// engine (delivering at once), or one each, delivered by hand (a sync engine that is late).
@Suite("Sync: sharing a root between machines")
struct SharingTests {
    static let root = "/home/anna/Writing"

    /// A clock that moves on by a second each time it is read, from `start`.
    final class Ticker: @unchecked Sendable {
        private let lock = NSLock()
        private var now: Int64
        init(_ start: Int64) { now = start }
        func read() -> Date { lock.withLock { now += 1000; return moment(now) } }
    }

    struct Computer {
        let store: ProjectStore
        let storage: MemoryStorage
        let machine: Machine
    }

    /// A laptop that has shared a root holding "Winter", and a desktop on the same engine.
    static func winterShared() throws -> (engine: MemorySharedFolder, laptop: Computer, desktop: Computer) {
        let engine = MemorySharedFolder()
        let laptop = computer("laptop", number: 1, shared: engine)
        let desktop = computer("desktop", number: 2, shared: engine)
        try laptop.store.add(name: "Winter")
        try laptop.store.share()
        return (engine, laptop, desktop)
    }

    static func computer(
        _ name: String, number: Int, shared: MemorySharedFolder, ticker: Ticker = Ticker(0), _ catalog: ProjectCatalog = ProjectCatalog()
    ) -> Computer {
        let storage = MemoryStorage(catalog)
        let machine = Machine(id: fixedID("aa", number), name: name)
        let ids = Supply((1...50).map { fixedID(String(number), $0) })
        let store = ProjectStore(
            storage: storage, folders: MemoryFolderSystem(), shared: shared,
            places: FolderPlaces(environmentRoot: root, homeRoot: nil, templates: nil), recording: "test",
            clock: { ticker.read() }, newID: { ids.next() }, machine: { machine })
        return Computer(store: store, storage: storage, machine: machine)
    }


    /// A laptop with `projects` that has shared its root, and a desktop that has joined it, each with
    /// a sync engine of its own, so that what one does reaches the other only when they `meet`.
    struct Apart {
        let laptop: Computer
        let desktop: Computer
        let laptopEngine: MemorySharedFolder
        let desktopEngine: MemorySharedFolder

        init(_ projects: [String]) throws {
            laptopEngine = MemorySharedFolder()
            desktopEngine = MemorySharedFolder()
            let ticker = Ticker(0)
            laptop = SharingTests.computer("laptop", number: 1, shared: laptopEngine, ticker: ticker)
            desktop = SharingTests.computer("desktop", number: 2, shared: desktopEngine, ticker: ticker)
            for name in projects { try laptop.store.add(name: name) }
            try laptop.store.share()
            meet()
            _ = try desktop.store.catalog()
        }

        /// Each engine delivers what the other holds, the laptop's first unless `laptopFirst` is false.
        func meet(laptopFirst: Bool = true) {
            if laptopFirst { desktopEngine.deliver(SharingTests.root, from: laptopEngine) }
            laptopEngine.deliver(SharingTests.root, from: desktopEngine)
            if !laptopFirst { desktopEngine.deliver(SharingTests.root, from: laptopEngine) }
        }
    }

    @Test("sharing puts every project in this machine's log; a second machine joining sees them, and brings its own")
    func shareAndJoin() throws {
        let engine = MemorySharedFolder()
        let laptop = Self.computer("laptop", number: 1, shared: engine)
        try laptop.store.add(name: "Winter")
        try laptop.store.add(name: "Sonnets")
        try laptop.store.setDefaultOrder(.user)
        try laptop.store.share()
        #expect(engine.log(of: laptop.machine.id, in: Self.root).count == 1)

        let desktop = Self.computer("desktop", number: 2, shared: engine)
        try desktop.store.add(name: "Letters")
        // Nothing to run: the desktop's next command finds the root shared and joins.
        let joined = try desktop.store.catalog()
        #expect(joined.names == ["Winter", "Sonnets", "Letters"])
        #expect(joined.defaultOrder == .user)
        #expect(try laptop.store.catalog().names == ["Winter", "Sonnets", "Letters"])
        // Sharing again changes nothing.
        try laptop.store.share()
        #expect(engine.log(of: laptop.machine.id, in: Self.root).count == 1)
    }

    @Test("changes on two machines to different fields are all kept, and each machine ends with the same list")
    func differentFields() throws {
        let (_, laptop, desktop) = try Self.winterShared()
        _ = try desktop.store.catalog()
        try laptop.store.edit(.named("Winter"), ProjectEdit(target: .set(80_000)))
        try desktop.store.setDetails(of: .named("Winter"), to: "Cold")
        try desktop.store.rename(.named("Winter"), to: "Frost")
        let seenByLaptop = try laptop.store.catalog()
        #expect(seenByLaptop == (try desktop.store.catalog()))
        let frost = seenByLaptop.named("Frost")
        #expect(frost.target == 80_000 && frost.details == "Cold")
    }

    @Test("the same field changed on two machines that had not seen each other: the later change wins on both, whichever arrives first")
    func laterWins() throws {
        for laptopFirst in [true, false] {
            let machines = try Apart(["Winter"])
            _ = try machines.laptop.store.catalog()
            // Offline, each renames it; the desktop's is later by the clock.
            try machines.laptop.store.rename(.named("Winter"), to: "Spring")
            try machines.desktop.store.rename(.named("Winter"), to: "Summer")
            machines.meet(laptopFirst: laptopFirst)
            #expect(try machines.laptop.store.catalog().names == ["Summer"])
            #expect(try machines.desktop.store.catalog().names == ["Summer"])
        }
    }

    @Test("two machines adding one name keep both projects, one numbered the same way on both")
    func nameTakenTwice() throws {
        let machines = try Apart([])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try desktop.store.add(name: "Winter")
        try laptop.store.add(name: "winter")
        machines.meet()
        let onLaptop = try laptop.store.catalog()
        #expect(Set(onLaptop.names) == ["Winter", "winter (2)"])
        #expect(onLaptop == (try desktop.store.catalog()))
        // The numbered name is a name like any other: the writer renames it on either machine.
        try laptop.store.rename(.named("winter (2)"), to: "Snow")
        machines.meet()
        #expect(Set(try desktop.store.catalog().names) == ["Winter", "Snow"])
    }

    @Test("a project deleted on one machine and edited on the other ends deleted; undo on the deleting machine brings it back, edit and all")
    func deleteWinsUndoBrings() throws {
        let machines = try Apart(["Winter", "Sonnets"])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try desktop.store.setDetails(of: .named("Winter"), to: "Cold")
        try laptop.store.delete(.named("Winter"))
        machines.meet()
        #expect(try laptop.store.catalog().names == ["Sonnets"])
        #expect(try desktop.store.catalog().names == ["Sonnets"])
        let undone = try laptop.store.undo()
        #expect(undone.catalog.names == ["Winter", "Sonnets"])
        machines.meet()
        #expect(try desktop.store.catalog().names == ["Winter", "Sonnets"])
    }

    @Test("moves and adds on two machines all hold, nothing duplicated or lost, positions 1 to n")
    func movesAndAdds() throws {
        let machines = try Apart(["A", "B", "C", "D"])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try laptop.store.move(.named("D"), to: .top)
        try laptop.store.add(name: "E")
        try desktop.store.move(.named("A"), to: .bottom)
        try desktop.store.add(name: "F")
        machines.meet()
        let merged = try laptop.store.catalog()
        #expect(merged == (try desktop.store.catalog()))
        #expect(merged.names.sorted() == ["A", "B", "C", "D", "E", "F"])
        #expect(merged.names.first == "D")
        #expect(merged.positions == Array(1...6))
        #expect(merged.names.firstIndex(of: "A")! > merged.names.firstIndex(of: "C")!)
    }

    @Test("a change whose store was never written (a crash between the two) is cut from this machine's log")
    func leftoverCut() throws {
        let engine = MemorySharedFolder()
        let laptop = Self.computer("laptop", number: 1, shared: engine)
        try laptop.store.add(name: "Winter")
        try laptop.store.share()
        laptop.storage.failNextWrite = true
        #expect(throws: ProjectStoreError.self) { try laptop.store.rename(.named("Winter"), to: "Spring") }
        #expect(engine.log(of: laptop.machine.id, in: Self.root).count == 2)
        #expect(try laptop.store.catalog().names == ["Winter"])
        #expect(engine.log(of: laptop.machine.id, in: Self.root).count == 1)
        let desktop = Self.computer("desktop", number: 2, shared: engine)
        #expect(try desktop.store.catalog().names == ["Winter"])
    }

    @Test("a shared list whose root has lost .project refuses to change, and reads still work")
    func sharedFolderGone() throws {
        let engine = MemorySharedFolder()
        let laptop = Self.computer("laptop", number: 1, shared: engine)
        try laptop.store.add(name: "Winter")
        try laptop.store.share()
        let elsewhere = MemorySharedFolder()
        let cutOff = ProjectStore(
            storage: laptop.storage, shared: elsewhere, places: FolderPlaces(environmentRoot: Self.root, homeRoot: nil, templates: nil),
            recording: "test", machine: { laptop.machine })
        #expect(try cutOff.catalog().names == ["Winter"])
        #expect(throws: ProjectStoreError.sharedFolderMissing(root: Self.root)) { try cutOff.add(name: "Sonnets") }
    }

    @Test("a change records what its machine had seen of each other machine")
    func seenRecorded() throws {
        let (engine, laptop, desktop) = try Self.winterShared()
        try desktop.store.add(name: "Sonnets")
        let laptopLast = try #require(engine.log(of: laptop.machine.id, in: Self.root).last).change.change.clock
        let desktopLog = engine.log(of: desktop.machine.id, in: Self.root)
        #expect(desktopLog.last?.change.seen[laptop.machine.id] == laptopLast)
        #expect(desktopLog.last?.change.change.operations.allSatisfy(\.isShared) == true)
    }

    @Test("undo takes back this machine's change, and refuses, naming the machine, when another has changed what it would restore")
    func undoAcrossMachines() throws {
        let (_, laptop, desktop) = try Self.winterShared()
        try laptop.store.rename(.named("Winter"), to: "Spring")
        try desktop.store.setDetails(of: .named("Spring"), to: "Cold")
        try desktop.store.rename(.named("Spring"), to: "Summer")
        let before = try laptop.store.catalog()
        #expect(throws: ProjectStoreError.historyBlocked(.changedElsewhere("Summer", machine: "desktop", what: .field("name")), command: "test")) {
            try laptop.store.undo()
        }
        #expect(try laptop.store.catalog() == before)
        // The desktop's own undo is its change to take back, and goes through, on both machines.
        try desktop.store.undo()
        #expect(try laptop.store.catalog().names == ["Spring"])
    }

    @Test("the status names each machine heard from, and changes another machine has seen that have not arrived here")
    func statusSaysWhatIsAwaited() throws {
        let ticker = Ticker(0)
        let laptopEngine = MemorySharedFolder()
        let desktopEngine = MemorySharedFolder()
        let laptop = Self.computer("laptop", number: 1, shared: laptopEngine, ticker: ticker)
        let desktop = Self.computer("desktop", number: 2, shared: desktopEngine, ticker: ticker)
        let tablet = Self.computer("tablet", number: 3, shared: desktopEngine, ticker: ticker)
        try laptop.store.add(name: "Winter")
        try laptop.store.share()
        desktopEngine.deliver(Self.root, from: laptopEngine)
        try tablet.store.add(name: "Letters")
        try desktop.store.add(name: "Sonnets")  // made after seeing the tablet's change
        laptopEngine.deliver(Self.root, from: desktopEngine)
        // The sync engine has brought the desktop's log, not yet the tablet's.
        laptopEngine.cut(tablet.machine.id, in: Self.root, to: 0)
        let status = try #require(try laptop.store.sharingStatus())
        #expect(Set(status.machines.map(\.machine.name)) == ["laptop", "desktop"])
        #expect(status.machines.first { $0.isThisMachine }?.machine.name == "laptop")
        #expect(status.awaited.map(\.machine) == [tablet.machine.id])
        #expect(status.awaited.first?.seenBy == "desktop")
        laptopEngine.deliver(Self.root, from: desktopEngine)
        #expect(try laptop.store.sharingStatus()?.awaited.isEmpty == true)
    }
}
