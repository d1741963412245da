import ProjectStore

/// The words markets and submissions are said in, shared by the commands, the errors and the history.
struct SubmissionWords {
    let localizer: Localizer
    /// A day in full, as a sentence says it.
    let day: (CalendarDay) -> String

    func status(_ status: PieceStatus) -> String { localizer.text("submissions.status.\(status.rawValue)") }

    func kind(_ kind: MarketKind) -> String { localizer.text("market.kind.\(kind.rawValue)") }

    func quoted(_ name: String) -> String { localizer.text("sync.quoted-name", ["name": TerminalText.visible(name)]) }

    /// One warning or refusal before a submission, in a sentence.
    func warning(_ warning: SubmissionWarning) -> String {
        let l = localizer
        switch warning {
        case .pendingElsewhere(let file, let market, let sent):
            return l.text("submit.warning.pending-elsewhere", ["file": visible(file), "market": visible(market), "date": day(sent)])
        case .notSimultaneous(let file, let market, let refusing):
            return l.text("submit.warning.not-simultaneous", ["file": visible(file), "market": visible(market), "refusing": visible(refusing)])
        case .acceptedBefore(let file, let market, let on):
            return l.text("submit.warning.accepted-before", ["file": visible(file), "market": visible(market), "date": day(on)])
        case .marketHasPending(let market, let sent):
            return l.text("submit.warning.market-has-pending", ["market": visible(market), "date": day(sent)])
        case .deadlinePassed(let market, let deadline):
            return l.text("submit.warning.deadline-passed", ["market": visible(market), "date": day(deadline)])
        case .deadlineNear(let market, let deadline, 0):
            return l.text("submit.warning.deadline-today", ["market": visible(market), "date": day(deadline)])
        case .deadlineNear(let market, let deadline, let days):
            return l.text("submit.warning.deadline-near", count: days, ["market": visible(market), "date": day(deadline), "count": String(days)])
        }
    }

    private func visible(_ text: String) -> String { TerminalText.visible(text) }
}
