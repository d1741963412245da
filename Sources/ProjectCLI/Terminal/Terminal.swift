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
    /// The width in cells of the terminal that standard output goes to, when the system gives it;
    /// `nil` for a pipe, a file, or a terminal of unknown size.
    var columns: Int? { get }
}

extension Terminal {
    public var columns: Int? { nil }

    /// The width output must fit, in cells: the terminal's, else `COLUMNS` (which shells set, and
    /// which a writer may set to choose); `nil`, fit nothing, when output is not a terminal, so
    /// nothing a script reads is ever cut or broken.
    public func lineWidth(environment: [String: String]) -> Int? {
        guard outputIsTerminal else { return nil }
        if let columns, columns > 0 { return columns }
        guard let text = environment["COLUMNS"], let columns = Int(text), columns > 0 else { return nil }
        return columns
    }

    public func output(utf8: [UInt8]) {
        output(String(decoding: utf8, as: UTF8.self))
    }
}
