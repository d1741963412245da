/// A word as typed on a shell's line, turned back into the text the program would receive: the
/// shells hand completion functions some words as typed, quotes and backslashes included, and the
/// word under the cursor may still lack its closing quote.
enum ShellWords {
    static func unquoted(_ typed: String, shell: Shell, home: String?) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in typed {
            if escaped {
                escaped = false
                // Inside double quotes a backslash only escapes the characters that are special there;
                // fish's single quotes allow escaping only the quote and the backslash.
                let keepsBackslash = switch quote {
                case "\"": !"\"\\$`".contains(character)
                case "'": shell != .fish || !"'\\".contains(character)
                default: false
                }
                if keepsBackslash { result.append("\\") }
                result.append(character)
            } else if character == "\\" && (quote != "'" || shell == .fish) {
                escaped = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil && (character == "'" || character == "\"") {
                quote = character
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        // `~/x` and `~` as the whole word: the home folder, as the shell would expand it.
        if let home, !typed.hasPrefix("'"), !typed.hasPrefix("\""), result == "~" || result.hasPrefix("~/") {
            result = home + result.dropFirst()
        }
        return result
    }
}
