import ProjectStore
import ProjectStoreFile

/// What a standard manuscript adds around the text, in the writer's language: the first page (the
/// word count, rounded; the contact block; the title and byline), the header, and the styles the
/// reference document gives scene breaks and `END`. pandoc's `custom-style` names them.
struct ManuscriptPage {
    let title: String
    let author: AuthorDetails
    let manuscript: Manuscript
    let paper: Paper
    let localizer: Localizer
    let numbers: NumberText

    /// The word count, flush right on the contact block's first line, level with the name (on a
    /// line of its own when there is no contact block); the title halfway down, the byline. A title
    /// page of its own ends the DOCX's first section, which has no header and no number.
    var firstPage: String {
        let words = ManuscriptText.escaped(localizer.text(
            "compile.about-words", count: manuscript.roundedWords, ["count": numbers.string(manuscript.roundedWords)]))
        var blocks: [String] = []
        var contact = ((author.name.map { [$0] } ?? []) + author.contact).map(ManuscriptText.escaped)
        if contact.isEmpty {
            blocks.append(styled(.wordCount, words))
        } else {
            contact[0] += ManuscriptLayout.flushRight(words)
            blocks.append(styled(.contact, contact.joined(separator: "\\\n")))
        }
        blocks.append(styled(.title, ManuscriptText.escaped(title.uppercased())))
        if let name = author.name { blocks.append(styled(.byline, ManuscriptText.escaped(localizer.text("compile.byline", ["name": name])))) }
        if layout.titlePageAlone { blocks.append(ManuscriptLayout.rawOpenXML(ReferenceDOCX.titlePageEnd(layout))) }
        return blocks.joined(separator: "\n\n")
    }

    func sceneBreak(_ mark: String) -> String { styled(.sceneBreak, ManuscriptText.escaped(mark)) }

    func endBlock(_ end: String) -> String { styled(.end, ManuscriptText.escaped(end)) }

    var layout: ManuscriptLayout {
        let size = paper == .letter ? ManuscriptLayout.letter : ManuscriptLayout.a4
        let textOnNewPage = manuscript.parts.first.map { $0.title != .none } ?? false
        return ManuscriptLayout(
            header: ManuscriptLayout.header(surname: author.surname, shortTitle: author.shortTitle(of: title)),
            width: size.width, height: size.height, singleSpaced: manuscript.kind == .poetry, titlePageAlone: textOnNewPage)
    }

    /// A pandoc fenced div whose paragraphs take the named style.
    private func styled(_ style: ManuscriptStyle, _ markdown: String) -> String {
        ManuscriptMarkdown.styled(style.rawValue, markdown)
    }
}
