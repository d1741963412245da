/// The reference document pandoc takes an ODT's styles, page and header from, made here for each
/// manuscript as `ReferenceDOCX` is: the same standard manuscript, in OpenDocument's terms.
public enum ReferenceODT {
    public static func archive(_ layout: ManuscriptLayout) -> [UInt8] {
        var zip = StoredZip()
        // OpenDocument wants the media type first, stored, so it can be read at a fixed offset.
        zip.add("mimetype", "application/vnd.oasis.opendocument.text")
        zip.add("META-INF/manifest.xml", manifest)
        zip.add("content.xml", content)
        zip.add("styles.xml", styles(layout))
        // pandoc lists in its manifest the files the reference has, then adds its own meta.xml: one
        // here, which pandoc replaces, is what gets meta.xml listed (LibreOffice refuses a package
        // holding a file its manifest does not name).
        zip.add("meta.xml", meta)
        return zip.archive
    }

    private static let namespaces = """
        xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
        xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" \
        xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
        xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
        xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3"
        """

    private static let manifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">\
        <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>\
        <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>\
        <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>\
        <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>\
        </manifest:manifest>
        """

    private static let content = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document-content \(namespaces)><office:body><office:text/></office:body></office:document-content>
        """

    private static let meta = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document-meta \(namespaces)><office:meta/></office:document-meta>
        """

    private static func styles(_ layout: ManuscriptLayout) -> String {
        func inches(_ twips: Int) -> String { String(format: "%.4fin", Double(twips) / 1440) }
        let lineHeight = layout.singleSpaced ? "100%" : "200%"
        let indent = layout.singleSpaced ? "0in" : "0.5in"
        let single = "fo:line-height=\"100%\" fo:text-indent=\"0in\" fo:margin-top=\"0in\" fo:margin-bottom=\"0in\""
        let centered = "fo:text-align=\"center\" fo:text-indent=\"0in\""
        // pandoc prints the title and the author it is given for meta.xml at the top of the body
        // too; the first page has them already, so those paragraphs are hidden text.
        let hidden = "text:display=\"none\""
        // The header's number counts from the text's first page when the title page stands alone.
        let adjust = layout.titlePageAlone ? " text:page-adjust=\"-1\"" : ""
        func style(
            _ name: String, _ display: String, _ properties: String, parent: String = "Standard", extra: String = "",
            tabs: String = "", text: String = ""
        ) -> String {
            "<style:style style:name=\"\(name)\" style:display-name=\"\(display)\" style:family=\"paragraph\" "
                + "style:parent-style-name=\"\(parent)\"\(extra)><style:paragraph-properties \(properties)"
                + (tabs.isEmpty ? "/>" : "><style:tab-stops>\(tabs)</style:tab-stops></style:paragraph-properties>")
                + (text.isEmpty ? "" : "<style:text-properties \(text)/>") + "</style:style>"
        }
        func custom(_ manuscriptStyle: ManuscriptStyle, _ properties: String, tabs: String = "") -> String {
            // Named as pandoc's `custom-style` names them in the content, spaces and all.
            style(manuscriptStyle.rawValue, manuscriptStyle.rawValue, properties, tabs: tabs)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document-styles \(namespaces)>\
            <office:font-face-decls><style:font-face style:name="Times New Roman" svg:font-family="'Times New Roman'" \
            style:font-family-generic="roman"/></office:font-face-decls><office:styles>\
            <style:default-style style:family="paragraph"><style:paragraph-properties fo:line-height="\(lineHeight)" \
            fo:text-indent="\(indent)" fo:margin-top="0in" fo:margin-bottom="\(layout.singleSpaced ? "0.1667in" : "0in")"/>\
            <style:text-properties style:font-name="Times New Roman" fo:font-size="12pt"/></style:default-style>\
            <style:style style:name="Standard" style:family="paragraph" style:class="text"/>\
            \(style("Text_20_body", "Text body", ""))\
            \(style("First_20_paragraph", "First paragraph", "", parent: "Text_20_body"))\
            \(style("Heading_20_1", "Heading 1", "fo:break-before=\"page\" fo:margin-top=\"2in\" fo:margin-bottom=\"0.3333in\" \(centered)",
                    extra: " style:default-outline-level=\"1\""))\
            \(style("Heading_20_2", "Heading 2", centered, extra: " style:default-outline-level=\"2\""))\
            \(style("Title", "Title", "", text: hidden))\
            \(style("Author", "Author", "", text: hidden))\
            \(style("Header", "Header", "\(single) fo:text-align=\"end\""))\
            \(custom(.wordCount, "\(single) fo:text-align=\"end\""))\
            \(custom(.contact, single, tabs: "<style:tab-stop style:position=\"\(inches(layout.textWidth))\" style:type=\"right\"/>"))\
            \(custom(.title, "fo:margin-top=\"3in\" \(centered)"))\
            \(custom(.byline, "fo:margin-bottom=\"0.3333in\" \(centered)"))\
            \(custom(.sceneBreak, centered))\
            \(custom(.end, "fo:margin-top=\"0.3333in\" \(centered)"))\
            </office:styles><office:automatic-styles><style:page-layout style:name="Manuscript">\
            <style:page-layout-properties fo:page-width="\(inches(layout.width))" fo:page-height="\(inches(layout.height))" \
            fo:margin-top="0.5in" fo:margin-bottom="1in" fo:margin-left="1in" fo:margin-right="1in"/>\
            <style:header-style><style:header-footer-properties fo:min-height="0.25in" fo:margin-bottom="0.25in"/></style:header-style>\
            </style:page-layout></office:automatic-styles><office:master-styles>\
            <style:master-page style:name="Standard" style:page-layout-name="Manuscript">\
            <style:header><text:p text:style-name="Header">\(ManuscriptLayout.xml(layout.header))\
            <text:page-number text:select-page="current"\(adjust)>1</text:page-number></text:p></style:header>\
            <style:header-first><text:p text:style-name="Header"/></style:header-first></style:master-page></office:master-styles></office:document-styles>
            """
    }
}
