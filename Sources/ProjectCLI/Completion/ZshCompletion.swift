/// The zsh completion script, a `#compdef` function for `fpath`. Like the bash one it asks the
/// program's hidden helper on every TAB; zsh removes the quoting from the words first, shows the
/// descriptions the helper gives, and quotes the name it inserts.
enum ZshCompletion {
    static func script(program: String, helper: String) -> String {
        """
        #compdef \(program)
        # zsh completion for \(program), written by `\(program) completions zsh`.
        local -a reply candidates
        reply=("${(@f)$(command \(program) \(helper) zsh -- "${(@Q)words[2,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null)}")
        candidates=("${(@)reply[2,-1]}")
        case $reply[1] in
        (words)
            _describe -t values '' candidates
            ;;
        (names | listed-names)
            # The helper has matched them ignoring case and accents: zsh must not match them again.
            compadd -U -- "${(@)candidates}"
            # Their common beginning would lose what was typed: the first TAB keeps the word and lists
            # them, the next one goes through them (menu completion).
            [[ $reply[1] == listed-names && $compstate[insert] == *unambiguous ]] && compstate[insert]=''
            ;;
        (files | folders)
            [[ $PREFIX == --*=* ]] && compset -P '*='
            if [[ $reply[1] == folders ]]; then _files -/; else _files; fi
            ;;
        esac

        """
    }
}
