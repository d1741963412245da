import Foundation
import Testing
@testable import ProjectStore

@Suite("Manuscript order")
struct ManuscriptOrderTests {
    private struct Entry: Equatable {
        let name: String
        let isFolder: Bool
    }

    private func order(_ entries: [Entry], preferred: [String] = [], locale: String = "en") -> [String] {
        ManuscriptOrder.sorted(
            entries, name: \.name, isFolder: \.isFolder, preferredFolders: preferred,
            collator: NameCollator(locale: Locale(identifier: locale))
        ).map(\.name)
    }

    private func files(_ names: String...) -> [Entry] {
        names.map { Entry(name: $0, isFolder: false) }
    }

    private func folders(_ names: String...) -> [Entry] {
        names.map { Entry(name: $0, isFolder: true) }
    }

    @Test("numbers in names compare by value, letter case ignored")
    func numericAndCaseless() {
        #expect(order(files("Chapter 10.md", "chapter 2.md", "Chapter 1.md", "appendix.md"))
            == ["appendix.md", "Chapter 1.md", "chapter 2.md", "Chapter 10.md"])
        #expect(order(files("b.txt", "A.txt", "a2.txt", "a10.txt")) == ["A.txt", "a2.txt", "a10.txt", "b.txt"])
    }

    @Test("folders come before files, the preferred ones first in their given order")
    func foldersFirst() {
        let entries = files("aaa.md", "Notes.md") + folders("Research", "Notes", "Chapters", "archive", "Characters")
        #expect(order(entries, preferred: ["Chapters", "Characters", "Notes"])
            == ["Chapters", "Characters", "Notes", "archive", "Research", "aaa.md", "Notes.md"])
        #expect(order(entries) == ["archive", "Chapters", "Characters", "Notes", "Research", "aaa.md", "Notes.md"])
    }

    @Test("a preferred name matches a folder in any letter case, never a file")
    func preferredMatching() {
        let entries = folders("zeta", "chapters") + files("Chapters")
        #expect(order(entries, preferred: ["Chapters"]) == ["chapters", "zeta", "Chapters"])
        #expect(order(folders("b", "a"), preferred: ["Missing"]) == ["a", "b"])
    }

    @Test("names equal but for case keep one order whatever the input order")
    func stableTies() {
        #expect(order(files("a.md", "A.md")) == order(files("A.md", "a.md")))
        #expect(order(files("a.md", "A.md")) == ["A.md", "a.md"])
    }

    @Test("accented names sort with their letter")
    func accents() {
        #expect(order(files("Zebra.md", "Étude.md", "apple.md")) == ["apple.md", "Étude.md", "Zebra.md"])
    }
}
