import Foundation
import ProjectStore

/// `market list` and `market show`: the markets as a table, one market's details and its figures.
struct MarketView {
    let context: CommandContext

    func list(_ catalog: ProjectCatalog) -> String {
        let l = context.localizer
        let words = context.submissionWords
        let dates = context.dateText
        var sent: [UUID: (all: Int, open: Int)] = [:]
        for submission in catalog.submissions {
            sent[submission.market, default: (0, 0)].all += 1
            if submission.isOpen { sent[submission.market, default: (0, 0)].open += 1 }
        }
        let heading = ["market.column.name", "market.column.kind", "market.column.deadline", "market.column.submissions", "market.column.pending"]
            .map { l.text($0) }
        let rows = catalog.markets.map { market in
            [
                TerminalText.visible(market.name), words.kind(market.kind),
                market.deadline.map { dates.date(day: $0.daysSince1970) } ?? "",
                context.numbers.string(sent[market.id]?.all ?? 0), context.numbers.string(sent[market.id]?.open ?? 0),
            ]
        }
        return SubmissionColumns.render([heading] + rows, rightAligned: [3, 4])
    }

    func show(_ market: Market, in catalog: ProjectCatalog) -> String {
        let l = context.localizer
        let words = context.submissionWords
        let numbers = context.numbers
        let figures = MarketStatistics(of: market.id, in: catalog.submissions, today: context.today)
        func yesNo(_ value: Bool) -> String { l.text(value ? "market.yes" : "market.no") }
        func days(_ count: Int) -> String { l.text("market.days", count: count, ["count": numbers.string(count)]) }
        var rows: [[String]] = [
            [l.text("market.row.name"), TerminalText.visible(market.name)],
            [l.text("market.row.kind"), words.kind(market.kind)],
        ]
        if let url = market.url { rows.append([l.text("market.row.url"), TerminalText.visible(url)]) }
        if let deadline = market.deadline { rows.append([l.text("market.row.deadline"), words.day(deadline)]) }
        rows.append([l.text("market.row.simultaneous"), yesNo(market.simultaneous)])
        rows.append([l.text("market.row.multiple"), yesNo(market.multiple)])
        if let usual = market.responseDays { rows.append([l.text("market.row.response-days"), days(usual)]) }
        if let notes = market.notes { rows.append([l.text("market.row.notes"), TerminalText.visible(notes)]) }
        rows.append([l.text("market.row.submissions"), l.text("market.figures.sent", [
            "submissions": l.text("market.figures.submissions", count: figures.submissions, ["count": numbers.string(figures.submissions)]),
            "pieces": l.text("market.figures.pieces", count: figures.pieces, ["count": numbers.string(figures.pieces)])])])
        rows.append([l.text("market.row.answers"), l.text("market.figures.answers", [
            "accepted": numbers.string(figures.accepted), "rejected": numbers.string(figures.rejected),
            "withdrawn": numbers.string(figures.withdrawn)])])
        rows.append([l.text("market.row.rate"), figures.acceptanceRate.map { numbers.percent($0) } ?? l.text("market.none-yet")])
        rows.append([l.text("market.row.median"), figures.medianResponseDays.map { l.text("market.days", count: $0 == 1 ? 1 : 2, ["count": numbers.decimal($0)]) }
            ?? l.text("market.none-yet")])
        rows.append([l.text("market.row.longest"), figures.longestResponseDays.map(days) ?? l.text("market.none-yet")])
        rows.append([l.text("market.row.pending"), figures.longestPendingDays.map { longest in
            l.text("market.figures.pending", count: figures.pending, ["count": numbers.string(figures.pending), "longest": days(longest)])
        } ?? numbers.string(0)])
        return SubmissionColumns.render(rows.map { [$0[0] + ":", $0[1]] })
    }
}
