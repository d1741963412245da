import Foundation
import Testing
@testable import ProjectStore

/// Versions in memory, through the `VersionFolder` seam: numbering, the same text stored once, a kept
/// text never written again, two machines at once, restore and what it keeps first.
@Suite("versions")
struct VersionShelfTests {
    static let laptop = Machine(id: UUID(uuidString: "11111111-1111-1111-1111-111111111111")!, name: "laptop")
    static let desktop = Machine(id: UUID(uuidString: "22222222-2222-2222-2222-222222222222")!, name: "desktop")

    /// A shelf whose clock gives the times it is told, a millisecond apart by default.
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        func tick() -> Date {
            now += 0.001
            return now
        }
    }

    static func shelf(_ folder: MemoryVersionFolder, _ machine: Machine = laptop, clock: Clock = Clock()) -> VersionShelf {
        VersionShelf(folder: folder, machine: machine, clock: { clock.tick() })
    }

    @Test func numbersEachFilesVersionsFromOne() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "First words.", "Two.txt": "Other words."])
        let shelf = Self.shelf(folder)
        let first = try shelf.keep(files: [], note: "start")
        #expect(first.map(\.version.number) == [1, 1])
        folder.setFile("One.md", to: "First words, changed.")
        let second = try shelf.keep(files: ["One.md"], note: nil)
        #expect(second == [.kept(try #require(shelf.list().newest(of: "One.md")))])
        #expect(second[0].version.number == 2)
        #expect(second[0].version.record.words == 3)
        #expect(try shelf.list().versions(of: "Two.txt").map(\.number) == [1])
    }

    @Test("a send recorded late pins the newest version kept on or before its day; today's text when none; the one named when named")
    func versionSentOnADay() throws {
        let folder = MemoryVersionFolder(files: ["Ode.md": "September.", "Elegy.md": "Elegy, new."])
        let clock = Clock()
        let shelf = Self.shelf(folder, clock: clock)
        let utc = TimeZone(identifier: "UTC")!
        func dayOf(_ date: Date) -> CalendarDay { CalendarDay(date, in: utc) }
        let start = clock.now
        _ = try shelf.keep(files: ["Ode.md"], note: "day 0")
        clock.now += 5 * 86_400
        folder.setFile("Ode.md", to: "October.")
        _ = try shelf.keep(files: ["Ode.md"], note: "day 5")
        clock.now += 5 * 86_400
        folder.setFile("Ode.md", to: "November.")
        let today = dayOf(clock.now)
        func sent(_ files: [String], on day: Int, named: String? = nil) throws -> [NumberedVersion] {
            try shelf.sent(files: files, on: dayOf(start + Double(day) * 86_400), today: today, named: named, dayOf: dayOf, note: "sent")
        }
        #expect(try sent(["Ode.md"], on: 3).map(\.number) == [1])
        #expect(try sent(["Ode.md"], on: 5).map(\.number) == [2])
        // Elegy has no version that old: today's text is kept for it.
        let both = try sent(["Ode.md", "Elegy.md"], on: 7)
        #expect(both.map(\.number) == [2, 1] && both[1].record.note == "sent")
        #expect(try sent(["Ode.md"], on: 7, named: "1").map(\.number) == [1])
        #expect(throws: VersionError.versionOfOneFile(count: 2)) { try sent(["Ode.md", "Elegy.md"], on: 7, named: "1") }
        // A kept text changed since is never pinned, named or chosen by its day.
        let first = try #require(shelf.list().versions(of: "Ode.md").first)
        folder.changeText(first.record.text, to: "September, edited in place.")
        #expect(throws: VersionError.self) { try sent(["Ode.md"], on: 7, named: "1") }
        #expect(throws: VersionError.self) { try sent(["Ode.md"], on: 3) }
        // Sent today: today's text, kept now.
        let now = try shelf.sent(files: ["Ode.md"], on: today, today: today, named: nil, dayOf: dayOf, note: "sent")
        #expect(now.map(\.number) == [3])
    }

    @Test func anUnchangedFileIsNotKeptAgain() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "Words."])
        let shelf = Self.shelf(folder)
        _ = try shelf.keep(files: ["One.md"], note: nil)
        let again = try shelf.keep(files: ["One.md"], note: "again")
        guard case .unchanged(let version) = again[0] else { Issue.record("kept again: \(again)"); return }
        #expect(version.number == 1)
        #expect(try folder.records().count == 1)
    }

    @Test func theSameTextIsStoredOnceWhateverHoldsIt() throws {
        let novel = Dictionary(uniqueKeysWithValues: (1...5).map { ("Chapter \($0).md", "The same page.") })
        let folder = MemoryVersionFolder(files: novel)
        let shelf = Self.shelf(folder)
        _ = try shelf.keep(files: [], note: nil)
        #expect(try folder.records().count == 5)
        #expect(folder.texts.count == 1)
        #expect(folder.textWrites == 1)
        // A later file going back to a text kept before stores nothing new either.
        folder.setFile("Chapter 1.md", to: "Another page.")
        _ = try shelf.keep(files: [], note: nil)
        folder.setFile("Chapter 1.md", to: "The same page.")
        _ = try shelf.keep(files: [], note: nil)
        #expect(folder.textWrites == 2)
        #expect(try shelf.list().versions(of: "Chapter 1.md").count == 3)
    }

    @Test func aKeptTextIsNeverWrittenAgain() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "Before."])
        let shelf = Self.shelf(folder)
        let kept = try shelf.keep(files: [], note: nil)[0].version
        let before = try folder.text(kept.record.text)
        folder.setFile("One.md", to: "After.")
        _ = try shelf.keep(files: [], note: nil)
        _ = try shelf.restore("One.md", version: "1") { "before restoring \($0)" }
        // The memory folder refuses a second write of a name, so any attempt would have thrown.
        #expect(try folder.text(kept.record.text) == before)
        #expect(try shelf.list().version(of: "One.md", named: kept.record.id).record == kept.record)
    }

    @Test func twoMachinesAtOnceBothKeepTheirVersionNumberedAlike() throws {
        let shared = MemoryVersionFolder(files: ["One.md": "Start."])
        let clock = Clock()
        let laptop = Self.shelf(shared, Self.laptop, clock: clock)
        let desktop = Self.shelf(shared, Self.desktop, clock: clock)
        _ = try laptop.keep(files: [], note: "laptop's")
        shared.setFile("One.md", to: "Changed on the desktop.")
        _ = try desktop.keep(files: [], note: "desktop's")
        let versions = try laptop.list().versions(of: "One.md")
        #expect(versions.map(\.record.note) == ["laptop's", "desktop's"])
        #expect(versions.map(\.number) == [1, 2])
        // Each machine wrote only its own records.
        #expect(shared.recordsByMachine[Self.laptop.id]?.map(\.note) == ["laptop's"])
        #expect(shared.recordsByMachine[Self.desktop.id]?.map(\.note) == ["desktop's"])
    }

    @Test func versionsMadeApartAreNumberedByTheHybridClockOnEveryMachine() throws {
        let laptopFolder = MemoryVersionFolder(files: ["One.md": "Laptop text."])
        let desktopFolder = MemoryVersionFolder(files: ["One.md": "Desktop text."])
        let early = Clock(), late = Clock()
        late.now += 60
        _ = try Self.shelf(desktopFolder, Self.desktop, clock: late).keep(files: [], note: "desktop")
        _ = try Self.shelf(laptopFolder, Self.laptop, clock: early).keep(files: [], note: "laptop")
        // Sync: each machine's records arrive at the other, in opposite orders.
        let one = try laptopFolder.records() + desktopFolder.records()
        let other = try desktopFolder.records() + laptopFolder.records()
        let numbered = { (records: [VersionRecord]) in VersionList(records).versions(of: "One.md").map { "\($0.number) \($0.record.note!)" } }
        #expect(numbered(one) == ["1 laptop", "2 desktop"])
        #expect(numbered(other) == numbered(one))
    }

    /// The documented rule: a version made earlier elsewhere, arriving later, takes its place by the
    /// clock, and the number of one made here moves; its id does not.
    @Test func aNumberShiftsWhenAnEarlierVersionArrivesButItsIdStays() throws {
        let here = MemoryVersionFolder(files: ["One.md": "Here."])
        let elsewhere = MemoryVersionFolder(files: ["One.md": "Elsewhere."])
        let early = Clock(), late = Clock()
        late.now += 60
        let mine = try Self.shelf(here, Self.laptop, clock: late).keep(files: [], note: "here")[0].version
        _ = try Self.shelf(elsewhere, Self.desktop, clock: early).keep(files: [], note: "elsewhere")
        #expect(mine.number == 1)
        try here.append(elsewhere.records(), machine: Self.desktop)
        let after = try Self.shelf(here).list().version(of: "One.md", named: mine.record.id)
        #expect(after.number == 2)
        #expect(after.record == mine.record)
    }

    @Test func aSnapshotAfterSyncComesAfterEveryVersionItBrought() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "A."])
        let ahead = Clock()
        ahead.now += 3_600
        _ = try Self.shelf(folder, Self.desktop, clock: ahead).keep(files: [], note: "clock ahead")
        folder.setFile("One.md", to: "B.")
        let kept = try Self.shelf(folder, Self.laptop).keep(files: [], note: "after")
        #expect(kept[0].version.number == 2)
    }

    @Test func restoreKeepsTodaysTextFirstThenPutsTheVersionBack() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "First."])
        let shelf = Self.shelf(folder)
        _ = try shelf.keep(files: [], note: nil)
        folder.setFile("One.md", to: "Second, never kept.")
        let restored = try shelf.restore("One.md", version: "1") { "before restoring version \($0)" }
        #expect(try folder.contents(of: "One.md") == Array("First.".utf8))
        #expect(restored.keptFirst?.number == 2)
        #expect(restored.keptFirst?.record.note == "before restoring version 1")
        #expect(!restored.broughtBack)
        // Restoring the version kept first takes the restore back.
        _ = try shelf.restore("One.md", version: "2") { "before restoring version \($0)" }
        #expect(try folder.contents(of: "One.md") == Array("Second, never kept.".utf8))
    }

    @Test func restoreBringsBackADeletedFile() throws {
        let folder = MemoryVersionFolder(files: ["Gone.md": "Still here."])
        let shelf = Self.shelf(folder)
        let id = try shelf.keep(files: [], note: nil)[0].version.record.id
        folder.setFile("Gone.md", to: nil)
        let restored = try shelf.restore("Gone.md", version: id) { _ in "unused" }
        #expect(restored.broughtBack)
        #expect(restored.keptFirst == nil)
        #expect(try folder.contents(of: "Gone.md") == Array("Still here.".utf8))
    }

    @Test func refusalsChangeNothing() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "Text."])
        let shelf = Self.shelf(folder)
        _ = try shelf.keep(files: [], note: nil)
        #expect(throws: VersionError.unknownVersion(file: "One.md", name: "7", count: 1)) {
            try shelf.restore("One.md", version: "7") { _ in "" }
        }
        #expect(throws: VersionError.noFile(file: "Missing.md")) { try shelf.keep(files: ["One.md", "Missing.md"], note: nil) }
        #expect(try folder.records().count == 1)
        #expect(throws: VersionError.outsideProject(file: "../Other/One.md")) { try VersionFile.relative("../Other/One.md", in: "/w/P") }
        #expect(throws: VersionError.outsideProject(file: ".versions/texts/x.md")) { try VersionFile.relative(".versions/texts/x.md", in: "/w/P") }
        #expect(throws: VersionError.outsideProject(file: "/w/Other/One.md")) { try VersionFile.relative("/w/Other/One.md", in: "/w/P") }
        #expect(throws: VersionError.notText(file: "cover.jpg")) { try VersionFile.relative("cover.jpg", in: "/w/P") }
        #expect(try VersionFile.relative("/w/P/Chapters/./One.md", in: "/w/P") == "Chapters/One.md")
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(TextDigest.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(TextDigest.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks, and a length that puts the padding in a block of its own.
        #expect(TextDigest.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(TextDigest.hex(of: [UInt8](repeating: 0x61, count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
