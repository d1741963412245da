/// The seam between the tool and the process's standard streams, so tests can drive it in memory.
public protocol Terminal: AnyObject {
    /// Results.
    func output(_ text: String)
    /// Results already encoded as UTF-8: long lists and JSON, written without another copy.
    func output(utf8: [UInt8])
    /// Errors, warnings and prompts.
    func error(_ text: String)
    /// One line typed by the user, without its newline; `nil` at end of input.
    func readLine() -> String?
    /// Whether a person can answer prompts.
    var inputIsInteractive: Bool { get }
    var outputIsTerminal: Bool { get }
}

extension Terminal {
    public func output(utf8: [UInt8]) {
        output(String(decoding: utf8, as: UTF8.self))
    }
}
