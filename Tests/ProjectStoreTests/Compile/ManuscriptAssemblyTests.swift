import Foundation
import Testing
@testable import ProjectStore

@Suite("Manuscript assembly")
struct ManuscriptAssemblyTests {
    private let folder = "/w/Book"

    private func assemble(
        _ kind: ProjectKind, _ files: [String: String], from: [String] = [], unreadable: [String] = [], output: String? = nil
    ) throws(ManuscriptError) -> Manuscript {
        let source = MemoryManuscriptSource()
        source.addFolder(folder)
        for (path, text) in files { source.add(folder + "/" + path, text) }
        for path in unreadable { source.makeUnreadable(folder + "/" + path) }
        let assembly = ManuscriptAssembly(kind: kind, folder: folder, from: from, output: output) { kindFolder in
            // English as made, and French, as a project made in another language has it.
            let french: [KindFolder: String] = [.chapters: "Chapitres", .ready: "Prêt", .draft: "Brouillon"]
            return [kindFolder.rawValue.capitalized] + (french[kindFolder].map { [$0] } ?? [])
        }
        return try assembly.manuscript(from: source, collator: NameCollator(locale: Locale(identifier: "en")))
    }

    @Test("a novel: Chapters in order by number, files and folders of scenes together; other folders left out")
    func novel() throws {
        let manuscript = try assemble(.novel, [
            "Chapters/Chapter 10.md": "# The End\n\nLast words here.",
            "Chapters/Chapter 2.md": "---\ntitle: x\n---\nSecond <!-- a note -->chapter.",
            "Chapters/Chapter 1.txt": "First *chapter*.",
            "Chapters/Chapter 3/b.md": "Scene two.",
            "Chapters/Chapter 3/a.md": "Scene one.",
            "Chapters/Empty/picture.png": "PNG",
            "Chapters/.hidden.md": "secret",
            "Chapters/image.jpg": "JPG",
            "Research/notes.md": "research words",
            "Scenes/loose.md": "loose words",
        ])
        #expect(manuscript.parts.map(\.files) == [
            ["Chapters/Chapter 1.txt"], ["Chapters/Chapter 2.md"],
            ["Chapters/Chapter 3/a.md", "Chapters/Chapter 3/b.md"], ["Chapters/Chapter 10.md"],
        ])
        #expect(manuscript.parts.map(\.title) == [.name("Chapter 1"), .name("Chapter 2"), .name("Chapter 3"), .heading("The End")])
        #expect(manuscript.parts[0].scenes == ["First \\*chapter\\*."])
        #expect(manuscript.parts[1].scenes == ["Second chapter."])
        #expect(manuscript.parts[2].scenes == ["Scene one.", "Scene two."])
        #expect(manuscript.parts[3].scenes == ["Last words here."])
        // The heading that became a title is the writer's and counts; comments and front matter do not.
        #expect(manuscript.words == 2 + 2 + 2 + 2 + 5)
        #expect(manuscript.unit == .chapters && manuscript.unitCount == 4)
    }

    @Test("a novel made in another language: its Chapitres folder is found, letter case ignored")
    func localizedFolder() throws {
        let manuscript = try assemble(.novel, ["chapitres/Un.md": "Un deux."])
        #expect(manuscript.parts.map(\.files) == [["chapitres/Un.md"]])
    }

    @Test("a short story: Ready when it holds text, else Draft; one part of scenes, ending with END")
    func shortStory() throws {
        let draft = try assemble(.shortStory, ["Draft/2.md": "Two.", "Draft/1.md": "One.", "Ready/cover.png": "PNG"])
        #expect(draft.parts == [ManuscriptPart(title: .none, scenes: ["One.", "Two."], files: ["Draft/1.md", "Draft/2.md"])])
        #expect(draft.endsWithEnd && draft.unit == .scenes && draft.unitCount == 2)
        let ready = try assemble(.shortStory, ["Draft/1.md": "One.", "Ready/final.txt": "Final."])
        #expect(ready.parts.map(\.files) == [["Ready/final.txt"]])
    }

    @Test("poetry: one poem a part, titled by its heading or its file name, every line break kept")
    func poetry() throws {
        let manuscript = try assemble(.poetry, [
            "Ready/b.md": "# Winter\n\nthe snow\n  falls\n\nand stays",
            "Ready/a rose.txt": "red\nred",
        ])
        #expect(manuscript.parts.map(\.title) == [.name("a rose"), .heading("Winter")])
        #expect(manuscript.parts[0].scenes == ["red\\\nred"])
        #expect(manuscript.parts[1].scenes == ["the snow\\\n\u{00A0}\u{00A0}falls\n\nand stays"])
        #expect(manuscript.unit == .poems && !manuscript.endsWithEnd)
        #expect(manuscript.parts.map(\.breakMark) == ["*", "*"])
    }

    @Test("a script: the Fountain files of Acts, as written")
    func script() throws {
        let manuscript = try assemble(.script, ["Acts/Act 2.fountain": "EXT. SEA - DAY", "Acts/Act 1.fountain": "INT. HOUSE - NIGHT", "Acts/notes.md": "notes"])
        #expect(manuscript.parts.map(\.scenes) == [["INT. HOUSE - NIGHT"], ["EXT. SEA - DAY"]])
    }

    @Test("a blank project: every text file, folders first")
    func blank() throws {
        let manuscript = try assemble(.blank, ["z.md": "Zed.", "part/a.md": "# Opening\n\nA.", "cover.jpg": "JPG"])
        #expect(manuscript.parts.map(\.title) == [.heading("Opening"), .name("z")])
    }

    @Test("the file being written is never part of the manuscript: a blank project compiled into its own folder")
    func outputLeftOut() throws {
        let manuscript = try assemble(.blank, ["a.md": "A.", "Book.md": "# Last time's compile"], output: folder + "/Book.md")
        #expect(manuscript.parts.map(\.files) == [["a.md"]])
    }

    @Test("--from: folders and files in the order given, read by the type's rules")
    func fromPaths() throws {
        let manuscript = try assemble(.novel, ["Chapters/1.md": "One.", "Extra/x.md": "X.", "Extra/y.md": "Y."],
                                      from: ["Extra/y.md", "./Extra/../Chapters"])
        #expect(manuscript.parts.map(\.files) == [["Extra/y.md"], ["Chapters/1.md"]])
    }

    @Test("refusals: an empty manuscript names where it looked, --from outside or missing, an unreadable file")
    func refusals() {
        #expect(throws: ManuscriptError.empty(lookedIn: ["/w/Book/Chapters"])) { try assemble(.novel, ["Scenes/a.md": "A."]) }
        #expect(throws: ManuscriptError.empty(lookedIn: ["/w/Book/Draft"])) { try assemble(.poetry, [:]) }
        #expect(throws: ManuscriptError.outsideFolder("../Other")) { try assemble(.novel, ["Chapters/a.md": "A."], from: ["../Other"]) }
        #expect(throws: ManuscriptError.outsideFolder("/etc")) { try assemble(.blank, ["a.md": "A."], from: ["/etc"]) }
        #expect(throws: ManuscriptError.notFound("Nope")) { try assemble(.blank, ["a.md": "A."], from: ["Nope"]) }
        #expect(throws: ManuscriptError.unreadable(path: "/w/Book/Chapters/b.md", code: EACCES)) {
            try assemble(.novel, ["Chapters/a.md": "A.", "Chapters/b.md": "B."], unreadable: ["Chapters/b.md"])
        }
    }

    @Test("the first page's count: a novel's to the nearest 1,000, short fiction's to the nearest 100")
    func rounding() {
        func rounded(_ kind: ProjectKind, _ words: Int) -> Int { Manuscript(kind: kind, parts: [], words: words).roundedWords }
        #expect(rounded(.novel, 80_499) == 80_000)
        #expect(rounded(.novel, 80_500) == 81_000)
        #expect(rounded(.novel, 420) == 400)
        #expect(rounded(.shortStory, 4_349) == 4_300)
        #expect(rounded(.shortStory, 4_350) == 4_400)
        #expect(rounded(.shortStory, 30) == 30)
    }
}
