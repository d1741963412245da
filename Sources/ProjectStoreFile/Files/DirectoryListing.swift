#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The names in a folder, `.` and `..` aside, read to its end. `readdir` returns NULL both at the
/// end and on an error, which only `errno` tells apart: a listing cut short must never pass for the
/// whole folder (a template copied short, a manuscript missing a chapter).
enum DirectoryListing {
    static func names(in folder: String) -> Result<[String], SystemError> {
        guard let stream = opendir(folder) else { return .failure(SystemError(code: errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                return errno != 0 ? .failure(SystemError(code: errno)) : .success(names)
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
