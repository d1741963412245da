import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// Markets and submissions of every shape, as the store and the history write them.
enum SubmissionSamples {
    static let market = Market(
        id: UUID(uuidString: "3a000000-0000-4000-8000-000000000001")!, name: "Agni \"Review\"", kind: .competition, url: "https://example.org",
        deadline: CalendarDay(parsing: "2027-03-31"), simultaneous: false, multiple: true, notes: "line one\nline two", responseDays: 90)

    static func submission(of project: Project) -> Submission {
        Submission(
            id: UUID(uuidString: "5b000000-0000-4000-8000-000000000001")!, market: market.id, project: project.id, projectName: project.name,
            sent: CalendarDay(parsing: "2026-10-01")!, note: "by post", pieces: [
                SubmittedPiece(file: "Poems/Ode.md", version: "0a1b2c3d4e5f", number: 3),
                SubmittedPiece(file: "Élégie.md", version: "ffeeddccbbaa", number: 1, response: PieceResponse(
                    status: .accepted, date: CalendarDay(parsing: "2026-11-02"), note: "in the spring issue")),
            ])
    }

    static func everyOperation(project: Project) -> [ChangeOperation] {
        let sent = submission(of: project)
        return [
            .submissions(.addMarket(market)), .submissions(.removeMarket(market)),
            .submissions(.setMarket(market.id, .deadline, from: nil, to: "2027-01-01")),
            .submissions(.setMarket(market.id, .notes, from: "x", to: nil)),
            .submissions(.addSubmission(sent)), .submissions(.removeSubmission(sent)),
            .submissions(.respond(sent.id, piece: 1, from: .pending, to: sent.pieces[1].response)),
        ]
    }
}

@Suite("Submissions in the store document")
struct SubmissionDocumentTests {
    @Test("markets and submissions round-trip through the store and an export")
    func roundTrip() throws {
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "Poems", kind: .poetry, details: nil, id: UUID(), created: Date(timeIntervalSince1970: 1_800_000_000))
        try catalog.addMarket(SubmissionSamples.market)
        try catalog.addSubmission(SubmissionSamples.submission(of: project))
        for withRevision in [true, false] {
            let contents = try StoreDocument.decode(StoreDocument.encode(catalog, withRevision: withRevision))
            #expect(contents.markets == catalog.markets)
            #expect(contents.submissions == catalog.submissions)
        }
    }

    @Test("the store is handed to its file in pieces, its submissions too, which together are the whole document")
    func writtenInPieces() throws {
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "Poems", kind: .poetry, details: nil, id: UUID(), created: Date(timeIntervalSince1970: 1_800_000_000))
        try catalog.addMarket(SubmissionSamples.market)
        let sample = SubmissionSamples.submission(of: project)
        for _ in 0..<60 {
            try catalog.addSubmission(Submission(
                id: UUID(), market: sample.market, project: sample.project, projectName: sample.projectName, sent: sample.sent,
                note: sample.note, pieces: sample.pieces))
        }
        var pieces: [[UInt8]] = []
        StoreDocument.encode(catalog, withRevision: true, pieceSize: 2_000) { piece in pieces.append(Array(piece)) }
        // A piece ends with the line that took it past its size: a submission's line is under 600 bytes.
        #expect(pieces.count > 10)
        #expect(pieces.allSatisfy { $0.count < 2_000 + 600 }, "\(pieces.map(\.count))")
        #expect(Array(pieces.joined()) == StoreDocument.encode(catalog, withRevision: true))
    }

    @Test("a store written before submissions reads, with none, and is written without them")
    func olderStore() throws {
        let text = """
        {"version": 3, "sort": "name", "root": null, "projects": [
          {"id": "3f2a9c1e-5b7d-4e8a-9c0f-1d2e3f4a5b6c", "name": "My Novel", "type": "novel", "created": "2026-11-22T08:30:00.123Z", "details": null, "position": 1}
        ]}
        """
        let contents = try StoreDocument.decode(Array(text.utf8))
        #expect(contents.markets.isEmpty && contents.submissions.isEmpty && contents.projects.count == 1)
        var catalog = try ProjectCatalog(projects: contents.projects, defaultOrder: contents.order)
        try catalog.takeStored(markets: contents.markets, submissions: contents.submissions)
        let written = String(decoding: StoreDocument.encode(catalog), as: UTF8.self)
        #expect(!written.contains("markets") && !written.contains("submissions"))
    }

    /// The tool before submissions reads up to version 3 and writes back only what it knows: given a
    /// store holding submissions as version 3, its next change would drop them. As version 4 it
    /// refuses the store untouched.
    @Test("a store holding markets or submissions is version 4, which the tool before them refuses; one without stays version 3")
    func versionMarksSubmissions() throws {
        func version(_ bytes: [UInt8]) -> Substring? {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.firstRange(of: "\"version\": ").map { text[$0.upperBound...].prefix(1) }
        }
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "Poems", kind: .poetry, details: nil, id: UUID(), created: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(version(StoreDocument.encode(catalog, withRevision: true)) == "3")
        try catalog.addMarket(SubmissionSamples.market)
        #expect(version(StoreDocument.encode(catalog, withRevision: true)) == "4")
        #expect(version(StoreDocument.encode(catalog)) == "4")
        try catalog.addSubmission(SubmissionSamples.submission(of: project))
        let written = StoreDocument.encode(catalog, withRevision: true)
        #expect(version(written) == "4")
        #expect(try StoreDocument.decode(written).submissions == catalog.submissions)
    }

    @Test("submissions written out of order (by hand, by another tool) are read in the order their numbers follow")
    func outOfOrder() throws {
        var catalog = ProjectCatalog()
        let project = try catalog.add(name: "Poems", kind: .poetry, details: nil, id: UUID(), created: Date(timeIntervalSince1970: 1_800_000_000))
        let sample = SubmissionSamples.submission(of: project)
        func sent(_ id: String, _ day: String) -> Submission {
            Submission(id: UUID(uuidString: id)!, market: sample.market, project: project.id, projectName: "Poems",
                       sent: CalendarDay(parsing: day)!, note: nil, pieces: sample.pieces)
        }
        let late = sent("00000000-0000-4000-8000-000000000001", "2026-11-02")
        let sameDayHigh = sent("F0000000-0000-4000-8000-000000000001", "2026-11-01")
        let sameDayLow = sent("A0000000-0000-4000-8000-000000000001", "2026-11-01")
        try catalog.takeStored(markets: [SubmissionSamples.market], submissions: [late, sameDayHigh, sameDayLow])
        #expect(catalog.submissions.map(\.id) == [sameDayLow.id, sameDayHigh.id, late.id])
    }

    @Test("a store with two markets of one name is refused, as one with two projects of one name is")
    func duplicateMarkets() throws {
        var catalog = ProjectCatalog()
        let other = Market(id: UUID(), name: "AGNI \"REVIEW\"")
        #expect(throws: DocumentProblem.duplicateName("AGNI \"REVIEW\"")) {
            try catalog.takeStored(markets: [SubmissionSamples.market, other], submissions: [])
        }
    }
}
