import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// A store read for listing what is still out (`submissions --pending`): every submission in its
/// place, holding only its pieces still out, and never taken for the whole store.
@Suite("A store read for what is still out")
struct StillOutReadTests {
    @Test("submissions keep their places and numbers and hold their pieces still out; the next whole read has every piece")
    func keepsPlacesAndOpenPieces() throws {
        let seed = SplitMix64.seedForThisRun(test: "StillOutReadTests.keepsPlacesAndOpenPieces")
        var random = SplitMix64(seed: seed)
        var catalog = ProjectCatalog()
        // Random lines, some with escapes: both the fast reader and the general one are asked.
        try catalog.takeStored(markets: [], submissions: (0..<300).map { _ in SubmissionLineTests.randomSubmission(&random) })
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            try writeFile(path, StoreDocument.encode(catalog, withRevision: true))
            let storage = FileStorage(path: path)
            let stillOut = try storage.load(pieces: .stillOut)
            #expect(stillOut.submissionPieces == .stillOut)
            #expect(stillOut.submissions.map(\.id) == catalog.submissions.map(\.id), "seed \(seed)")
            var leftOut = 0
            for (read, whole) in zip(stillOut.submissions, catalog.submissions) {
                #expect(read.pieces == whole.pieces.filter { $0.response.status.isOpen }, "seed \(seed)")
                leftOut += whole.pieces.count - read.pieces.count
            }
            #expect(leftOut > 100, "too few answered pieces to leave out (seed \(seed))")

            let today = CalendarDay(year: 2031, month: 1, day: 1)!
            let listed = SubmissionListing(catalog: stillOut, today: today).rows(pendingOnly: true)
            let fromWhole = SubmissionListing(catalog: catalog, today: today).rows(pendingOnly: true)
            #expect(!listed.isEmpty)
            #expect(listed.map(\.number) == fromWhole.map(\.number), "seed \(seed)")
            #expect(listed.map { row in row.pieces.map(row.sent) } == fromWhole.map { row in row.pieces.map(row.sent) }, "seed \(seed)")
            #expect(listed.map { $0.pieces.map(\.days) } == fromWhole.map { $0.pieces.map(\.days) }, "seed \(seed)")

            // The read without every piece was not kept for the next read, which has them all.
            let whole = try storage.load()
            #expect(whole.submissionPieces == .all)
            #expect(whole.submissions.elementsEqual(catalog.submissions), "seed \(seed)")
        }
    }

    @Test("a piece left out is judged as a piece kept: text that is not UTF-8 refuses the store either way")
    func leftOutPieceJudged() throws {
        var catalog = ProjectCatalog()
        let rejected = PieceResponse(status: .rejected, date: CalendarDay(year: 2026, month: 2, day: 1), note: nil)
        let waiting = PieceResponse(status: .pending, date: nil, note: "by post YY")
        try catalog.takeStored(markets: [], submissions: [Submission(
            id: UUID(), market: UUID(), project: UUID(), projectName: "Poems", sent: CalendarDay(year: 2026, month: 1, day: 2)!, note: nil,
            pieces: [SubmittedPiece(file: "Ode-XX.md", version: "0a1b2c3d4e5f", number: 1, response: rejected),
                     SubmittedPiece(file: "Elegy.md", version: "0a1b2c3d4e60", number: 1, response: waiting)])])
        let written = StoreDocument.encode(catalog, withRevision: true)
        #expect((try? StoreDocument.decode(written, pieces: .stillOut))?.submissions.first?.pieces.map(\.file) == ["Elegy.md"])
        // In the file of the piece left out, then in the note of the piece kept: a lone continuation
        // byte and a byte no UTF-8 holds.
        for marker in ["XX", "YY"] {
            var broken = written
            let at = try #require(broken.indices.first { broken[$0...].starts(with: Array(marker.utf8)) })
            broken.replaceSubrange(at..<(at + 2), with: [0x80, 0xFF])
            for pieces in [SubmissionPieces.all, .stillOut] {
                #expect(throws: DocumentProblem.self, "\(marker), \(pieces)") { try StoreDocument.decode(broken, pieces: pieces) }
            }
        }
    }

    @Test("a catalog read without every piece is refused by the writer rather than written without them")
    func neverWritten() async throws {
        await #expect(processExitsWith: .failure) {
            var catalog = ProjectCatalog()
            let sample = Submission(
                id: UUID(), market: UUID(), project: UUID(), projectName: "Poems", sent: CalendarDay(year: 2026, month: 1, day: 2)!, note: nil,
                pieces: [SubmittedPiece(file: "Ode.md", version: "0a1b2c3d4e5f", number: 1)])
            try catalog.takeStored(markets: [], submissions: [sample], pieces: .stillOut)
            _ = StoreDocument.encode(catalog, withRevision: true)
        }
    }
}
