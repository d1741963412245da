import Foundation
import Testing
@testable import ProjectStore

/// A kept text is trusted by its hash, never by its name: wherever one is read (restore, diff,
/// snapshot's "unchanged", submit's pin, undo and redo of a restore) it is checked, and one that
/// fails is named and never used. What a shared root holds came from elsewhere.
@Suite("kept texts checked")
struct KeptTextCheckTests {
    typealias Clock = VersionShelfTests.Clock

    static func shelf(_ folder: MemoryVersionFolder) -> VersionShelf {
        VersionShelfTests.shelf(folder)
    }

    /// A file kept once, then changed: version 1 holds "First words."
    static func keptOnce() throws -> (MemoryVersionFolder, VersionShelf, String) {
        let folder = MemoryVersionFolder(files: ["One.md": "First words."])
        let shelf = shelf(folder)
        let kept = try shelf.keep(files: ["One.md"], note: nil)
        return (folder, shelf, kept[0].version.record.text)
    }

    @Test func aTextChangedInPlaceIsNotUnchangedAndIsKeptAgain() throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.changeText(name, to: "Words an editor forced in.")
        let again = try shelf.keep(files: ["One.md"], note: nil)
        guard case .kept(let version) = again[0] else { Issue.record("taken for unchanged: \(again)"); return }
        #expect(version.number == 2)
        #expect(folder.texts[name] == Array("First words.".utf8), "the text is whole and intact again")
        #expect(try shelf.check().failing.isEmpty)
    }

    @Test func aTextMissingIsNotKeptAndIsKeptAgain() throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.changeText(name, to: nil)
        let again = try shelf.keep(files: ["One.md"], note: nil)
        guard case .kept = again[0] else { Issue.record("a missing text counted as kept: \(again)"); return }
        #expect(folder.texts[name] == Array("First words.".utf8))
    }

    @Test(arguments: [KeptTextProblem.link, .notAFile, .tooLarge])
    func somethingElseInATextsPlaceIsReplacedBySnapshot(standIn: KeptTextProblem) throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.putInPlace(of: name, standIn)
        guard case .kept = try shelf.keep(files: ["One.md"], note: nil)[0] else { Issue.record("unchanged"); return }
        #expect(try shelf.text(name) == Array("First words.".utf8))
    }

    @Test func restoreRefusesATextThatFailsAndWritesNothing() throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.setFile("One.md", to: "Today's words.")
        folder.changeText(name, to: "A secret someone put here.")
        let records = try folder.records()
        #expect(throws: VersionError.keptText(path: ".versions/texts/" + name, problem: .changed)) {
            try shelf.restore("One.md", version: "1", note: { "before restoring version \($0)" })
        }
        #expect(folder.files["One.md"] == Array("Today's words.".utf8), "today's text untouched")
        #expect(try folder.records() == records, "nothing kept first")
    }

    @Test(arguments: [KeptTextProblem.link, .notAFile, .tooLarge, .missing])
    func restoreRefusesWhatStandsInATextsPlace(standIn: KeptTextProblem) throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.setFile("One.md", to: "Today's words.")
        if standIn == .missing { folder.changeText(name, to: nil) } else { folder.putInPlace(of: name, standIn) }
        #expect(throws: VersionError.keptText(path: ".versions/texts/" + name, problem: standIn)) {
            try shelf.restore("One.md", version: "1", note: { "before restoring version \($0)" })
        }
        #expect(folder.files["One.md"] == Array("Today's words.".utf8))
    }

    @Test func undoOfARestoreRefusesATextChangedSince() throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.setFile("One.md", to: "Today's words.")
        let restored = try shelf.restore("One.md", version: "1", note: { "before restoring version \($0)" })
        let before = try #require(restored.before)
        folder.changeText(before.record.text, to: "Not what was kept.")
        #expect(throws: VersionError.keptText(path: ".versions/texts/" + before.record.text, problem: .changed)) {
            try shelf.exchange("One.md", from: restored.restored.record.id, to: before.record.id)
        }
        #expect(folder.files["One.md"] == Array("First words.".utf8))
        _ = name
    }

    @Test func aRecordNamingNoHashIsNeverRead() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "Words."])
        let shelf = Self.shelf(folder)
        let record = VersionRecord(
            id: "0123456789ab", file: "One.md", text: "../../../.ssh/id_rsa", clock: HybridTime.next(at: Date(), after: nil),
            time: Date(), machine: VersionShelfTests.desktop, words: 1, note: nil)
        try folder.append([record], machine: VersionShelfTests.desktop)
        folder.changeText("../../../.ssh/id_rsa", to: "secret")
        #expect(throws: VersionError.keptText(path: ".versions/texts/../../../.ssh/id_rsa", problem: .changed)) { try shelf.text(record.text) }
        #expect(throws: VersionError.self) { try shelf.restore("One.md", version: "1", note: { _ in "" }) }
        #expect(folder.files["One.md"] == Array("Words.".utf8))
    }

    @Test func checkListsEveryFailingTextWithTheVersionsItHolds() throws {
        let folder = MemoryVersionFolder(files: ["One.md": "Same.", "Two.md": "Same.", "Three.md": "Other."])
        let shelf = Self.shelf(folder)
        let kept = try shelf.keep(files: [], note: nil)
        let same = try #require(kept.first { $0.version.record.file == "One.md" }).version.record.text
        folder.changeText(same, to: "Changed.")
        let (checked, failing) = try shelf.check()
        #expect(checked == 2)
        #expect(failing.map(\.text) == [same])
        #expect(failing.first?.problem == .changed)
        #expect(failing.first?.versions.map(\.record.file).sorted() == ["One.md", "Two.md"])
        #expect(try shelf.check(file: "Three.md").failing.isEmpty)
    }

    @Test func aPinForASubmissionIsNeverATextThatFails() throws {
        let (folder, shelf, name) = try Self.keptOnce()
        folder.changeText(name, to: "Changed.")
        let pinned = try shelf.keep(files: ["One.md"], note: "sent")
        #expect(pinned[0].version.number == 2)
        #expect(try shelf.text(pinned[0].version.record.text) == Array("First words.".utf8))
    }

    @Test func snapshotsAtOnceAfterOneEditKeepOneVersion() async throws {
        let folder = MemoryVersionFolder(files: ["One.md": "First words."])
        _ = try Self.shelf(folder).keep(files: [], note: nil)
        folder.setFile("One.md", to: "Second words.")
        let outcomes = try await withThrowingTaskGroup(of: VersionShelf.Kept.self) { group in
            for _ in 0..<8 {
                group.addTask { try Self.shelf(folder).keep(files: ["One.md"], note: nil)[0] }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { if case .kept = $0 { true } else { false } }.count == 1)
        #expect(try folder.records().count == 2)
    }
}
