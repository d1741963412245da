/// Help generated from the command specs, so it always says what the parser accepts.
struct HelpView {
    let localizer: Localizer

    func overview(commands: [CommandSpec], storePath: String?) -> String {
        var text = localizer.text("help.about") + "\n\n"
        text += localizer.text("help.usage") + " project <command> [<options>]\n\n"
        text += localizer.text("help.commands") + "\n"
        text += table(commands.map { ($0.name, localizer.text($0.summary)) })
        text += "\n" + localizer.text("help.global-options") + "\n"
        text += table(CommandLineParser.globalOptions.map { ($0.label, localizer.text($0.help)) })
        text += "\n" + localizer.text("help.more") + "\n"
        if let storePath {
            text += localizer.text("help.store-location", ["path": storePath]) + "\n"
        }
        text += localizer.text("help.exit-codes") + "\n"
        return text
    }

    func command(_ spec: CommandSpec) -> String {
        var text = localizer.text("help.usage") + " " + usage(spec) + "\n\n"
        text += localizer.text(spec.summary) + "\n"
        if let discussion = spec.discussion {
            text += "\n" + localizer.text(discussion) + "\n"
        }
        if !spec.arguments.isEmpty {
            text += "\n" + localizer.text("help.arguments") + "\n"
            text += table(spec.arguments.map { ("<\($0.name)>", localizer.text($0.help)) })
        }
        text += "\n" + localizer.text("help.options") + "\n"
        text += table((spec.options + CommandLineParser.globalOptions).map { ($0.label, localizer.text($0.help)) })
        if !spec.examples.isEmpty {
            text += "\n" + localizer.text("help.examples") + "\n"
            text += spec.examples.map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// `project move <project> (--to <n> | --top)`.
    func usage(_ spec: CommandSpec) -> String {
        var parts = ["project", spec.name]
        parts += spec.arguments.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
        for option in spec.options where !spec.oneOf.contains(option) {
            let name = option.short.map { "-\($0)" } ?? "--\(option.long)"
            parts.append(option.valueName.map { "[\(name) <\($0)>]" } ?? "[\(name)]")
        }
        if !spec.oneOf.isEmpty {
            let choices = spec.oneOf.map { option in "--\(option.long)" + (option.valueName.map { " <\($0)>" } ?? "") }
            parts.append(choices.count == 1 ? choices[0] : "(" + choices.joined(separator: " | ") + ")")
        }
        return parts.joined(separator: " ")
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
