import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ProjectStore
import Testing
@testable import ProjectStoreFile

private func count(_ folder: String, preferred: [String] = []) throws -> FolderCount {
    try FolderWordCount.count(
        folder: folder, preferredFolders: preferred, collator: NameCollator(locale: Locale(identifier: "en"))
    )
}

private func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}

@Suite("Folder word count")
struct FolderWordCountTests {
    @Test("every text file is counted, folder totals add up, paths are relative and / separated")
    func countsAndTotals() throws {
        try withTemporaryFolder { folder in
            try makeFolder(folder + "/Chapters/Part 1")
            try writeFile(folder + "/Chapters/Part 1/Chapter 1.md", "# One\n\nIt was *dark*.")
            try writeFile(folder + "/Chapters/Chapter 2.txt", "two words")
            try writeFile(folder + "/notes.TXT", "three more words")
            try writeFile(folder + "/cover.png", "not words at all")
            let result = try count(folder)
            #expect(result.words == 4 + 2 + 3)
            #expect(result.countedFiles == 3)
            #expect(result.problems.isEmpty)
            #expect(result.flattened.map(\.path) == [
                "Chapters", "Chapters/Part 1", "Chapters/Part 1/Chapter 1.md", "Chapters/Chapter 2.txt",
                "cover.png", "notes.TXT",
            ])
            #expect(result.flattened.map(\.words) == [6, 4, 4, 2, nil, 3])
            #expect(result.flattened.map(\.kind) == [.folder, .folder, .textFile, .textFile, .otherFile, .textFile])
            #expect(result.entries[0].children.map(\.name) == ["Part 1", "Chapter 2.txt"])
        }
    }

    @Test("the preferred folders come first, in their order; numbers in names by value")
    func manuscriptOrder() throws {
        try withTemporaryFolder { folder in
            for name in ["Research", "Notes", "Chapters", "Characters"] { try makeFolder(folder + "/" + name) }
            for number in [10, 2, 1] { try writeFile(folder + "/Chapters/Chapter \(number).md", "word") }
            try writeFile(folder + "/a.md", "")
            let result = try count(folder, preferred: ["Chapters", "Characters", "Notes"])
            #expect(result.entries.map(\.name) == ["Chapters", "Characters", "Notes", "Research", "a.md"])
            #expect(result.entries[0].children.map(\.name) == ["Chapter 1.md", "Chapter 2.md", "Chapter 10.md"])
        }
    }

    @Test("names beginning with a dot are skipped, files and folders")
    func dotFilesSkipped() throws {
        try withTemporaryFolder { folder in
            try makeFolder(folder + "/.git")
            try writeFile(folder + "/.git/HEAD.txt", "many words in here")
            try writeFile(folder + "/.chapter.md.swp", "hidden words")
            try writeFile(folder + "/.notes.md", "hidden words")
            try writeFile(folder + "/visible.md", "seen")
            let result = try count(folder)
            #expect(result.flattened.map(\.path) == ["visible.md"])
            #expect(result.words == 1)
        }
    }

    @Test("links to folders are not followed, a loop of links ends, links to files are counted")
    func symbolicLinks() throws {
        try withTemporaryFolder { folder in
            try makeFolder(folder + "/Chapters")
            try writeFile(folder + "/Chapters/one.md", "one two three")
            try writeFile(folder + "/shared.txt", "four five")
            #expect(symlink(folder, folder + "/Chapters/up") == 0)
            #expect(symlink(folder + "/Chapters", folder + "/again") == 0)
            #expect(symlink(folder + "/shared.txt", folder + "/Chapters/linked.md") == 0)
            #expect(symlink(folder + "/loop-b.md", folder + "/loop-a.md") == 0)
            #expect(symlink(folder + "/loop-a.md", folder + "/loop-b.md") == 0)
            #expect(symlink(folder + "/gone.md", folder + "/dangling.md") == 0)
            let result = try count(folder)
            #expect(result.flattened.map(\.path) == [
                "Chapters", "Chapters/linked.md", "Chapters/one.md", "dangling.md", "loop-a.md", "loop-b.md",
                "shared.txt",
            ])
            #expect(result.flattened.map(\.words) == [5, 2, 3, nil, nil, nil, 2])
            #expect(result.words == 7)
            #expect(result.problems.isEmpty)
        }
    }

    @Test("a link to a file outside the folder is listed, never opened nor counted")
    func linkOutside() throws {
        try withTemporaryFolder { outside in
            try writeFile(outside + "/secret.md", "words of someone else")
            try withTemporaryFolder { folder in
                try writeFile(folder + "/one.md", "one two three")
                #expect(symlink(outside + "/secret.md", folder + "/two.md") == 0)
                let result = try count(folder)
                #expect(result.flattened.map(\.path) == ["one.md", "two.md"])
                #expect(result.flattened.map(\.words) == [3, nil])
                #expect(result.words == 3)
            }
        }
    }

    @Test("an unreadable file or folder is a problem; the rest is counted")
    func unreadable() throws {
        try withTemporaryFolder { folder in
            try makeFolder(folder + "/Locked")
            try writeFile(folder + "/Locked/inside.md", "never seen")
            try writeFile(folder + "/secret.md", "private words")
            try writeFile(folder + "/open.md", "open words here")
            chmod(folder + "/Locked", 0)
            chmod(folder + "/secret.md", 0)
            defer { chmod(folder + "/Locked", 0o700) }
            // Root reads whatever the modes say, so as root the walk and the file's count run on a
            // thread switched to `nobody`. The count spreads files over threads that stay root, so
            // the whole count is checked only where this process's own permissions apply (the
            // end-to-end words tests run it whole as `nobody`).
            let diskPath = folder.utf8CString.map { $0 }
            let identity = try #require(fileStatus(folder))
            let walked = try asUserPermissionsStop { FolderWalk(folder: diskPath, identity: identity).problems }
            #expect(walked == [FolderProblem(kind: .unreadableFolder, path: "Locked", code: EACCES)])
            let secret = (folder + "/secret.md").utf8CString.map { $0 }
            let opened = try asUserPermissionsStop { () -> Result<Int, SystemError> in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
                defer { buffer.deallocate() }
                return FolderWordCount.countFile(secret, syntax: .markdown, buffer: buffer)
            }
            #expect(opened == .failure(SystemError(code: EACCES)))
            guard geteuid() != 0 else { return }
            let result = try count(folder)
            #expect(result.words == 3)
            #expect(result.problems == [
                FolderProblem(kind: .unreadableFolder, path: "Locked", code: EACCES),
                FolderProblem(kind: .unreadableFile, path: "secret.md", code: EACCES),
            ])
            #expect(result.flattened.map(\.path) == ["Locked", "open.md", "secret.md"])
            #expect(result.flattened.map(\.words) == [0, 3, nil])
        }
    }

    @Test("a file that vanishes or cannot be opened gives its errno, not a crash")
    func vanished() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/gone.md"
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
            defer { buffer.deallocate() }
            let outcome = FolderWordCount.countFile(path.utf8CString.map { $0 }, syntax: .markdown, buffer: buffer)
            #expect(outcome == .failure(SystemError(code: ENOENT)))
            // A failure root cannot read through, where permissions would not stop it.
            try writeFile(folder + "/file.md", "x")
            let throughFile = FolderWordCount.countFile(
                (folder + "/file.md/inner.md").utf8CString.map { $0 }, syntax: .markdown, buffer: buffer
            )
            #expect(throughFile == .failure(SystemError(code: ENOTDIR)))
        }
    }

    @Test("a file larger than the buffer is counted across chunk ends, with invalid bytes in it")
    func largeFileInChunks() throws {
        try withTemporaryFolder { folder in
            // 4 words per line; the odd length puts chunk ends inside words and characters.
            var bytes: [UInt8] = []
            let line = Array("Ödet l’homme 日本\n".utf8) + [0xFF]
            let lines = 3 * FolderWordCount.chunkSize / line.count + 7
            for _ in 0..<lines { bytes += line }
            try writeFile(folder + "/big.txt", bytes)
            let result = try count(folder)
            #expect(result.words == lines * 4)
            #expect(result.flattened.first?.words == lines * 4)
        }
    }

    @Test("a Windows-1252 file counts as compile reads it, its accented words whole; another encoding's bytes stay separators")
    func windows1252() throws {
        try withTemporaryFolder { folder in
            // "naïve café" in Windows-1252: ï is EF, é E9. Read as UTF-8 the accents would split "na ve" and end "caf".
            try writeFile(folder + "/latin.txt", Array("na".utf8) + [0xEF] + Array("ve caf".utf8) + [0xE9])
            try writeFile(folder + "/cyrillic.txt", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])
            let result = try count(folder)
            #expect(result.flattened.map(\.words) == [0, 2])
        }
    }

    @Test("a file that grows while counted is counted as it was when opened")
    func growingFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/growing.md"
            try writeFile(path, "one two three ")
            let stop = ResultBox<Bool>()
            stop.value = false
            let writer = Thread {
                let descriptor = open(path, O_WRONLY | O_APPEND)
                defer { close(descriptor) }
                let more = Array("more words ".utf8)
                while stop.value == false {
                    _ = more.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                }
            }
            writer.start()
            defer { stop.value = true }
            for _ in 0..<20 {
                let result = try count(folder)
                #expect(result.words >= 3)
                #expect(result.problems.isEmpty)
            }
        }
    }

    @Test("many files are counted on every core and each is counted once")
    func manyFiles() throws {
        try withTemporaryFolder { folder in
            for part in 1...4 {
                try makeFolder(folder + "/Part \(part)")
                for file in 1...250 {
                    try writeFile(folder + "/Part \(part)/\(file).md", String(repeating: "word ", count: file % 7))
                }
            }
            let result = try count(folder)
            let expected = 4 * (1...250).reduce(0) { $0 + $1 % 7 }
            #expect(result.words == expected)
            #expect(result.countedFiles == 1_000)
            #expect(result.entries.map(\.words) == Array(repeating: expected / 4, count: 4))
            #expect(result.entries[0].children.prefix(3).map(\.name) == ["1.md", "2.md", "3.md"])
        }
    }

    @Test("the last change is the newest file's, at any depth")
    func lastModified() throws {
        try withTemporaryFolder { folder in
            try makeFolder(folder + "/Deep/Deeper")
            try writeFile(folder + "/old.md", "a")
            try writeFile(folder + "/Deep/Deeper/new.md", "b")
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, folder + "/old.md", &times, 0) == 0)
            times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 500_000_000), timespec(tv_sec: 1_700_000_000, tv_nsec: 500_000_000)]
            #expect(utimensat(AT_FDCWD, folder + "/Deep/Deeper/new.md", &times, 0) == 0)
            let result = try count(folder)
            #expect(result.lastModified == Date(timeIntervalSince1970: 1_700_000_000.5))
            #expect(result.flattened.last?.modified == Date(timeIntervalSince1970: 1_000_000_000))
        }
    }

    @Test("an empty folder has no words and no last change")
    func emptyFolder() throws {
        try withTemporaryFolder { folder in
            let result = try count(folder)
            #expect(result.words == 0)
            #expect(result.entries.isEmpty)
            #expect(result.lastModified == nil)
        }
    }

    @Test("a missing folder, a file and an unreadable folder are refused")
    func folderItselfFails() throws {
        try withTemporaryFolder { folder in
            #expect(throws: FolderCountError.missing(path: folder + "/nope")) { try count(folder + "/nope") }
            try writeFile(folder + "/file.md", "x")
            #expect(throws: FolderCountError.notAFolder(path: folder + "/file.md")) { try count(folder + "/file.md") }
            try makeFolder(folder + "/Locked")
            chmod(folder + "/Locked", 0)
            defer { chmod(folder + "/Locked", 0o700) }
            // As root, on a thread switched to `nobody`: the folder itself is read on the calling thread.
            let locked = folder + "/Locked"
            let refusal = try asUserPermissionsStop { () -> String in
                do { return "counted \(try count(locked).words) words" } catch { return "\(error)" }
            }
            #expect(refusal == "\(FolderCountError.unreadable(path: locked, code: EACCES))")
        }
    }

    @Test("names that are not UTF-8 are still opened and counted")
    func nonUTF8Names() throws {
        try withTemporaryFolder { folder in
            let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".md".utf8)  // Latin-1 "café.md"
            let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
            let descriptor = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) }
            }
            try #require(descriptor >= 0)
            _ = Array("deux mots".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            let result = try count(folder)
            #expect(result.words == 2)
            #expect(result.problems.isEmpty)
            #expect(result.flattened.map(\.path) == ["caf\u{FFFD}.md"])
        }
    }
}
