import Foundation
import Testing
@testable import ProjectStore

/// Undo in a shared list takes back this machine's change and nothing of another machine's.
@Suite("Sync: undo never erases another machine's change")
struct UndoAcrossMachinesTests {
    @Test("undoing a change that overrode another machine's, made at the same time, gives back that machine's value, on both")
    func overriddenValueComesBack() throws {
        let machines = try SharingTests.Apart(["Winter"])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try desktop.store.setDetails(of: .named("Winter"), to: "desktop blurb")
        try laptop.store.setDetails(of: .named("Winter"), to: "laptop blurb")
        machines.meet()
        #expect(try desktop.store.catalog().named("Winter").details == "laptop blurb")
        let winter = try laptop.store.catalog().named("Winter").id

        let undone = try laptop.store.undo()
        #expect(undone.catalog.named("Winter").details == "desktop blurb")
        #expect(undone.restored == [RestoredValue(project: winter, field: "details", machine: "desktop")])
        machines.meet()
        #expect(try desktop.store.catalog().named("Winter").details == "desktop blurb")

        // And a redo puts the laptop's back, on both.
        let redone = try laptop.store.redo()
        #expect(redone.catalog.named("Winter").details == "laptop blurb")
        machines.meet()
        #expect(try desktop.store.catalog().named("Winter").details == "laptop blurb")
    }

    @Test("undoing a change made after seeing the other machine's gives back what this machine had before: no one's value is said to return")
    func seenValueComesBack() throws {
        let machines = try SharingTests.Apart(["Winter"])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try desktop.store.edit(.named("Winter"), ProjectEdit(target: .set(50_000)))
        machines.meet()
        _ = try laptop.store.catalog()
        try laptop.store.edit(.named("Winter"), ProjectEdit(target: .set(80_000)))
        let undone = try laptop.store.undo()
        #expect(undone.catalog.named("Winter").target == 50_000)
        #expect(undone.restored.isEmpty)
        machines.meet()
        #expect(try desktop.store.catalog().named("Winter").target == 50_000)
    }

    @Test("the undo sync advises goes through when the other machine edited the deleted project, and brings the dropped edit back, on both; redo deletes it again")
    func deletionUndoneWithDroppedEdit() throws {
        let machines = try MergedNamesTests.autumnTwice()
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try laptop.store.delete(.named("Autumn"))
        try desktop.store.setDetails(of: .named("Autumn"), to: "desktop blurb")
        machines.meet()
        #expect(try desktop.store.catalog().names == ["Winter", "autumn (2)"])

        let dropped = { (store: ProjectStore) throws in try store.otherMachinesChanges(in: store.catalog())?.merge.dropped ?? [] }
        #expect(try dropped(laptop.store).count == 1)

        let undone = try laptop.store.undo()
        #expect(undone.catalog.names == ["Winter", "Autumn", "autumn (2)"])
        #expect(undone.catalog.named("Autumn").details == "desktop blurb")
        #expect(undone.restored.map(\.machine) == ["desktop"])
        machines.meet()
        let onDesktop = try desktop.store.catalog()
        #expect(onDesktop.names == ["Winter", "Autumn", "autumn (2)"])
        #expect(onDesktop.named("Autumn").details == "desktop blurb")
        // The edit came back with the project: neither machine's history says it was dropped now.
        #expect(try dropped(laptop.store).isEmpty)
        #expect(try dropped(desktop.store).isEmpty)

        try laptop.store.redo()
        machines.meet()
        #expect(try desktop.store.catalog().names == ["Winter", "autumn (2)"])
    }

    @Test("a later change made at the same time, whose value holds, stands in no one's way: undo goes through and leaves it")
    func concurrentLaterChangeHolds() throws {
        let machines = try SharingTests.Apart(["Winter"])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try laptop.store.edit(.named("Winter"), ProjectEdit(target: .set(5_000)))
        try desktop.store.edit(.named("Winter"), ProjectEdit(target: .set(9_000)))
        machines.meet()
        #expect(try laptop.store.catalog().named("Winter").target == 9_000)
        #expect(try laptop.store.undo().catalog.named("Winter").target == 9_000)
        machines.meet()
        #expect(try desktop.store.catalog().named("Winter").target == 9_000)
    }

    @Test("undo refuses, naming the project, the machine and what it did, when a change made after seeing this one stands in the way")
    func refusesNamingWhatStandsInTheWay() throws {
        let machines = try SharingTests.Apart(["Winter", "Sonnets"])
        let (laptop, desktop) = (machines.laptop, machines.desktop)
        try laptop.store.setDetails(of: .named("Winter"), to: "Cold")
        machines.meet()
        try desktop.store.delete(.named("Winter"))
        machines.meet()
        let before = try laptop.store.catalog()
        #expect(throws: ProjectStoreError.historyBlocked(.changedElsewhere("Winter", machine: "desktop", what: .deleted), command: "test")) {
            try laptop.store.undo()
        }
        #expect(try laptop.store.catalog() == before)
    }
}
