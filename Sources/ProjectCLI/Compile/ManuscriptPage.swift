import ProjectStore
import ProjectStoreFile

/// What a standard manuscript adds around the text, in the writer's language: the first page (the
/// word count, rounded; the contact block; the title and byline), the header, and the styles the
/// reference document gives scene breaks and `END`. pandoc's `custom-style` names them.
struct ManuscriptPage {
    let title: String
    let author: AuthorDetails
    let manuscript: Manuscript
    let localizer: Localizer
    let numbers: NumberText

    var firstPage: String {
        var blocks = [styled(.wordCount, localizer.text(
            "compile.about-words", count: manuscript.roundedWords, ["count": numbers.string(manuscript.roundedWords)]))]
        let contact = (author.name.map { [$0] } ?? []) + author.contact
        if !contact.isEmpty { blocks.append(styled(.contact, contact.map(ManuscriptText.escaped).joined(separator: "\\\n"))) }
        blocks.append(styled(.title, ManuscriptText.escaped(title.uppercased())))
        if let name = author.name { blocks.append(styled(.byline, ManuscriptText.escaped(localizer.text("compile.byline", ["name": name])))) }
        return blocks.joined(separator: "\n\n")
    }

    func sceneBreak(_ mark: String) -> String { styled(.sceneBreak, ManuscriptText.escaped(mark)) }

    func endBlock(_ end: String) -> String { styled(.end, ManuscriptText.escaped(end)) }

    func layout(paper: Paper) -> ManuscriptLayout {
        let size = paper == .letter ? ManuscriptLayout.letter : ManuscriptLayout.a4
        return ManuscriptLayout(
            header: ManuscriptLayout.header(surname: author.surname, title: title),
            width: size.width, height: size.height, singleSpaced: manuscript.kind == .poetry)
    }

    /// A pandoc fenced div whose paragraphs take the named style.
    private func styled(_ style: ManuscriptStyle, _ markdown: String) -> String {
        ManuscriptMarkdown.styled(style.rawValue, markdown)
    }
}
