#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads everything an open file or pipe holds.
public enum FileDescriptorReader {
    /// The bytes up to end of file, or the errno that stopped the reading. With `sizeHint` (a file's
    /// size) the whole file is read straight into one buffer: a large store is never held twice.
    public static func readAll(_ descriptor: Int32, sizeHint: Int = 0) -> Result<[UInt8], SystemError> {
        // One byte past the hint, so that end of file is seen without growing the buffer.
        var bytes = [UInt8](repeating: 0, count: max(sizeHint + 1, 65_536))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(code: errno))
            }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return .success(bytes)
            }
            filled += count
        }
    }
}

/// An errno, as an error value.
public struct SystemError: Error, Equatable {
    public let code: Int32
}
