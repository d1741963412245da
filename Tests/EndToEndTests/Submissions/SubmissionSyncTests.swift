import Foundation
import Testing

/// Markets and submissions travelling with a shared root through real git and a bare remote on disk.
@Suite("submissions through git")
struct SubmissionSyncTests {
    @Test("a response to one piece on each machine: the later holds on both, and sync says which gave way; a market name taken twice is numbered")
    func responseOnEachMachine() async throws {
        let machines = try await SyncMachines.laptopAndDesktop()
        try machines.write("laptop", "Sonnets/Sonnet 1.md", "Shall I compare thee.\n")
        try machines.write("laptop", "Sonnets/Sonnet 2.md", "My mistress' eyes.\n")
        await machines.ok("laptop", "market", "add", "Agni")
        await machines.ok("laptop", "submit", "Sonnets", "Sonnet 1.md", "Sonnet 2.md", "--to", "Agni", "--date", SubmissionCommandTests.day(-30))
        await machines.syncInTurn("laptop", "desktop")
        #expect(await machines.ok("desktop", "submissions", "--csv").stdout.contains(",Agni,Sonnets,no,Sonnet 1.md,"))
        // Apart: the laptop records a rejection, then the desktop an acceptance of the same piece,
        // and the desktop alone answers for the other piece.
        await machines.ok("laptop", "response", "Agni", "rejected", "--piece", "Sonnet 1.md", "--date", SubmissionCommandTests.day(-2))
        await machines.ok("desktop", "response", "1", "accepted", "--piece", "Sonnet 1.md", "--date", SubmissionCommandTests.day(-1))
        await machines.ok("desktop", "response", "1", "shortlisted", "--piece", "Sonnet 2.md")
        await machines.ok("laptop", "market", "add", "Rattle")
        await machines.ok("desktop", "market", "add", "rattle")
        await machines.ok("laptop", "sync")
        let told = await machines.ok("desktop", "sync")
        let laptopTold = await machines.ok("laptop", "sync")
        let said = told.stdout + laptopTold.stdout
        #expect(said.contains("(response): the later change, from desktop, holds"), "\(said)")
        #expect(said.contains("Two machines added a market named “rattle”: the later one is now called “rattle (2)”."), "\(said)")
        for machine in ["laptop", "desktop"] {
            let csv = await machines.ok(machine, "submissions", "--csv").stdout
            #expect(csv.contains(",Sonnet 1.md,") && csv.contains(",accepted,"), "\(machine): \(csv)")
            #expect(csv.contains(",shortlisted,") && !csv.contains(",rejected,"), "\(machine): \(csv)")
        }
        #expect(await machines.export("laptop") == machines.export("desktop"))
    }
}
