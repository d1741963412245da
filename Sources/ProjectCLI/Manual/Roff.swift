import Foundation

/// A manual page in plain man(7) macros, built from text that is escaped on the way in, so no
/// name, help text or example can be read by groff as a request or an escape.
struct Roff {
    private(set) var source = ""

    /// `.TH`: the page's name, its section, the program and version, and the manual's title.
    init(page: String, section: Int, source origin: String, manual: String) {
        // `.nh`, `.ad l`: command lines and paths in the text are neither hyphenated nor stretched apart.
        source = ".TH \(Self.argument(page.uppercased())) \(section) \"\" \(Self.argument(origin)) \(Self.argument(manual))\n.nh\n.ad l\n"
    }

    mutating func section(_ heading: String) {
        source += ".SH \(Self.argument(heading.uppercased()))\n"
    }

    /// A paragraph: lines are filled, so the help's line breaks become spaces.
    mutating func paragraph(_ text: String) {
        source += ".PP\n"
        lines(text)
    }

    /// Text added to the current paragraph, already marked up with `bold`/`italic` where needed.
    mutating func line(_ markedUp: String) {
        source += markedUp + "\n"
    }

    /// A labelled item (`.TP`): an option, a variable, a status.
    mutating func item(_ markedUpLabel: String, _ text: String) {
        source += ".TP\n" + markedUpLabel + "\n"
        lines(text)
    }

    /// Lines shown as typed, indented: command lines.
    mutating func verbatim(_ text: String) {
        source += ".PP\n.RS 4\n.nf\n"
        lines(text)
        source += ".fi\n.RE\n"
    }

    private mutating func lines(_ text: String) {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { source += Self.escaped(String(trimmed)) + "\n" }
        }
    }

    /// Text made literal: a backslash printed as such, `-` as the hyphen-minus of options, and a `.` or
    /// `'` that would start a request at the beginning of a line neutralized.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// A reference to another page: `project\-move(1)`.
    static func reference(_ page: String, section: Int) -> String { bold(page) + "(\(section))" }

    /// A macro argument: quoted, with its own quotes escaped.
    private static func argument(_ text: String) -> String {
        "\"" + escaped(text).replacing("\"", with: "\\(dq") + "\""
    }
}
