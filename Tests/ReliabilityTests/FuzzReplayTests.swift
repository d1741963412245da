import Foundation
import Testing

extension Reliability {
    /// The fuzz targets, built normally, replay the committed seed corpus and every crash
    /// reproducer found so far (Tests/Fuzz/Regressions): each once crashed or must never crash.
    @Suite struct FuzzReplay {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

        @Test(.timeLimit(.minutes(2)), arguments: ["FuzzStoreReader", "FuzzArgumentParser"])
        func corpusAndRegressionsReplayWithoutACrash(target: String) throws {
            guard let binary = Tool.builtProduct(target) else {
                Issue.record("the fuzz target \(target) was not built beside \(CommandLine.arguments[0])")
                return
            }
            let corpus = "\(Self.root)/Fuzz/Corpus/\(target)"
            guard !folderListing(corpus).isEmpty else {
                Issue.record("no seed corpus in \(corpus)")
                return
            }
            let folders = [corpus, "\(Self.root)/Fuzz/Regressions/\(target)"].filter { FileManager.default.fileExists(atPath: $0) }
            // The argument-parser target's private folder goes in a temporary folder, removed even after a crash.
            let outcome = try withTemporaryFolder { folder in
                try Spawn.run(([binary] + folders).map { Array($0.utf8) },
                              environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "FUZZ_PRIVATE_BASE": folder], timeout: 90)
            }
            #expect(outcome.status == 0, "replaying \(folders) crashed or failed: \(outcome)")
            reportFigure("fuzz-replay: \(target): \(outcome.out.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
