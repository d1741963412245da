import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// How `sync` and `history` say a change: a deleted project by the name it last had, an undo or a
/// redo by what it did, a value as a sentence quotes it, git's reasons without a doubled period.
@Suite struct ChangeWordingTests {
    private let winter = Project(
        id: fixedID(1), name: "Winter", kind: .novel, created: moment(), details: "Cold", position: 1)
    private let laptop = Machine(id: fixedID(100), name: "laptop")
    private let desktop = Machine(id: fixedID(101), name: "desktop")

    private func change(_ number: Int, on machine: Machine, _ kind: Change.Kind, _ operations: [ChangeOperation]) -> Change {
        Change(revision: number, time: moment(Double(number)), clock: HybridTime(milliseconds: 1_800_000_000_000 + Int64(number), counter: 0),
               machine: machine, kind: kind, operations: operations)
    }

    private func sentences(_ language: String = "en") -> HistorySentence {
        HistorySentence(localizer: Localizer(language: language), locales: LocaleSettings(environment: ["LANG": "\(language).UTF-8"]))
    }

    @Test func aDeletedProjectGoesByTheNameItLastHad() {
        let deletion = change(1, on: laptop, .command("delete"), [.remove(winter)])
        // Made on the desktop without knowing of the deletion, so after it in the agreed order.
        let edit = change(2, on: desktop, .command("edit"), [.set(winter.id, .target(from: nil, to: 500)), .set(winter.id, .details(from: "Cold", to: "Snow"))])
        let empty = ProjectCatalog()
        // `history`: the deletion among the changes.
        let names = HistorySentence.namesAtEachChange([deletion, edit], catalog: empty)
        let said = sentences().describe(History.Entry(change: edit), names: names[edit.id] ?? [:])
        #expect(said == "set the target of “Winter” to 500 words and changed its details", "\(said)")
        // `sync`: only the edit arrives; the deletion that dropped it names the project.
        let arrived = HistorySentence.namesAtEachChange([edit], catalog: empty, earlier: [deletion])
        #expect(arrived[edit.id]?[winter.id] == "Winter")
        #expect(HistorySentence.namesAtEachChange([edit], catalog: empty)[edit.id]?[winter.id] == nil)
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func anUndoAndARedoSayWhatTheyDidByName(language: String) {
        let l = Localizer(language: language)
        let names = [winter.id: "Winter"]
        let cases: [([ChangeOperation], String)] = [
            // The undo of a deletion that dropped an edit brings the project back with the edit.
            ([.create(winter), .set(winter.id, .target(from: nil, to: 500))], "history.delete.undo"),
            ([.remove(winter)], "history.add.undo"),
            ([.set(winter.id, .name(from: "Summer", to: "Winter"))], "history.rename.undo"),
        ]
        for (operations, undoneKey) in cases {
            let undo = change(3, on: laptop, .undo(of: ChangeID(machine: laptop.id, clock: HybridTime(milliseconds: 1, counter: 0))), operations)
            let said = sentences(language).describe(History.Entry(change: undo), names: names)
            let values = undoneKey == "history.rename.undo" ? ["old": "Winter", "new": "Summer"] : ["name": "Winter"]
            #expect(said == l.text("history.undo-of", ["what": l.text(undoneKey, values)]), "\(language): \(said)")
        }
        let redo = change(4, on: laptop, .redo(of: ChangeID(machine: laptop.id, clock: HybridTime(milliseconds: 1, counter: 0))),
                          [.set(winter.id, .details(from: "Cold", to: nil))])
        let said = sentences(language).describe(History.Entry(change: redo), names: names)
        #expect(said == l.text("history.redo-of", ["what": l.text("history.edit.details.cleared", ["name": "Winter"])]), "\(language): \(said)")
    }

    @Test func aValueAsASentenceQuotesIt() {
        let said = sentences()
        #expect(said.value(.details(from: nil, to: "desktop blurb")) == "“desktop blurb”")
        #expect(said.value(.details(from: "x", to: nil)) == "no value")
        #expect(said.value(.target(from: nil, to: 80_000)) == "80,000 words")
        #expect(said.value(.name(from: "a", to: "Fall")) == "“Fall”")
    }

    @Test func gitsOwnSentenceLosesItsPeriodInOurs() {
        let report = ErrorReport(SyncError.gitFailed(step: "merge", reason: "fatal: not a git repository."), localizer: english)
        #expect(report.text.contains("not a git repository. "), "\(report.text)")
        #expect(!report.text.contains(".."), "\(report.text)")
        let unreachable = ErrorReport(SyncError.unreachable(remote: "/r", reason: "fatal: '/r' does not appear to be a git repository.\n"), localizer: english)
        #expect(!unreachable.text.contains(".."), "\(unreachable.text)")
        // An ellipsis is git's to keep.
        #expect(ErrorReport.clause("waiting...") == "waiting...")
    }

    @Test(arguments: ["en", "fr", "de", "es"])
    func aFailedJoinSaysTheRootIsAsItWas(language: String) {
        let l = Localizer(language: language)
        let report = ErrorReport(SyncError.joinFailed(remote: "/media/usb/writing.git", reason: "fatal: early EOF."), localizer: l)
        #expect(report.status == .unavailable)
        #expect(report.message == l.text("error.sync.join-failed", ["remote": "/media/usb/writing.git", "reason": "fatal: early EOF"]))
        #expect(report.message.contains("project sync --join /media/usb/writing.git"))
        if language == "en" { #expect(!report.message.contains("merge") && !report.message.contains("kept here"), "\(report.message)") }
    }
}
