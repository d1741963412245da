import Testing
@testable import ProjectStore

@Suite("Text file kinds")
struct TextFileKindTests {
    @Test("the writers' text formats count, in any letter case; only Markdown gets Markdown rules")
    func textFormats() {
        for name in ["a.md", "Chapter 1.MARKDOWN", "notes.Md"] {
            #expect(TextFileKind.syntax(forFileName: name) == .markdown, "\(name)")
        }
        for name in ["a.txt", "a.TEXT", "script.fountain", "doc.rst", "plan.org", "paper.tex", "guide.adoc", "x.y.Txt"] {
            #expect(TextFileKind.syntax(forFileName: name) == .plainText, "\(name)")
        }
    }

    @Test("other files, and names that only look like an extension, are not counted")
    func otherFiles() {
        for name in ["cover.png", "book.docx", "md", "txt", ".md", "notes.md.bak", "chapter.", "a.mdx", "README"] {
            #expect(TextFileKind.syntax(forFileName: name) == nil, "\(name)")
        }
    }
}
