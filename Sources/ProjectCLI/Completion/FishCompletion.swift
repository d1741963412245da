/// The fish completion script. fish tokenizes the line and removes the quoting itself, except from
/// the token under the cursor, which the helper unquotes; fish then matches the candidates with its
/// own rules and shows their descriptions.
enum FishCompletion {
    static func script(program: String, helper: String) -> String {
        """
        # fish completion for \(program), written by `\(program) completions fish`.
        function __\(program)_complete
            set -l token (commandline -ct)
            set -l reply (command \(program) \(helper) fish -- (commandline -opc)[2..-1] $token 2>/dev/null)
            switch "$reply[1]"
                case words names
                    string join \\n -- $reply[2..-1]
                case files folders
                    set -l lead (string match -r -- '^--[^=]*=' $token)
                    set -l value (string replace -r -- '^--[^=]*=' '' $token)
                    if test "$reply[1]" = files
                        __fish_complete_path $value
                    else
                        __fish_complete_directories $value
                    end | string replace -r -- '^' "$lead"
            end
        end
        complete -c \(program) -f -a '(__\(program)_complete)'

        """
    }
}
