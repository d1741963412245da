import Foundation
import Testing

extension Reliability {
    /// Promise: snapshots of one project at once keep each text once. Eight `snapshot`s started
    /// together after one edit keep exactly one new version: each takes the project's lock on its
    /// versions, and the ones after the first find the text unchanged.
    @Suite struct VersionParallelSnapshots {
        @Test(.timeLimit(.minutes(2)))
        func eightSnapshotsAfterOneEditKeepOneVersion() throws {
            try withTemporaryFolder { folder in
                let tool = try Tool(store: folder + "/data/projects.json").rooted(at: folder + "/root")
                try tool.expect(0, ["add", "Novel", "-t", "novel"])
                let project = folder + "/root/Novel"
                try writeFile(project + "/Chapters/One.md", Array("First words.\n".utf8), mode: 0o644)
                try tool.expect(0, ["snapshot", "Novel"])
                let rounds = 3
                let processes = 8
                var kept: [Int] = []
                let started = ContinuousClock.now
                for round in 1...rounds {
                    try writeFile(project + "/Chapters/One.md", Array("Words of round \(round).\n".utf8), mode: 0o644)
                    let outcomes = Locked<[Outcome]>([])
                    onSeparateThreads(processes) { _ in
                        guard let outcome = try? tool.run("snapshot", "Novel") else { return }
                        outcomes.withLock { $0.append(outcome) }
                    }
                    let all = outcomes.current
                    #expect(all.count == processes && all.allSatisfy { $0.status == 0 }, "\(all)")
                    let reports = all.filter { $0.out.hasPrefix("Kept version") }
                    #expect(reports.map(\.out) == ["Kept version \(round + 1) of Chapters/One.md (4 words).\n"], "round \(round): \(all.map(\.out))")
                    kept.append(reports.count)
                }
                let listed = try tool.expect(0, ["versions", "Novel", "--json"])
                let versions = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout)) as? [String: Any])?["versions"] as? [Any])
                #expect(versions.count == rounds + 1, "\(listed)")
                let seconds = (ContinuousClock.now - started).seconds
                reportFigure("version-parallel: \(rounds) rounds of \(processes) snapshots at once after one edit: \(kept) new versions kept, \(versions.count) versions in all; \(String(format: "%.1f", seconds)) s")
            }
        }
    }
}
