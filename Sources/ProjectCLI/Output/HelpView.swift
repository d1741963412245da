/// Help generated from the command specs, so it always says what the parser accepts.
struct HelpView {
    let localizer: Localizer
    /// At a terminal, its width: every line is broken at spaces to fit it. `nil` breaks nothing.
    var width: Int? = nil

    func overview(commands: [CommandSpec], storePath: String?) -> String {
        var text = paragraph(localizer.text("help.about")) + "\n\n"
        text += usageLine(localizer.text("help.synopsis")) + "\n\n"
        text += paragraph(localizer.text("heading.commands")) + "\n"
        text += table(commands.map { ($0.name, localizer.text($0.summary)) })
        text += "\n" + paragraph(localizer.text("heading.global-options")) + "\n"
        text += table(CommandLineParser.globalOptions.map { (label($0), localizer.text($0.help)) })
        text += "\n" + paragraph(localizer.text("help.more")) + "\n"
        if let storePath {
            text += paragraph(localizer.text("help.store-location", ["path": storePath])) + "\n"
        }
        text += paragraph(localizer.text("help.exit-codes")) + "\n"
        return text
    }

    func command(_ spec: CommandSpec) -> String {
        var text = usageLine(usage(spec)) + "\n\n"
        text += paragraph(localizer.text(spec.summary)) + "\n"
        if let discussion = spec.discussion {
            text += "\n" + paragraph(localizer.text(discussion)) + "\n"
        }
        if !spec.arguments.isEmpty {
            text += "\n" + paragraph(localizer.text("heading.arguments")) + "\n"
            text += table(spec.arguments.map { (placeholder($0.placeholder), localizer.text($0.help)) })
        }
        text += "\n" + paragraph(localizer.text("heading.options")) + "\n"
        text += table(spec.allOptions.map { (label($0), localizer.text($0.help)) })
        if let examples = spec.examples {
            text += "\n" + paragraph(localizer.text("heading.examples")) + "\n"
            // A command too long for the line goes on indented under itself.
            for example in localizer.text(examples).split(separator: "\n") {
                text += wrapped(String(example), indent: 2, hanging: 2).joined(separator: "\n") + "\n"
            }
        }
        return text
    }

    /// "Usage: project move …", its continuation lines under the command.
    private func usageLine(_ usage: String) -> String {
        let heading = localizer.text("heading.usage")
        return wrapped(heading + " " + usage, indent: 0, hanging: TerminalText.width(heading) + 1).joined(separator: "\n")
    }

    /// Text of one or more lines, each broken to fit the width.
    private func paragraph(_ text: String) -> String {
        fitting(text, to: width).flatMap { wrapped($0, indent: 0, hanging: 0) }.joined(separator: "\n")
    }

    /// The lines of a text from the tables, which are broken by hand for a wide terminal: when one
    /// of them does not fit `cells`, a sentence running on over a break is joined back into one
    /// line first, so that breaking it again leaves no short line in the middle.
    private func fitting(_ text: String, to cells: Int?) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let cells, lines.count > 1, lines.contains(where: { TerminalText.width($0) > cells }) else { return lines }
        var joined: [String] = []
        for line in lines {
            if let last = joined.last, let end = last.last, !line.isEmpty, !Self.sentenceEnds.contains(end) {
                joined[joined.count - 1] = last + " " + line
            } else {
                joined.append(line)
            }
        }
        return joined
    }

    private static let sentenceEnds: Set<Character> = [".", "!", "?", ":", "。", "！", "？", "："]

    /// One line broken to fit the width after `indent` spaces, the lines after the first indented
    /// `hanging` more.
    private func wrapped(_ line: String, indent: Int, hanging: Int) -> [String] {
        let first = String(repeating: " ", count: indent)
        guard let width else { return [first + line] }
        let later = String(repeating: " ", count: indent + hanging)
        let lines = TerminalText.wrapped(line, to: max(width - indent, 1), thenTo: max(width - indent - hanging, Self.narrowestText))
        return lines.enumerated().map { ($0.offset == 0 ? first : later) + $0.element }
    }

    /// `project move <project> (--to <n> | --top)`, `project compile <project> … [--from <path>]…`, `project edit <project> ([--details <text>] [--target <words>] … | --no-folder)`.
    func usage(_ spec: CommandSpec) -> String {
        var parts = ["project", spec.name]
        parts += spec.arguments.map {
            let repeated = $0.isRepeatable ? "…" : ""  // `[<file>]…`: given any number of times
            return $0.isOptional ? "[\(placeholder($0.placeholder))]\(repeated)" : placeholder($0.placeholder)
        }
        let choiceOptions = spec.choiceOptions
        for option in spec.options where !choiceOptions.contains(option) {
            let name = option.short.map { "-\($0)" } ?? "--\(option.long)"
            let repeated = option.isRepeatable ? "…" : ""  // `[--from <path>]…`: given once or more
            parts.append((option.valueName.map { "[\(name) \(placeholder($0))]" } ?? "[\(name)]") + repeated)
        }
        if !spec.choices.isEmpty {
            let choices = spec.choices.map { group in
                // Options that combine are each optional within their group: `[--target <words>] [--due <date>]`.
                let words = group.map { option in "--\(option.long)" + (option.valueName.map { " " + placeholder($0) } ?? "") }
                return words.count == 1 ? words[0] : words.map { "[\($0)]" }.joined(separator: " ")
            }
            parts.append(choices.count == 1 ? choices[0] : "(" + choices.joined(separator: " | ") + ")")
        }
        return parts.joined(separator: " ")
    }

    /// `-t, --type <kind>` or `--yes`.
    func label(_ option: OptionSpec) -> String {
        let names = (option.short.map { "-\($0), " } ?? "") + "--\(option.long)"
        return option.valueName.map { "\(names) \(placeholder($0))" } ?? names
    }

    /// `<kind>` in the user's words.
    func placeholder(_ name: String) -> String {
        localizer.placeholder(name)
    }

    /// Two columns; the second one's lines stay under each other. On a narrow terminal the first
    /// column narrows to leave the second room, longer labels taking a line of their own.
    private func table(_ rows: [(String, String)]) -> String {
        var labelWidth = min(rows.map { TerminalText.width($0.0) }.max() ?? 0, 28)
        if let lineWidth = self.width {
            labelWidth = min(labelWidth, max(lineWidth - 4 - Self.narrowestText, 0))
        }
        let descriptionWidth = self.width.map { max($0 - labelWidth - 4, Self.narrowestText) }
        return rows.map { label, description in
            let indent = "\n" + String(repeating: " ", count: labelWidth + 4)
            let lines = fitting(description, to: descriptionWidth).flatMap { line in
                descriptionWidth.map { TerminalText.wrapped(line, to: $0) } ?? [line]
            }
            let body = lines.joined(separator: indent)
            if TerminalText.width(label) > labelWidth {
                return "  \(label)\(indent)\(body)\n"
            }
            return "  " + TerminalText.padded(label, to: labelWidth) + "  " + body + "\n"
        }.joined()
    }

    /// The fewest cells a description keeps beside its label, and a continued line in all.
    static let narrowestText = 24
}
