import Testing
@testable import ProjectCLI
import ProjectStore

extension ErrorReportTests {
    @Test("an undo refused for what another machine did to a market or its submissions names the market, the machine and what it did, in every language")
    func submissionChangedElsewhere() {
        let cases: [(ChangeElsewhere, String)] = [
            (.marketEdited(.deadline), "Error: The market “Agni^[” has been changed on desktop since (Deadline); taking this change back would undo theirs."),
            (.marketDeleted, "Error: The market “Agni^[” has been deleted on desktop since; taking this change back would undo theirs."),
            (.marketAdded, "Error: A market named “Agni^[” has been added on desktop since; taking this change back would give a second market that name."),
            (.submitted(project: "Poems"), "Error: A submission of “Poems” to “Agni^[” has been recorded on desktop since; taking this change back would undo it."),
            (.responded(piece: "Ode.md", .accepted),
             "Error: An answer from “Agni^[” for Ode.md has been recorded on desktop since (accepted); taking this change back would undo it."),
            (.responded(piece: "Ode.md", .withdrawn),
             "Error: Ode.md has been withdrawn from “Agni^[” on desktop since; taking this change back would undo that."),
        ]
        let localized: [String: (field: String, status: String)] = [
            "fr": ("Date limite", "accepté"), "de": ("Frist", "angenommen"), "es": ("Plazo", "aceptado"),
        ]
        for (what, text) in cases {
            let error = ProjectStoreError.historyBlocked(.changedElsewhere("Agni\u{1B}", machine: "desktop", what: what), command: "submit")
            let result = report(error)
            checkShape(result)
            #expect(result.status == .refused)
            #expect(result.text.hasPrefix(text), "\(result.text)")
            #expect(result.text.hasSuffix("Nothing was changed. Make the change you want by hand instead.\n"), "\(result.text)")
            for (language, words) in localized {
                let local = ErrorReport(error, localizer: Localizer(language: language)).text
                #expect(local.contains("Agni^[") && local.contains("desktop") && local != result.text, "\(language): \(local)")
                #expect(local.firstMatch(of: /(error|usage|market|submissions)\.[a-z]/) == nil, "\(language): \(local)")
                if case .marketEdited = what { #expect(local.contains(words.field), "\(language): \(local)") }
                if case .responded(_, .accepted) = what { #expect(local.contains(words.status), "\(language): \(local)") }
            }
        }
    }
}
