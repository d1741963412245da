import Foundation
import ProjectStore

extension HistorySentence {
    /// A change to markets or submissions in one sentence, said from its first operation of that
    /// kind; an undo or redo says what it took back or did again, as for projects.
    func describeSubmissions(_ change: Change, undone: Bool) -> String? {
        // A change about projects (an import bringing markets along) is said as the projects' change.
        guard case .submissions? = change.catalogOperations.first else { return nil }
        var operations = change.catalogOperations.compactMap { if case .submissions(let operation) = $0 { operation } else { nil } }
        if case .undo = change.kind { operations = operations.reversed().map(\.reversed) }
        let said = sentence(operations)
        // `undone`: `undo` says "Undone:" before the sentence itself.
        switch change.kind {
        case .undo where !undone: return localizer.text("history.undo-of", ["what": localizer.text("history.submissions.undone", ["what": said])])
        case .redo where !undone: return localizer.text("history.redo-of", ["what": said])
        default: return said
        }
    }

    private func sentence(_ operations: [SubmissionOperation]) -> String {
        let l = localizer
        let held = operations.filter { if case .removeSubmission = $0 { true } else { false } }.count
        for operation in operations {
            switch operation {
            case .removeMarket(let market):
                return l.text("history.market.delete", count: held, ["name": visible(market.name), "count": String(held)])
            case .addMarket(let market):
                return l.text("history.market.add", ["name": visible(market.name)])
            case .setMarket(let id, .name, let from, let to):
                return l.text("history.market.rename", ["old": visible(from ?? ""), "new": visible(to ?? marketName(id))])
            case .setMarket(let id, _, _, _):
                // Each field by the name `market show` gives it, in the writer's language.
                let fields = operations.compactMap { if case .setMarket(_, let field, _, _) = $0 { l.text("market.row.\(field.rawValue)") } else { nil } }
                return l.text("history.market.edit", ["name": visible(marketName(id)), "fields": fields.joined(separator: ", ")])
            case .addSubmission(let submission):
                return l.text("history.submit", count: submission.pieces.count, [
                    "count": String(submission.pieces.count), "project": visible(submission.projectName),
                    "market": visible(marketName(submission.market))])
            case .respond(let id, _, _, let to):
                let count = operations.count
                return l.text("history.response", count: count, [
                    "count": String(count), "market": visible(marketName(id)),
                    "status": l.text("submissions.status.\(to.status.rawValue)")])
            case .removeSubmission:
                // A market's deletion says its submissions with it.
                continue
            }
        }
        if case .removeSubmission(let submission)? = operations.first {
            return l.text("history.unsubmit", count: submission.pieces.count, [
                "count": String(submission.pieces.count), "project": visible(submission.projectName),
                "market": visible(marketName(submission.market))])
        }
        return l.text("history.other", count: 1, ["command": "submissions"])
    }

    private func marketName(_ id: UUID) -> String { marketNames(id) ?? String(id.lowercasedString.prefix(8)) }

    private func visible(_ text: String) -> String { TerminalText.visible(text) }
}
