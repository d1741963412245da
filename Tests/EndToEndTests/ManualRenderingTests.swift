import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The pages `project __man` writes (what the install puts in place) render with man-db and groff
/// without a single warning, in every language, and man finds them by name under a `share/man` folder.
@Suite struct ManualRenderingTests {
    static func man(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String, errors: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else {
            throw ManMissing(description: "/usr/bin/man is missing: run bash Tests/install-test-tools.sh")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let text = OutputCollector(reading: output.fileHandleForReading)
        let errorText = OutputCollector(reading: errors.fileHandleForReading)
        let (status, _) = await waitForExit(process, timeout: 30)
        return (status, String(decoding: await text.result(timeout: 5), as: UTF8.self),
                String(decoding: await errorText.result(timeout: 5), as: UTF8.self))
    }

    struct ManMissing: Error, CustomStringConvertible {
        let description: String
    }

    @Test func everyPageRendersWithoutWarnings() async throws {
        let sandbox = try Sandbox()
        let folder = sandbox.root + "/share/man"
        await sandbox.ok("__man", folder)
        let pages = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".1") }.sorted()
        #expect(pages.count == 4 * pages.filter { $0.hasPrefix("man1/") }.count, "the same pages in four languages")
        #expect(pages.contains("man1/project.1") && pages.contains("fr/man1/project-move.1") && pages.contains("de/man1/project-completions.1"))
        let environment = ["LC_ALL": "C.UTF-8", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "HOME": sandbox.root]
        for page in pages {
            let result = try await Self.man(["--warnings", "-l", folder + "/" + page], environment: environment)
            #expect(result.status == 0 && result.errors.isEmpty, "\(page): \(result.errors)")
            #expect(result.output.contains("project"), "\(page) renders empty")
        }
    }

    @Test func manFindsThePagesByNameAndLanguage() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("__man", sandbox.root + "/share/man")
        try FileManager.default.createDirectory(atPath: sandbox.root + "/bin", withIntermediateDirectories: true)
        // man-db looks in <folder>/share/man for every <folder>/bin on PATH: no MANPATH needed.
        let environment = ["PATH": sandbox.root + "/bin:/usr/bin:/bin", "HOME": sandbox.root, "LANG": "C.UTF-8", "MANWIDTH": "80"]
        let move = try await Self.man(["project-move"], environment: environment)
        #expect(move.status == 0, "\(move.errors)")
        #expect(move.output.contains("PROJECT-MOVE(1)") && move.output.contains("--before"))
        let french = try await Self.man(["project"], environment: environment.merging(["LANGUAGE": "fr"]) { $1 })
        #expect(french.output.contains("Manuel de project") && french.output.contains("ENVIRONNEMENT"), "\(french.output.prefix(400))")
    }
}
