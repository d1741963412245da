#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The process's own standard input, output and error.
public final class StandardTerminal: Terminal {
    public let inputIsInteractive = isatty(STDIN_FILENO) == 1
    public let outputIsTerminal = isatty(STDOUT_FILENO) == 1

    public init() {}

    /// The window's width as the kernel knows it.
    public var columns: Int? {
        guard outputIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public func output(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    public func output(utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    public func error(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    private func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            // A closed pipe (`project list | head`) or a full disk: nothing more can be said.
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
