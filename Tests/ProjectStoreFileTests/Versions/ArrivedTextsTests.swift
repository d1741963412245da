import Foundation
import Testing
@testable import ProjectStoreFile

/// Kept texts that arrived writable made read-only again, and nothing else touched.
@Suite struct ArrivedTextsTests {
    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func onlyKeptTextsBecomeReadOnlyTheirContentUntouched() throws {
        try withTemporaryFolder { root in
            let files = [
                "Novel/.versions/texts/ab12.md", "Shelf/Novel/.versions/texts/cd34.txt", "Novel/.versions/machines/m.versions",
                "Novel/texts/ab12.md", "Novel/Chapters/One.md", "Outside.md",
            ]
            for file in files {
                try FileManager.default.createDirectory(atPath: root + "/" + (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.utf8).write(to: URL(fileURLWithPath: root + "/" + file))
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: root + "/" + file)
            }
            // A link in the shelf's place is not followed: what it points at keeps its mode.
            try FileManager.default.createSymbolicLink(atPath: root + "/Novel/.versions/texts/ef56.md", withDestinationPath: root + "/Outside.md")
            ArrivedTexts.makeReadOnly(files + ["Novel/.versions/texts/ef56.md", "Novel/.versions/texts/gone.md"], in: root)
            for file in files {
                let expected = file.contains("/.versions/texts/") ? 0o444 : 0o644
                #expect(try mode(root + "/" + file) == expected, "\(file)")
                #expect(try String(contentsOfFile: root + "/" + file, encoding: .utf8) == file)
            }
        }
    }
}
