import ProjectStore

/// screenplain's HTML page, which leaves the Fountain title page out and is titled "Screenplay":
/// given the script's title in `<title>` and its title page before the screenplay, centred, as a
/// screenplay's first page is.
enum ScreenplayHTML {
    static func titled(_ page: String, fountain: String) -> String {
        let fields = titlePageFields(fountain)
        var result = page
        if let title = fields.first(where: { $0.key == "title" }), let range = result.firstRange(of: "<title>Screenplay</title>") {
            result.replaceSubrange(range, with: "<title>\(ManuscriptLayout.xml(title.lines.joined(separator: " ")))</title>")
        }
        guard !fields.isEmpty, let wrapper = result.firstRange(of: "<div id=\"wrapper\" class=\"screenplay\">") else { return result }
        let paragraphs = fields.map { field in
            let style = field.key == "title" ? " style=\"font-weight: bold; margin-bottom: 2em\"" : " style=\"margin-bottom: 1em\""
            return "<p\(style)>\(field.lines.map(ManuscriptLayout.xml).joined(separator: "<br>"))</p>"
        }
        let block = "\n<section class=\"title-page\" style=\"text-align: center; margin: 8em 0; page-break-after: always\">\n"
            + paragraphs.joined(separator: "\n") + "\n</section>"
        result.insert(contentsOf: block, at: wrapper.upperBound)
        return result
    }

    /// The `Key: value` lines of the title page opening the Fountain, a value over several lines
    /// on the indented lines after its key; keys in lower case.
    static func titlePageFields(_ fountain: String) -> [(key: String, lines: [String])] {
        guard ManuscriptFountain.opensWithTitlePage(fountain) else { return [] }
        let block = fountain.drop { $0 == "\n" }.split(separator: "\n\n", maxSplits: 1).first ?? ""
        var fields: [(key: String, lines: [String])] = []
        for line in block.split(separator: "\n") {
            if line.first == " " || line.first == "\t", !fields.isEmpty {
                fields[fields.count - 1].lines.append(trimmed(line))
            } else if let colon = line.firstIndex(of: ":") {
                let value = trimmed(line[line.index(after: colon)...])
                fields.append((line[..<colon].lowercased(), value.isEmpty ? [] : [value]))
            }
        }
        return fields.filter { !$0.lines.isEmpty }
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
