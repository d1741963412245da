/// The reference document pandoc takes a DOCX's styles, page and header from, made here for each
/// manuscript (nothing copied from elsewhere): the standard manuscript of `ManuscriptLayout`, and
/// the styles the first page, scene breaks and `END` are marked with.
public enum ReferenceDOCX {
    public static func archive(_ layout: ManuscriptLayout) -> [UInt8] {
        var zip = StoredZip()
        zip.add("[Content_Types].xml", contentTypes)
        zip.add("_rels/.rels", packageRelationships)
        zip.add("word/_rels/document.xml.rels", documentRelationships)
        zip.add("word/document.xml", document(layout))
        zip.add("word/styles.xml", styles(layout))
        zip.add("word/header1.xml", header(layout))
        return zip.archive
    }

    private static let w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    private static let r = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

    private static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
        <Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>\
        <Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>\
        </Types>
        """

    private static let packageRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>\
        </Relationships>
        """

    private static let documentRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>\
        <Relationship Id="rIdHeader1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>\
        </Relationships>
        """

    /// An empty body and the text's section: the page, the header. With a title page of its own,
    /// the text is the second section, numbered from 1, the title page's (`titlePageEnd`) having no
    /// header; else the first page is the text's and has no header (`titlePg` with no first-page
    /// header).
    private static func document(_ layout: ManuscriptLayout) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <w:document xmlns:w="\(w)" xmlns:r="\(r)"><w:body><w:p/>\
        <w:sectPr><w:headerReference w:type="default" r:id="rIdHeader1"/>\(page(layout))\
        \(layout.titlePageAlone ? "<w:pgNumType w:start=\"1\"/>" : "<w:titlePg/>")</w:sectPr></w:body></w:document>
        """
    }

    /// The paragraph that ends a title page of its own as a section without header or number, for
    /// the document's body; the text's section follows on a new page.
    static func titlePageEnd(_ layout: ManuscriptLayout) -> String {
        "<w:p><w:pPr><w:sectPr>\(page(layout))</w:sectPr></w:pPr></w:p>"
    }

    /// The paper and the 1-inch margins.
    private static func page(_ layout: ManuscriptLayout) -> String {
        "<w:pgSz w:w=\"\(layout.width)\" w:h=\"\(layout.height)\"/>"
            + "<w:pgMar w:top=\"1440\" w:right=\"1440\" w:bottom=\"1440\" w:left=\"1440\" w:header=\"720\" w:footer=\"720\" w:gutter=\"0\"/>"
    }

    /// `Surname / SHORT TITLE / ` and the page number, at the right.
    private static func header(_ layout: ManuscriptLayout) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <w:hdr xmlns:w="\(w)" xmlns:r="\(r)"><w:p><w:pPr><w:pStyle w:val="Header"/></w:pPr>\
        <w:r><w:t xml:space="preserve">\(ManuscriptLayout.xml(layout.header))</w:t></w:r>\
        <w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>\
        <w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>\
        </w:p></w:hdr>
        """
    }

    private static func styles(_ layout: ManuscriptLayout) -> String {
        // 480 twentieths of a line is double spacing; 24 half-points is 12 points; 720 is half an inch.
        let line = layout.singleSpaced ? 240 : 480
        let indent = layout.singleSpaced ? 0 : 720
        func paragraph(_ id: String, _ name: String, _ properties: String, run: String = "") -> String {
            "<w:style w:type=\"paragraph\" w:customStyle=\"1\" w:styleId=\"\(id)\"><w:name w:val=\"\(name)\"/>"
                + "<w:basedOn w:val=\"Normal\"/><w:qFormat/><w:pPr>\(properties)</w:pPr>"
                + (run.isEmpty ? "" : "<w:rPr>\(run)</w:rPr>") + "</w:style>"
        }
        func style(_ style: ManuscriptStyle, _ properties: String) -> String {
            paragraph(style.identifier, style.rawValue, properties)
        }
        let single = "<w:spacing w:before=\"0\" w:after=\"0\" w:line=\"240\" w:lineRule=\"auto\"/><w:ind w:firstLine=\"0\"/>"
        let centered = "<w:jc w:val=\"center\"/><w:ind w:firstLine=\"0\"/>"
        // pandoc prints the title and the author it is given for the file's properties at the top of
        // the body too; the first page has them already, so its paragraphs are hidden text.
        let hidden = "<w:vanish/>"
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <w:styles xmlns:w="\(w)" xmlns:r="\(r)"><w:docDefaults><w:rPrDefault><w:rPr>\
            <w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="Times New Roman" w:cs="Times New Roman"/>\
            <w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr>\
            <w:spacing w:before="0" w:after="\(layout.singleSpaced ? 240 : 0)" w:line="\(line)" w:lineRule="auto"/>\
            <w:ind w:firstLine="\(indent)"/></w:pPr></w:pPrDefault></w:docDefaults>\
            <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>\
            \(paragraph("BodyText", "Body Text", ""))\
            \(paragraph("FirstParagraph", "First Paragraph", ""))\
            \(paragraph("Compact", "Compact", ""))\
            \(paragraph("Heading1", "heading 1", "<w:keepNext/><w:pageBreakBefore/><w:spacing w:before=\"2880\" w:after=\"480\"/>\(centered)<w:outlineLvl w:val=\"0\"/>"))\
            \(paragraph("Heading2", "heading 2", "<w:keepNext/>\(centered)<w:outlineLvl w:val=\"1\"/>"))\
            \(paragraph("Title", "Title", "", run: hidden))\
            \(paragraph("Author", "Author", "", run: hidden))\
            \(paragraph("Header", "header", single + "<w:jc w:val=\"right\"/>"))\
            \(style(.contact, single + "<w:tabs><w:tab w:val=\"right\" w:pos=\"\(layout.textWidth)\"/></w:tabs>"))\
            \(style(.wordCount, single + "<w:jc w:val=\"right\"/>"))\
            \(style(.title, "<w:spacing w:before=\"4320\" w:after=\"0\"/>\(centered)"))\
            \(style(.byline, "<w:spacing w:after=\"480\"/>\(centered)"))\
            \(style(.sceneBreak, centered))\
            \(style(.end, "<w:spacing w:before=\"480\"/>\(centered)"))\
            </w:styles>
            """
    }
}
