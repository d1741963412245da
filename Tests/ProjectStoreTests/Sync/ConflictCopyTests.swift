import Foundation
import Testing
@testable import ProjectStore

@Suite("Sync: conflict copies")
struct ConflictCopyTests {
    let label = "conflicted copy from desktop, 2026-11-25 10.52"

    @Test("the copy sits beside the file, the label before the extension")
    func beside() {
        #expect(ConflictCopy.path(for: "My Novel/Chapters/One.md", label: label) { _ in false }
                == "My Novel/Chapters/One (conflicted copy from desktop, 2026-11-25 10.52).md")
        #expect(ConflictCopy.path(for: "notes", label: label) { _ in false } == "notes (conflicted copy from desktop, 2026-11-25 10.52)")
        #expect(ConflictCopy.path(for: ".hidden", label: label) { _ in false } == ".hidden (conflicted copy from desktop, 2026-11-25 10.52)")
    }

    @Test("a name taken is numbered; a machine name a file system refuses is made safe; the name fits 255 bytes")
    func safeAndNumbered() {
        let first = ConflictCopy.path(for: "One.md", label: label) { _ in false }
        #expect(ConflictCopy.path(for: "One.md", label: label) { $0 == first } == "One (conflicted copy from desktop, 2026-11-25 10.52 2).md")
        #expect(ConflictCopy.path(for: "One.md", label: "conflicted copy from a/b:c, 2026") { _ in false } == "One (conflicted copy from a-b-c, 2026).md")
        let long = String(repeating: "é", count: 120) + ".md"
        let copy = ConflictCopy.path(for: long, label: label) { _ in false }
        #expect(copy.utf8.count <= 255 && copy.hasSuffix(").md"))
    }

    @Test("conflict copies are known, in every language and from every tool; they are not counted as text")
    func recognized() {
        for name in ["One.sync-conflict-20261125-101010-ABCDEFG.md", "One (Anna's conflicted copy 2026-11-25).md",
                     "One (copie en conflit de bureau, 2026-11-25 10.52).md", "One (Konfliktkopie von Desktop, 2026).md",
                     "One (copia en conflicto de escritorio, 2026).md", first] {
            #expect(ConflictCopy.isConflictCopy(name), "\(name)")
            #expect(TextFileKind.syntax(forFileName: name) == nil, "\(name)")
        }
        #expect(!ConflictCopy.isConflictCopy("Conflict.md"))
        #expect(TextFileKind.syntax(forFileName: "Conflict.md") != nil)
    }

    @Test("a conflict copy names the file it is the other version of, in its own folder")
    func original() {
        #expect(ConflictCopy.original(of: "Winter/Chapters/One.sync-conflict-20261125-101010-ABCDEFG.md") == "Winter/Chapters/One.md")
        #expect(ConflictCopy.original(of: "Notes.sync-conflict-20261125-101010-ABCDEFG") == "Notes")
        #expect(ConflictCopy.original(of: "Winter/One (Anna's conflicted copy 2026-11-25).md") == "Winter/One.md")
        #expect(ConflictCopy.original(of: "Act (2)/" + first) == "Act (2)/One.md")
        #expect(ConflictCopy.original(of: "One (Konfliktkopie von Desktop, 2026).docx") == "One.docx")
        #expect(ConflictCopy.original(of: "One (2).md") == nil)
        #expect(ConflictCopy.original(of: "One.md") == nil)
    }

    var first: String { ConflictCopy.path(for: "One.md", label: label) { _ in false } }
}
