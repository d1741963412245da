import Foundation
import Testing
@testable import ProjectStore

/// What compaction keeps of a long history (`History.kept`): the last `History.limit` changes, and,
/// for `undelete`, the last `History.keptDeletions` older deletions not undone.
@Suite("Compaction")
struct CompactionTests {
    /// 120 projects made and deleted one after the other, the 100th brought back, then more
    /// changes than the history shows.
    private func manyDeletionsThenMore() throws -> [Change] {
        let fixture = HistoryFixture()
        for number in 1...120 {
            try fixture.add("Piece \(number)", folder: false)
            try fixture.store("delete").delete(.named("Piece \(number)"))
        }
        try fixture.store("undelete").undelete(named: "Piece 100")
        try fixture.add("Kept", folder: false)
        for round in 1...(History.limit + 10) {
            try fixture.store("edit").setDetails(of: .named("Kept"), to: "round \(round)")
        }
        return try fixture.store("history").historyChanges().changes
    }

    private func deletedNames(_ changes: [Change]) -> Set<String> {
        Set(changes.filter(\.deletesAProject).flatMap(\.operations).compactMap { if case .remove(let project) = $0 { project.name } else { nil } })
    }

    @Test("keeps the last 100 older deletions not undone, and shows the same history")
    func keepsRecentDeletions() throws {
        let changes = try manyDeletionsThenMore()
        let kept = History.kept(changes)
        // The newest 100 deletions not undone: the 100th was brought back, so the 20th is among them.
        let expected = Set((20...120).filter { $0 != 100 }.map { "Piece \($0)" })
        #expect(deletedNames(kept) == expected)
        let commands = kept.filter { if case .command = $0.kind { true } else { false } }
        #expect(commands.count == History.limit + History.keptDeletions)
        #expect(History(changes: kept) == History(changes: changes))
        #expect(History(changes: kept).entries.allSatisfy { $0.command == "edit" })
    }

    @Test("compacting again keeps them: the history of deletions stays bounded, not emptied")
    func compactingAgain() throws {
        let kept = History.kept(try manyDeletionsThenMore())
        #expect(History.kept(kept) == kept)
    }
}
