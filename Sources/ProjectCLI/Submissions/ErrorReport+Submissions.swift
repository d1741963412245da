import ProjectStore

extension ErrorReport {
    /// What the markets and submissions refused, in words; each says nothing was recorded.
    static func describe(
        _ problem: SubmissionError, _ l: Localizer, day: @escaping (CalendarDay) -> String, number: (Int) -> String = { String($0) }
    ) -> [String] {
        let words = SubmissionWords(localizer: l, day: day)
        switch problem {
        case .duplicateMarket(let name):
            return [l.text("error.market.duplicate", ["name": TerminalText.visible(name)])]
        case .invalidMarketName(_, .empty):
            return [l.text("error.market.name-empty")]
        case .invalidMarketName(let name, let problem):
            return [describe(problem, name: name, l)]
        case .marketNotFound(let reference):
            return [l.text("error.market.not-found", ["reference": TerminalText.visible(reference)])]
        case .submissionNotFound(let reference):
            return [l.text("error.submission.not-found", ["reference": TerminalText.visible(reference)])]
        case .ambiguousSubmission(let reference, let candidates):
            return [l.text("error.submission.ambiguous", [
                "reference": TerminalText.visible(reference), "numbers": candidates.map(String.init).joined(separator: ", ")])]
        case .invalidValue(let field, let value):
            return [l.text("error.market.invalid-value", ["field": field, "value": TerminalText.visible(value)])]
        case .invalidResponseDays(let days):
            return [l.text("error.market.invalid-response-days", range(of: .responseDays, number, with: ["days": number(days)]))]
        case .responseInFuture(let date):
            return [l.text("error.response.future", ["date": day(date)])]
        case .responseBeforeSent(let date, let sent):
            return [l.text("error.response.before-sent", ["date": day(date), "sent": day(sent)])]
        case .fileNotInSubmission(let file):
            return [l.text("error.response.no-piece", ["file": TerminalText.visible(file)])]
        case .nothingPending(let pieces):
            return [l.text("error.response.nothing-pending")]
                + pieces.map { piece in
                    let answer = piece.response.date.map { l.text("error.response.answer-on", ["status": words.status(piece.response.status), "date": day($0)]) }
                    return "  " + l.text("error.response.piece-holds", [
                        "file": TerminalText.visible(piece.file), "answer": answer ?? words.status(piece.response.status)])
                }
                + [l.text("error.response.name-piece")]
        case .sentInFuture(let date):
            return [l.text("error.submit.future", ["date": day(date)])]
        case .nothingToSubmit(let name):
            return [l.text("error.submit.nothing", ["name": TerminalText.visible(name)])]
        case .refused(let warnings):
            return [l.text("error.submit.refused")] + warnings.map { "  " + words.warning($0) } + [l.text("error.submit.force")]
        }
    }
}
