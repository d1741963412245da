import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A writer who flies west after writing past midnight (issue 42): the binary under faketime, its
/// zone set by `TZ` as the writer's machine sets it.
@Suite("progress: a writer who flies west, under faketime")
struct ProgressTravelTests {
    @Test("Paris past midnight, then New York the previous calendar day: no phantom cut, no phantom day")
    func flyingWest() async throws {
        #expect(access("/usr/bin/faketime", X_OK) == 0, "faketime is missing: bash Tests/install-test-tools.sh installs it")
        let sandbox = try Sandbox()
        /// `project` at `time`, a local time in `zone`.
        func run(_ arguments: [String], _ time: String, in zone: String) async -> RunResult {
            let result = await sandbox.run(arguments, environment: ["TZ": zone], launcher: ["/usr/bin/faketime", time, ProgressWeekTests.binary])
            #expect(result.status == 0, "\(arguments) at \(time) in \(zone): \(result)")
            return result
        }
        await run(["add", "Salt Orchard"], "2026-11-07 10:00:00", in: "Europe/Paris")
        let folder = await run(["path", "Salt Orchard"], "2026-11-07 10:00:00", in: "Europe/Paris").stdout.trimmingCharacters(in: .newlines)
        func write(_ words: Int) throws {
            try ((0..<words).map { "w\($0)" }.joined(separator: " ") + "\n").write(toFile: folder + "/text.md", atomically: true, encoding: .utf8)
        }
        try write(1_000)
        await run(["files", "Salt Orchard"], "2026-11-07 22:00:00", in: "Europe/Paris")
        try write(1_200)
        await run(["files", "Salt Orchard"], "2026-11-08 00:30:00", in: "Europe/Paris")
        // Landed: 20:00 on the 7th in New York, half an hour after 00:30 on the 8th in Paris.
        try write(1_500)
        await run(["files", "Salt Orchard"], "2026-11-07 20:00:00", in: "America/New_York")
        let json = await run(["progress", "--json", "--days", "2"], "2026-11-08 12:00:00", in: "America/New_York")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.compactMap { $0["date"] as? String } == ["2026-11-07", "2026-11-08"])
        // The 7th: 1,000 in Paris and 300 in New York that evening; the 8th: the 200 written past
        // midnight in Paris. Before, the 7th ended on New York's 1,500 and the 8th showed −300.
        #expect(days.compactMap { $0["words"] as? Int } == [1_300, 200], "\(json.stdout)")
    }
}
