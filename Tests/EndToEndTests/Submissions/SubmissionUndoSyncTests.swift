import Foundation
import Testing

/// An undo of a submission that another machine answered since, through real git and a bare remote.
@Suite("submissions: undo refused after another machine's answer")
struct SubmissionUndoSyncTests {
    @Test("the laptop's submission answered on the desktop: the laptop's undo is refused, naming the desktop and the answer, in English and French; nothing changes")
    func answeredElsewhere() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        try machines.write("laptop", "Sonnets/Sonnet 1.md", "Shall I compare thee.\n")
        await machines.ok("laptop", "market", "add", "Agni")
        await machines.ok("laptop", "submit", "Sonnets", "Sonnet 1.md", "--to", "Agni", "--date", SubmissionCommandTests.day(-30))
        await machines.ok("laptop", "sync")
        await machines.ok("desktop", "sync")
        await machines.ok("desktop", "response", "Agni", "rejected", "--piece", "Sonnet 1.md", "--date", SubmissionCommandTests.day(-1))
        await machines.ok("desktop", "sync")
        await machines.ok("laptop", "sync")
        let before = await machines.export("laptop")
        #expect(before.contains("\"rejected\""), "\(before)")

        let refused = await machines.run("laptop", "undo")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("An answer from “Agni” for Sonnet 1.md has been recorded on desktop since (rejected)"), "\(refused)")
        let french = await machines.run("laptop", "undo", environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.status == 1, "\(french)")
        #expect(french.stderr.contains("Une réponse de «\u{A0}Agni\u{A0}» pour Sonnet 1.md a été enregistrée depuis sur desktop (refusé)"), "\(french)")

        #expect(await machines.export("laptop") == before)
        await machines.ok("laptop", "sync")
        #expect(await machines.export("desktop") == before)
    }
}
