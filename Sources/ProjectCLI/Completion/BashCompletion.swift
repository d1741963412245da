/// The bash completion script. It holds no command or option: on every TAB it hands the words to
/// the program's hidden helper, which reads them with the command specs, so the script never goes
/// stale when commands change. Debian's bash-completion, when loaded, splits the line without
/// breaking words at `=` and `:` and completes file names; without it, bash's own word list and
/// file completion stand in.
enum BashCompletion {
    static func script(program: String, helper: String) -> String {
        #"""
        # bash completion for \#(program), written by `\#(program) completions bash`.
        _\#(program)_complete() {
            local cur words cword
            if declare -F _get_comp_words_by_ref >/dev/null; then
                _get_comp_words_by_ref -n =: cur words cword
            else
                words=("${COMP_WORDS[@]}") cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]}
            fi
            local -a reply
            mapfile -t reply < <(command \#(program) \#(helper) bash -- "${words[@]:1:cword}" 2>/dev/null)
            COMPREPLY=()
            local value=$cur
            [[ $value == --*=* ]] && value=${value#*=}
            case ${reply[0]-} in
            words)
                COMPREPLY=("${reply[@]:1}")
                ;;
            names)
                # Readline replaces what follows an opening quote, and closes the quote after a single
                # match: each name is quoted for where it goes. (Readline's own file-name quoting would
                # leave a $ unescaped.)
                local name quoted
                for name in "${reply[@]:1}"; do
                    case $value in
                    \'*) quoted=${name//\'/\'\\\'\'} ;;
                    \"*)
                        quoted=${name//\\/\\\\} quoted=${quoted//\"/\\\"}
                        quoted=${quoted//\$/\\\$} quoted=${quoted//\`/\\\`}
                        ;;
                    *) printf -v quoted %q "$name" ;;
                    esac
                    COMPREPLY+=("$quoted")
                done
                ;;
            files | folders)
                cur=$value
                if ! declare -F _filedir >/dev/null; then
                    compopt -o default
                elif [[ ${reply[0]} == folders ]]; then
                    _filedir -d
                else
                    _filedir
                fi
                return
                ;;
            esac
            # Readline replaces only what follows the last colon of the word.
            if [[ $cur == *:* ]] && declare -F __ltrim_colon_completions >/dev/null; then
                __ltrim_colon_completions "$cur"
            fi
        }
        complete -F _\#(program)_complete \#(program)

        """#
    }
}
