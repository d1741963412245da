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
}
