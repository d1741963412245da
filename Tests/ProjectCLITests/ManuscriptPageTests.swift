import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

@Suite struct ManuscriptPageTests {
    func page(_ language: String, words: Int, author: AuthorDetails) -> ManuscriptPage {
        ManuscriptPage(
            title: "L’Hiver", author: author, manuscript: Manuscript(kind: .novel, parts: [], words: words), paper: .a4,
            localizer: Localizer(language: language), numbers: NumberText(locale: Locale(identifier: language)))
    }

    @Test func theFirstPageSaysTheRoundedWordsInTheWritersLanguage() {
        let author = AuthorDetails(name: "Anne Hébert", contact: ["1 rue des Pins", "anne@example.com"])
        #expect(page("fr", words: 80_312, author: author).firstPage == """
            ::: {custom-style="Contact"}
            Anne Hébert`<w:r><w:tab/></w:r>`{=openxml}`<text:tab/>`{=opendocument}[environ 80\u{202F}000 mots]{.word-count}\\
            1 rue des Pins\\
            anne\\@example.com
            :::

            ::: {custom-style="Manuscript Title"}
            L’HIVER
            :::

            ::: {custom-style="Byline"}
            par Anne Hébert
            :::
            """)
        #expect(page("de", words: 80_499, author: author).firstPage.contains("[etwa 80.000 Wörter]{.word-count}"))
    }

    @Test func withoutDetailsThereIsNoContactBlockAndNoByline() {
        let first = page("en", words: 1_234, author: AuthorDetails(name: nil, contact: []))
        #expect(first.firstPage == "::: {custom-style=\"Word Count\"}\nabout 1,000 words\n:::\n\n::: {custom-style=\"Manuscript Title\"}\nL’HIVER\n:::")
        #expect(first.layout.header == "L’HIVER / ")
    }
}
