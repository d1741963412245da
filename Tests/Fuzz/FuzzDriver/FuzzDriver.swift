// What both fuzz targets share: built with `-sanitize=fuzzer -DFUZZING`, hand the check to libFuzzer;
// built normally, replay the files and folders named on the command line, so the committed corpus and
// every crash reproducer run as ordinary tests.
#if canImport(Glibc)
import Glibc
#endif
import Foundation

public enum FuzzDriver {
    /// Runs `check` under libFuzzer or over the named files, and returns the exit status.
    public static func run(_ check: @escaping ([UInt8]) -> Void) -> Int32 {
        #if FUZZING
        currentCheck = check
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
        #else
        return replay(arguments: Array(CommandLine.arguments.dropFirst()), check)
        #endif
    }

    /// Stops with a crash libFuzzer records, saying which rule the input broke.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    public static func fail(_ message: String) -> Never {
        let target = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "fuzz"
        writeError("\(target): \(message)\n")
        abort()
    }

    /// Writes to standard error straight away, so a message is out before an abort.
    public static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func replay(arguments: [String], _ check: ([UInt8]) -> Void) -> Int32 {
        guard !arguments.isEmpty else {
            writeError("usage: \(CommandLine.arguments[0]) <file or folder>...\n")
            return 2
        }
        var count = 0
        for argument in arguments {
            for file in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    writeError("cannot read \(file)\n")
                    return 2
                }
                // Named before it runs, so a crash says which input did it.
                writeError("replaying \(file)\n")
                check([UInt8](data))
                count += 1
            }
        }
        print("replayed \(count) inputs, no crash")
        return 0
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
    }
}

#if FUZZING
nonisolated(unsafe) private var currentCheck: ([UInt8]) -> Void = { _ in }

/// libFuzzer's entry point, which its runtime requires to link; `FuzzDriver.run` hands it to
/// `LLVMFuzzerRunDriver` so that each target keeps its own `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    currentCheck(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif
