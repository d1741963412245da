import Foundation
import Testing
@testable import ProjectStore

/// Two or three machines' changes merged, every rule checked in every order the changes can arrive in.
@Suite("Sync: merging every machine's changes")
struct MergeTests {
    static let laptop = Machine(id: UUID(uuidString: "11111111-1111-1111-1111-111111111111")!, name: "laptop")
    static let desktop = Machine(id: UUID(uuidString: "22222222-2222-2222-2222-222222222222")!, name: "desktop")
    static let tablet = Machine(id: UUID(uuidString: "33333333-3333-3333-3333-333333333333")!, name: "tablet")

    static func project(_ number: Int, _ name: String, key: String) -> Project {
        Project(id: UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012d", number))")!, name: name, kind: .novel,
                created: Date(timeIntervalSince1970: 1_800_000_000), details: nil, orderKey: OrderKey(key)!)
    }

    static func change(_ machine: Machine, at milliseconds: Int64, seen: [UUID: Int64] = [:], _ operations: ChangeOperation...) -> SharedChange {
        let change = Change(revision: 1, time: Date(millisecondsSince1970: milliseconds), clock: HybridTime(milliseconds: milliseconds, counter: 0),
                            machine: machine, kind: .command("test"), operations: operations)
        return SharedChange(change: change, seen: Dictionary(uniqueKeysWithValues: seen.map { ($0.key, HybridTime(milliseconds: $0.value, counter: 0)) }))
    }

    /// Merges `changes` in every order, checks that every order gives the same outcome, and returns it.
    func mergedInEveryOrder(_ changes: [SharedChange], sourceLocation: SourceLocation = #_sourceLocation) throws -> MergeOutcome {
        let first = try ProjectCatalog.merged(changes)
        for order in permutations(changes).dropFirst() {
            let outcome = try ProjectCatalog.merged(order)
            #expect(outcome.catalog == first.catalog, "arrival order \(order.map { "\($0.change.machine.name)@\($0.change.clock)" })", sourceLocation: sourceLocation)
            #expect(outcome.overridden == first.overridden && outcome.dropped == first.dropped && outcome.renamed == first.renamed,
                    sourceLocation: sourceLocation)
        }
        return first
    }

    func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let item = rest.remove(at: index)
            return permutations(rest).map { [item] + $0 }
        }
    }

    var base: SharedChange {
        Self.change(Self.laptop, at: 100, .create(Self.project(1, "Winter", key: "a1")), .create(Self.project(2, "Sonnets", key: "a2")),
                    .create(Self.project(3, "Letters", key: "a3")))
    }

    func names(_ outcome: MergeOutcome) -> [String] { outcome.catalog.projects.map(\.name) }

    @Test("changes to different projects, or to different fields of one, are all kept")
    func differentThingsAllKept() throws {
        let outcome = try mergedInEveryOrder([
            base,
            Self.change(Self.laptop, at: 200, seen: [:], .set(Self.project(1, "", key: "a1").id, .details(from: nil, to: "Cold"))),
            Self.change(Self.desktop, at: 150, seen: [Self.laptop.id: 100], .set(Self.project(1, "", key: "a1").id, .target(from: nil, to: 80_000))),
            Self.change(Self.desktop, at: 160, seen: [Self.laptop.id: 100], .create(Self.project(4, "Plays", key: "a4"))),
        ])
        let winter = try #require(outcome.catalog.projects.first { $0.name == "Winter" })
        #expect(winter.details == "Cold" && winter.target == 80_000)
        #expect(names(outcome) == ["Winter", "Sonnets", "Letters", "Plays"])
        #expect(outcome.overridden.isEmpty && outcome.dropped.isEmpty && outcome.renamed.isEmpty)
    }

    @Test("the same field changed on two machines holds the later change, and the earlier one is said to be overridden")
    func sameFieldLaterWins() throws {
        let winter = Self.project(1, "", key: "a1").id
        let early = Self.change(Self.laptop, at: 300, .set(winter, .details(from: nil, to: "From the laptop")))
        let late = Self.change(Self.desktop, at: 310, seen: [Self.laptop.id: 100], .set(winter, .details(from: nil, to: "From the desktop")))
        let outcome = try mergedInEveryOrder([base, early, late])
        #expect(outcome.catalog.projects[0].details == "From the desktop")
        #expect(outcome.overridden == [Overridden(project: winter, field: "details", lost: early.change, won: late.change)])

        // Made after seeing the other, a change simply comes later: nothing was overridden.
        let informed = Self.change(Self.desktop, at: 310, seen: [Self.laptop.id: 300], .set(winter, .details(from: "From the laptop", to: "From the desktop")))
        #expect(try mergedInEveryOrder([base, early, informed]).overridden.isEmpty)
    }

    @Test("later is the hybrid clock's, whatever the wall clock says: a machine a year ahead wins until the other has seen its change")
    func clockNotWallTime() throws {
        let winter = Self.project(1, "", key: "a1").id
        let yearAhead = Self.change(Self.desktop, at: 100 + 31_536_000_000, seen: [Self.laptop.id: 100], .set(winter, .target(from: nil, to: 5_000)))
        // The laptop took in the desktop's change, so its clock went past it: its own next change is later.
        var after = Self.change(Self.laptop, at: 400, seen: [Self.desktop.id: 100 + 31_536_000_000], .set(winter, .target(from: 5_000, to: 9_000)))
        after = SharedChange(change: Change(revision: 2, time: after.change.time, clock: HybridTime(milliseconds: 100 + 31_536_000_000, counter: 1),
                                            machine: Self.laptop, kind: .command("edit"), operations: after.change.operations), seen: after.seen)
        let outcome = try mergedInEveryOrder([base, yearAhead, after])
        #expect(outcome.catalog.projects[0].target == 9_000)
        #expect(outcome.overridden.isEmpty)
    }

    @Test("two projects given one name are both kept, the later renamed the same way on every machine")
    func sameNameTwice() throws {
        let added = Self.change(Self.laptop, at: 200, .create(Self.project(4, "Spring", key: "a4")))
        let alsoAdded = Self.change(Self.desktop, at: 210, seen: [Self.laptop.id: 100], .create(Self.project(5, "spring", key: "a4")))
        let renamed = Self.change(Self.tablet, at: 220, seen: [Self.laptop.id: 100], .set(Self.project(2, "", key: "a2").id, .name(from: "Sonnets", to: "SPRING")))
        let outcome = try mergedInEveryOrder([base, added, alsoAdded, renamed])
        #expect(names(outcome) == ["Winter", "SPRING (3)", "Letters", "Spring", "spring (2)"])
        #expect(outcome.renamed.map(\.to) == ["spring (2)", "SPRING (3)"])
        #expect(Set(outcome.catalog.projects.map { ProjectName.matchKey($0.name) }).count == 5)
    }

    @Test("moves and adds made on both machines all hold; a project moved on both ends where the later move put it")
    func writersOrder() throws {
        let ids = (1...3).map { Self.project($0, "", key: "a1").id }
        func move(_ id: UUID, from: String, to: String) -> ChangeOperation {
            .place(id, Placement(fromKey: OrderKey(from)!, toKey: OrderKey(to)!, fromPosition: 1, toPosition: 1))
        }
        let lettersToTop = Self.change(Self.laptop, at: 200, move(ids[2], from: "a3", to: "Zz"))
        let winterToEnd = Self.change(Self.desktop, at: 210, seen: [Self.laptop.id: 100], move(ids[0], from: "a1", to: "a5"))
        let addedOnBoth = [Self.change(Self.laptop, at: 220, .create(Self.project(4, "Laptop's", key: "a6"))),
                           Self.change(Self.desktop, at: 230, seen: [Self.laptop.id: 100], .create(Self.project(5, "Desktop's", key: "a6")))]
        let outcome = try mergedInEveryOrder([base, lettersToTop, winterToEnd] + addedOnBoth)
        #expect(names(outcome) == ["Letters", "Sonnets", "Winter", "Laptop's", "Desktop's"])
        #expect(outcome.catalog.projects.map(\.position) == [1, 2, 3, 4, 5])

        let winterToMiddle = Self.change(Self.laptop, at: 240, move(ids[0], from: "a1", to: "a2V"))
        let both = try mergedInEveryOrder([base, winterToEnd, winterToMiddle])
        #expect(names(both) == ["Sonnets", "Winter", "Letters"])
        #expect(both.overridden.map(\.field) == ["place"])
    }

    @Test("a project deleted on one machine and edited on the other ends deleted, and the edit is said to be dropped")
    func deletedAndEdited() throws {
        let winter = Self.project(1, "Winter", key: "a1")
        let removed = Self.change(Self.laptop, at: 300, .remove(winter))
        let editedBefore = Self.change(Self.desktop, at: 250, seen: [Self.laptop.id: 100], .set(winter.id, .details(from: nil, to: "Earlier")))
        let editedAfter = Self.change(Self.desktop, at: 350, seen: [Self.laptop.id: 100], .set(winter.id, .target(from: nil, to: 100)))
        for edit in [editedBefore, editedAfter] {
            let outcome = try mergedInEveryOrder([base, removed, edit])
            #expect(names(outcome) == ["Sonnets", "Letters"])
            #expect(outcome.dropped == [DroppedEdit(project: winter.id, edit: edit.change, removal: removed.change)])
        }
        // Several dropped edits are told in the agreed order, which is the same on every machine.
        let editedLater = Self.change(Self.desktop, at: 260, seen: [Self.laptop.id: 100], .set(winter.id, .due(from: nil, to: CalendarDay(year: 2027, month: 1, day: 1))))
        let both = try mergedInEveryOrder([base, removed, editedLater, editedBefore])
        #expect(both.dropped.map(\.edit) == [editedBefore.change, editedLater.change])
        // One edit that set two fields is dropped once, before the deletion or after it.
        for at: Int64 in [250, 350] {
            let twoFields = Self.change(Self.desktop, at: at, seen: [Self.laptop.id: 100],
                                        .set(winter.id, .target(from: nil, to: 500)), .set(winter.id, .details(from: nil, to: "Fourteen lines")))
            #expect(try mergedInEveryOrder([base, removed, twoFields]).dropped == [DroppedEdit(project: winter.id, edit: twoFields.change, removal: removed.change)])
        }
        // An edit the deleting machine had taken in was not dropped: it knew of it.
        let seenEdit = Self.change(Self.desktop, at: 250, seen: [Self.laptop.id: 100], .set(winter.id, .details(from: nil, to: "Seen")))
        let informedRemoval = Self.change(Self.laptop, at: 300, seen: [Self.desktop.id: 250], .remove(winter))
        #expect(try mergedInEveryOrder([base, seenEdit, informedRemoval]).dropped.isEmpty)
        // The undo of the deletion, on the machine that deleted it, brings it back.
        let undone = Self.change(Self.laptop, at: 400, seen: [Self.desktop.id: 350], .create(winter))
        #expect(names(try mergedInEveryOrder([base, removed, editedAfter, undone])) == ["Winter", "Sonnets", "Letters"])
    }

    @Test("the root's path and the steps on disk are each machine's own: a merge never takes them")
    func rootAndDiskLeftOut() throws {
        let winter = Self.project(1, "Winter", key: "a1")
        let outcome = try mergedInEveryOrder([
            base,
            Self.change(Self.desktop, at: 200, seen: [Self.laptop.id: 100], .setRoot(from: nil, to: "/home/someone/Writing"),
                        .disk(.moved(project: winter.id, from: "/a", to: "/b")), .setDefaultOrder(from: .name, to: .user)),
        ])
        #expect(outcome.catalog.savedRoot == nil)
        #expect(outcome.catalog.defaultOrder == .user)
        #expect(names(outcome) == ["Winter", "Sonnets", "Letters"])
    }

    @Test("two projects given one folder on two machines: the first to claim it keeps it, the later has none, the same on every machine")
    func folderClaimedTwice() throws {
        var winter = Self.project(4, "Winter", key: "a4")
        winter.folder = ProjectFolder(recorded: "Winter", isManaged: true)
        var other = Self.project(5, "Winter", key: "a5")
        other.folder = ProjectFolder(recorded: "Winter", isManaged: true)
        let outcome = try mergedInEveryOrder([
            base,
            Self.change(Self.laptop, at: 200, seen: [:], .create(winter)),
            Self.change(Self.desktop, at: 300, seen: [Self.laptop.id: 100], .create(other)),
        ])
        let kept = try #require(outcome.catalog.projects.first { $0.id == winter.id })
        let lost = try #require(outcome.catalog.projects.first { $0.id == other.id })
        #expect(kept.folder?.recorded == "Winter" && lost.folder == nil)
        #expect(outcome.folderClashes == [FolderClash(project: other.id, path: "Winter", keptBy: winter.id)])
    }
}
