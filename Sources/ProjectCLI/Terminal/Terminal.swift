/// The seam between the tool and the process's standard streams, so tests can drive it in memory.
public protocol Terminal: AnyObject {
    /// Results.
    func output(_ text: String)
    /// Errors, warnings and prompts.
    func error(_ text: String)
    /// One line typed by the user, without its newline; `nil` at end of input.
    func readLine() -> String?
    /// Whether a person can answer prompts.
    var inputIsInteractive: Bool { get }
    var outputIsTerminal: Bool { get }
}
