/// Help generated from the command specs, so it always says what the parser accepts.
struct HelpView {
    let localizer: Localizer

    func overview(commands: [CommandSpec], storePath: String?) -> String {
        var text = localizer.text("help.about") + "\n\n"
        text += localizer.text("heading.usage") + " " + localizer.text("help.synopsis") + "\n\n"
        text += localizer.text("heading.commands") + "\n"
        text += table(commands.map { ($0.name, localizer.text($0.summary)) })
        text += "\n" + localizer.text("heading.global-options") + "\n"
        text += table(CommandLineParser.globalOptions.map { (label($0), localizer.text($0.help)) })
        text += "\n" + localizer.text("help.more") + "\n"
        if let storePath {
            text += localizer.text("help.store-location", ["path": storePath]) + "\n"
        }
        text += localizer.text("help.exit-codes") + "\n"
        return text
    }

    func command(_ spec: CommandSpec) -> String {
        var text = localizer.text("heading.usage") + " " + usage(spec) + "\n\n"
        text += localizer.text(spec.summary) + "\n"
        if let discussion = spec.discussion {
            text += "\n" + localizer.text(discussion) + "\n"
        }
        if !spec.arguments.isEmpty {
            text += "\n" + localizer.text("heading.arguments") + "\n"
            text += table(spec.arguments.map { (placeholder($0.placeholder), localizer.text($0.help)) })
        }
        text += "\n" + localizer.text("heading.options") + "\n"
        text += table((spec.options + CommandLineParser.globalOptions).map { (label($0), localizer.text($0.help)) })
        if let examples = spec.examples {
            text += "\n" + localizer.text("heading.examples") + "\n"
            text += localizer.text(examples).split(separator: "\n").map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// `project move <project> (--to <n> | --top)`, `project compile <project> … [--from <path>]…`, `project edit <project> ([--details <text>] [--target <words>] … | --no-folder)`.
    func usage(_ spec: CommandSpec) -> String {
        var parts = ["project", spec.name]
        parts += spec.arguments.map { $0.isOptional ? "[\(placeholder($0.placeholder))]" : placeholder($0.placeholder) }
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

    /// Two columns; the second one's lines stay under each other.
    private func table(_ rows: [(String, String)]) -> String {
        let width = min(rows.map { TerminalText.width($0.0) }.max() ?? 0, 28)
        return rows.map { label, description in
            let indent = "\n" + String(repeating: " ", count: width + 4)
            let body = description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: indent)
            if TerminalText.width(label) > width {
                return "  \(label)\(indent)\(body)\n"
            }
            return "  " + TerminalText.padded(label, to: width) + "  " + body + "\n"
        }.joined()
    }
}
