import Foundation
import Testing
@testable import ProjectStore

@Suite("Submissions: a market's figures, against figures worked out by hand")
struct MarketStatisticsTests {
    @Test("counts, acceptance rate, median and longest response time, what is pending and for how long")
    func figures() throws {
        let catalog = try makeCatalog(["Poems"])
        let poems = catalog.projects[0]
        let agni = Sent.market(1, "Agni"), other = Sent.market(2, "Other")
        let submissions = [
            // Sent Oct 1: accepted after 10 days, rejected after 20.
            Sent.submission(1, to: agni, of: poems, on: "2026-10-01", [Sent.piece("A", .accepted, on: "2026-10-11"), Sent.piece("B", .rejected, on: "2026-10-21")]),
            // Sent Oct 5: rejected after 45 days, one withdrawn (not a response time), one still out.
            Sent.submission(2, to: agni, of: poems, on: "2026-10-05", [
                Sent.piece("C", .rejected, on: "2026-11-19"), Sent.piece("D", .withdrawn, on: "2026-10-06"), Sent.piece("E")]),
            // Sent Nov 20: shortlisted, so still out.
            Sent.submission(3, to: agni, of: poems, on: "2026-11-20", [Sent.piece("F", .shortlisted, on: "2026-11-25")]),
            Sent.submission(4, to: other, of: poems, on: "2026-01-01", [Sent.piece("G", .accepted, on: "2026-02-01")]),
        ]
        let figures = MarketStatistics(of: agni.id, in: submissions, today: Sent.day("2026-11-27"))
        #expect(figures.submissions == 3 && figures.pieces == 6)
        #expect(figures.accepted == 1 && figures.rejected == 2 && figures.withdrawn == 1 && figures.pending == 2)
        // 1 accepted ÷ (1 accepted + 2 rejected).
        #expect(figures.acceptanceRate == 1.0 / 3.0)
        // Response times 10, 20, 45: the median is 20, the longest 45.
        #expect(figures.medianResponseDays == 20 && figures.longestResponseDays == 45)
        // E, out since Oct 5: 53 days by Nov 27.
        #expect(figures.longestPendingDays == 53)
    }

    @Test("an even number of response times has the mean of the middle two as its median; none answered, no figures")
    func evenAndEmpty() throws {
        let catalog = try makeCatalog(["Poems"])
        let agni = Sent.market(1, "Agni")
        let two = [Sent.submission(1, to: agni, of: catalog.projects[0], on: "2026-10-01", [
            Sent.piece("A", .rejected, on: "2026-10-04"), Sent.piece("B", .rejected, on: "2026-10-09")])]
        let figures = MarketStatistics(of: agni.id, in: two, today: Sent.day("2026-11-27"))
        #expect(figures.medianResponseDays == 5.5 && figures.acceptanceRate == 0 && figures.longestPendingDays == nil)
        let none = MarketStatistics(of: agni.id, in: [], today: Sent.day("2026-11-27"))
        #expect(none.acceptanceRate == nil && none.medianResponseDays == nil && none.longestResponseDays == nil && none.submissions == 0)
    }

    @Test("pending longest waiting first, past the market's usual response time marked; newest first otherwise")
    func listing() throws {
        var catalog = try makeCatalog(["Poems"])
        let quick = Sent.market(1, "Quick", responseDays: 30), slow = Sent.market(2, "Slow")
        try catalog.addMarket(quick)
        try catalog.addMarket(slow)
        let poems = catalog.projects[0]
        try catalog.addSubmission(Sent.submission(1, to: quick, of: poems, on: "2026-10-01", [Sent.piece("A")]))
        try catalog.addSubmission(Sent.submission(2, to: slow, of: poems, on: "2026-09-01", [Sent.piece("B")]))
        try catalog.addSubmission(Sent.submission(3, to: quick, of: poems, on: "2026-11-10", [Sent.piece("D", .rejected, on: "2026-11-12"), Sent.piece("C")]))
        let listing = SubmissionListing(catalog: catalog, today: Sent.day("2026-11-27"))
        let pending = listing.rows(pendingOnly: true)
        #expect(pending.map(\.number) == [1, 2, 3])
        #expect(pending.map { row in row.pieces.map { row.sent($0).file } } == [["B"], ["A"], ["C"]])
        #expect(pending.map { $0.pieces.map(\.overdue) } == [[false], [true], [false]])
        #expect(pending.map { $0.pieces.map(\.days) } == [[87], [57], [17]])
        let all = listing.rows(pendingOnly: false)
        #expect(all.map(\.number) == [3, 2, 1] && all[0].pieces.map(\.days) == [2, 17])
        // A row names its pieces by their place in its submission: the one still out is the second.
        #expect(all[0].pieces.map { all[0].sent($0).file } == ["D", "C"] && pending[2].pieces.map(\.index) == [1])
        #expect(all.map(\.submission.id) == catalog.submissions.reversed().map(\.id))
    }
}
