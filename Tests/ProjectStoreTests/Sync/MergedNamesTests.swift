import Foundation
import Testing
@testable import ProjectStore

/// A name a merge gave (“autumn (2)”) is the project's name from then on, on every machine: it
/// changes only through a change of its own, which every machine sees.
@Suite("Sync: names given by a merge")
struct MergedNamesTests {
    /// A laptop that added “Autumn” and a desktop that added “autumn”, after they met: both list
    /// “Autumn” and “autumn (2)”.
    static func autumnTwice() throws -> SharingTests.Apart {
        let machines = try SharingTests.Apart(["Winter"])
        try machines.laptop.store.add(name: "Autumn")
        try machines.desktop.store.add(name: "autumn")
        machines.meet()
        for machine in [machines.laptop, machines.desktop] {
            #expect(try machine.store.catalog().names == ["Winter", "Autumn", "autumn (2)"])
        }
        return machines
    }

    /// Syncs both ways, again and again, as a writer would over days.
    static func syncOften(_ machines: SharingTests.Apart) throws {
        for laptopFirst in [true, false, true] {
            machines.meet(laptopFirst: laptopFirst)
            _ = try machines.laptop.store.catalog()
            _ = try machines.desktop.store.catalog()
        }
    }

    @Test("the holder of the plain name deleted: both machines keep “autumn (2)”, however often they sync")
    func holderDeleted() throws {
        let machines = try Self.autumnTwice()
        try machines.laptop.store.delete(.named("Autumn"))
        try Self.syncOften(machines)
        #expect(try machines.laptop.store.catalog().names == ["Winter", "autumn (2)"])
        #expect(try machines.desktop.store.catalog().names == ["Winter", "autumn (2)"])
    }

    @Test("the holder of the plain name renamed: both machines keep “autumn (2)”, and the plain name is free")
    func holderRenamed() throws {
        let machines = try Self.autumnTwice()
        try machines.laptop.store.rename(.named("Autumn"), to: "Fall")
        try Self.syncOften(machines)
        #expect(try machines.laptop.store.catalog().names == ["Winter", "Fall", "autumn (2)"])
        #expect(try machines.desktop.store.catalog().names == ["Winter", "Fall", "autumn (2)"])
        // Renamed back by the writer, on the desktop: a change like any other, seen by both.
        try machines.desktop.store.rename(.named("autumn (2)"), to: "autumn")
        try Self.syncOften(machines)
        #expect(try machines.laptop.store.catalog().names == ["Winter", "Fall", "autumn"])
    }

    @Test("a merge renaming is told once, to the machine whose project it renamed, and not again after the holder goes")
    func renamingToldOnce() throws {
        let machines = try SharingTests.Apart(["Winter"])
        try machines.laptop.store.add(name: "Autumn")
        try machines.desktop.store.add(name: "autumn")
        machines.meet()
        let told = try machines.desktop.store.takeIn()
        #expect(told?.renamed.map(\.to) == ["autumn (2)"])
        try machines.laptop.store.delete(.named("Autumn"))
        machines.meet()
        let after = try machines.desktop.store.takeIn()
        #expect(after?.renamed == [])
        #expect(after?.changes.count == 1)
    }
}
