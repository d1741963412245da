import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Two machines sharing a root through git and a bare remote (issue 42): words that arrive by
/// `sync` are not words written, whichever machine counts first.
@Suite("progress: words that arrive by sync")
struct ProgressSyncTests {
    @Test("a count made before syncing invents no cut and no writing day, on either machine")
    func countBeforeSync() async throws {
        #expect(access("/usr/bin/faketime", X_OK) == 0, "faketime is missing: bash Tests/install-test-tools.sh installs it")
        let machines = try await SyncMachines.laptopAndDesktop()
        func run(_ offset: String, _ machine: String, _ arguments: String...) async -> RunResult {
            let result = await machines.runWithClock(offset, machine, arguments)
            #expect(result.status == 0, "\(machine) \(arguments) at \(offset): \(result)")
            return result
        }
        // The laptop writes 500 words the next day and syncs.
        try machines.write("laptop", "My Novel/text.md", (0..<500).map { "w\($0)" }.joined(separator: " ") + "\n")
        await run("+1d", "laptop", "files", "My Novel")
        await run("+1d", "laptop", "sync")
        // The day after, the desktop counts before it syncs: the text it has lacks the 500 words.
        await run("+2d", "desktop", "files", "My Novel")
        // It syncs the day after that, and counts again.
        await run("+3d", "desktop", "sync")
        #expect(machines.read("desktop", "My Novel/text.md")?.split(separator: " ").count == 500)
        await run("+3d", "desktop", "files", "My Novel")
        await run("+3d", "laptop", "sync")
        for machine in ["laptop", "desktop"] {
            let json = await run("+3d", machine, "progress", "--json", "--days", "4")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any], "\(json)")
            let days = (object["days"] as? [[String: Any]] ?? []).compactMap { $0["words"] as? Int }
            // Written on the laptop the next day; nothing written since, on either machine. Before,
            // the desktop's count made a cut of 500 the day it counted and 500 words the day it synced.
            let logs = machines.files(machine).filter { $0.contains("progress/") }.map { $0 + ":\n" + (machines.read(machine, $0) ?? "") }
            #expect(days == [0, 500, 0, 0], "\(machine): \(json.stdout)\n\(logs.joined(separator: "\n"))")
        }
    }
}
