import Foundation
import Testing
@testable import ProjectCLI

/// The helper completing a project's files and a file's versions, read from the project's folder.
@Suite struct VersionCompletionTests {
    /// A project "My Novel" with two chapters, each kept once, the first twice, the second then deleted.
    func novel() throws -> (harness: ToolHarness, folder: String) {
        let harness = try ToolHarness()
        harness.add("My Novel")
        let folder = harness.run(["path", "My Novel"]).output.trimmingCharacters(in: .newlines)
        try FileManager.default.createDirectory(atPath: folder + "/Chapters", withIntermediateDirectories: true)
        try "Once upon a time".write(toFile: folder + "/Chapters/Chapter 1.md", atomically: true, encoding: .utf8)
        try "The end".write(toFile: folder + "/Chapters/Old ending.md", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: folder + "/cover.png"))
        #expect(harness.run(["snapshot", "My Novel", "-m", "first: draft"]).status == 0)
        try "Once upon a time, again".write(toFile: folder + "/Chapters/Chapter 1.md", atomically: true, encoding: .utf8)
        #expect(harness.run(["snapshot", "My Novel", "Chapters/Chapter 1.md"]).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/Chapters/Old ending.md")
        try "Notes".write(toFile: folder + "/Notes.txt", atomically: true, encoding: .utf8)
        return (harness, folder)
    }

    func complete(_ harness: ToolHarness, _ arguments: [String], language: String = "C") -> String {
        harness.run([CompletionHelper.name] + arguments, environment: harness.environment.merging(["LANG": language]) { $1 }).output
    }

    @Test func filesAreTheProjectsTextFilesAndForVersionsTheOnesGone() throws {
        let (harness, _) = try novel()
        // snapshot: the text files there today, as `files` names them; the picture and the shelf left out.
        #expect(complete(harness, ["bash", "--", "snapshot", "My Novel", ""]) == "names\nChapters/Chapter 1.md\nNotes.txt\n")
        #expect(complete(harness, ["bash", "--", "snapshot", #"My\ Novel"#, "Chapters/Chapter 1.md", "no"]) == "names\nNotes.txt\n")
        // versions and restore: the deleted chapter too, which restore brings back.
        let withGone = "names\nChapters/Chapter 1.md\nChapters/Old ending.md\nNotes.txt\n"
        #expect(complete(harness, ["bash", "--", "versions", "My Novel", ""]) == withGone)
        #expect(complete(harness, ["fish", "--", "restore", "My Novel", ""]) == withGone)
        // A word of the path starts with what was typed, case aside.
        #expect(complete(harness, ["zsh", "--", "diff", "My Novel", "end"]) == "names\nChapters/Old ending.md\n")
        #expect(complete(harness, ["zsh", "--", "path", "My Novel", "--version=chapters/c"]) == "names\n--version=Chapters/Chapter 1.md\n")
        #expect(complete(harness, ["bash", "--", "path", "My Novel", "--version=chapters/c"]) == "names\nChapters/Chapter 1.md\n")
    }

    @Test func versionsAreNumberedNewestFirstWithTheirDateAndNote() throws {
        let (harness, _) = try novel()
        let file = "Chapters/Chapter 1.md"
        #expect(complete(harness, ["bash", "--", "diff", "My Novel", #"Chapters/Chapter\ 1.md"#, ""]) == "words\n2\n1\n")
        #expect(complete(harness, ["bash", "--", "restore", "My Novel", "Chapters/Old ending.md", ""]) == "words\n1\n")
        #expect(complete(harness, ["bash", "--", "diff", "My Novel", file, "2", ""]) == "words\n2\n1\n")
        #expect(complete(harness, ["bash", "--", "path", "My Novel", "--version", file, "1"]) == "words\n1\n")
        // zsh and fish show each version's date, and its note when it has one, in the user's language.
        let zsh = complete(harness, ["zsh", "--", "diff", "My Novel", file, ""]).split(separator: "\n")
        #expect(zsh.count == 3 && zsh[0] == "words" && zsh[1].hasPrefix("2:") && zsh[2].hasPrefix("1:"))
        #expect(zsh[2].hasSuffix(": first: draft") && !zsh[1].contains("draft"))
        #expect(zsh[1].contains(String(Calendar.current.component(.year, from: Date()))), "the date: \(zsh[1])")
        let french = complete(harness, ["fish", "--", "restore", "My Novel", file, "1"], language: "fr_FR.UTF-8")
        #expect(french.hasPrefix("words\n1\t") && french.hasSuffix("\u{a0}: first: draft\n"), "\(french)")
    }

    @Test func nothingToOfferPrintsNothing() throws {
        let (harness, folder) = try novel()
        for line in [
            ["versions", "No such project", ""], ["diff", "My Novel", "Missing.md", ""], ["diff", "My Novel", "cover.png", ""],
            ["diff", "My Novel", "../outside.md", ""], ["versions", "My Novel", "zzz"], ["diff", "My Novel", "Notes.txt", ""],
            ["diff", "My Novel", "Chapters/Chapter 1.md", "3"], ["--store", folder + "/none.json", "snapshot", "My Novel", ""],
        ] {
            let result = harness.run([CompletionHelper.name, "bash", "--"] + line)
            #expect(result.status == 0 && result.output.isEmpty && result.error.isEmpty, "\(line)")
        }
        // A project without a folder has no files to offer.
        harness.add("Unfiled", "--no-folder")
        #expect(complete(harness, ["bash", "--", "snapshot", "Unfiled", ""]).isEmpty)
    }
}
