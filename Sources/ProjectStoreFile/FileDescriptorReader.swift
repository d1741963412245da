#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads everything an open file or pipe holds.
public enum FileDescriptorReader {
    /// The bytes up to end of file, or the errno that stopped the reading.
    public static func readAll(_ descriptor: Int32, sizeHint: Int = 65_536) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(sizeHint + 1, 65_536))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(code: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// An errno, as an error value.
public struct SystemError: Error, Equatable {
    public let code: Int32
}
