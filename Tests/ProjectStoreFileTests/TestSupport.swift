import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ProjectStore
import Testing
@testable import ProjectStoreFile

// MARK: Temporary folders

/// Runs `body` with a fresh, empty folder (its real path, symbolic links resolved) and removes it afterwards.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("ProjectStoreFileTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    guard let resolved = realpath(url.path, nil) else {
        throw CocoaError(.fileNoSuchFile)
    }
    defer { free(resolved) }
    return try body(String(cString: resolved))
}

// MARK: Files

func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func writeFile(_ path: String, _ text: String) throws {
    try writeFile(path, Array(text.utf8))
}

/// `lstat` of a path: the link itself when it is one.
func linkStatus(_ path: String) -> stat? {
    var status = stat()
    return lstat(path, &status) == 0 ? status : nil
}

func fileStatus(_ path: String) -> stat? {
    var status = stat()
    return stat(path, &status) == 0 ? status : nil
}

func permissions(_ path: String) -> mode_t? {
    fileStatus(path).map { $0.st_mode & 0o7777 }
}

func exists(_ path: String) -> Bool {
    linkStatus(path) != nil
}

func isSymbolicLink(_ path: String) -> Bool {
    guard let status = linkStatus(path) else { return false }
    return (status.st_mode & S_IFMT) == S_IFLNK
}

// MARK: Errors

/// The storage error an operation threw, or `nil` if it threw none or another kind.
func storageError<T>(_ body: () throws -> T) -> StorageError? {
    do {
        _ = try body()
        return nil
    } catch {
        if case .storage(let storage) = error as? ProjectStoreError { return storage }
        return nil
    }
}

/// The document problem an operation threw, or `nil` if it threw none or another kind.
func documentProblem<T>(_ body: () throws -> T) -> DocumentProblem? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? DocumentProblem
    }
}

// MARK: Projects

/// 2026-11-22T08:30:00.125Z: a fraction a binary `Double` holds exactly.
let sampleDate = Date(timeIntervalSince1970: 1_795_336_200.125)

func makeProject(
    _ name: String, kind: ProjectKind = .novel, details: String? = nil,
    id: UUID = UUID(), created: Date = sampleDate
) -> Project {
    Project(id: id, name: name, kind: kind, created: created, details: details)
}

func makeCatalog(_ projects: [Project], order: ProjectOrder = .name) throws -> ProjectCatalog {
    try ProjectCatalog(projects: projects, defaultOrder: order)
}

/// A store with a fixed clock, so created dates are exact in the file.
func makeStore(_ storage: FileStorage) -> ProjectStore {
    ProjectStore(storage: storage, clock: { sampleDate })
}

// MARK: Bytes

/// Offsets of bytes a terminal could take as control: C0 (newlines allowed if asked), DEL, and C1 in UTF-8.
func controlByteOffsets(in bytes: [UInt8], allowingNewlines: Bool) -> [Int] {
    var offsets: [Int] = []
    for (offset, byte) in bytes.enumerated() {
        if byte < 0x20, !(allowingNewlines && byte == 0x0A) { offsets.append(offset) }
        if byte == 0x7F { offsets.append(offset) }
        if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) { offsets.append(offset) }
    }
    return offsets
}

// MARK: Randomness

/// A small seeded generator, so a failure found with random input can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The seed of this run: `RELIABILITY_SEED` when set (to repeat a run), else the clock; printed.
    static func seedForThisRun(test: String) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["RELIABILITY_SEED"].flatMap { UInt64($0) }
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("\(test): RELIABILITY_SEED=\(seed)")
        return seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: Threads

/// Runs `body` on a new thread and waits for it.
func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.start()
    done.wait()
    return box.value!
}

final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in one step, so concurrent changes are not lost.
    func mutate(_ body: (inout T?) -> Void) {
        lock.withLock { body(&stored) }
    }
}

// MARK: Scanning

/// Runs `body` with a scanner over `bytes` (the scanner reads them in place, so it lives only inside `body`).
func scanning<T>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> T) rethrows -> T {
    try bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        return try body(&scanner)
    }
}

func scanning<T>(_ text: String, _ body: (inout JSONScanner) throws -> T) rethrows -> T {
    try scanning(Array(text.utf8), body)
}

/// A key as text, however the scanner hands it over.
func keyText(_ key: JSONKey) -> String {
    switch key {
    case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
    case .text(let text): text
    }
}

// MARK: Running as another user

private typealias SystemCall = @convention(c) (Int, Int, Int, Int) -> Int

#if arch(x86_64)
private let setresuidNumber = 117
#elseif arch(arm64)
private let setresuidNumber = 147
#else
private let setresuidNumber = -1
#endif

/// Runs `body` on a new thread whose real and effective user ids are `nobody`'s. Linux keeps credentials
/// per thread; glibc's `setresuid` spreads a change to every thread, so the raw system call is used
/// (variadic `syscall(2)` cannot be called from Swift directly). The saved id stays root, so the thread
/// can switch back. `nil` when the switch is not possible.
private func asUnprivilegedUser<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
    guard setresuidNumber > 0, let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syscall") else {
        return nil
    }
    let call = unsafeBitCast(symbol, to: SystemCall.self)
    let nobody = 65_534
    return onNewThread { () -> T? in
        guard call(setresuidNumber, nobody, nobody, 0) == 0 else { return nil }
        defer { _ = call(setresuidNumber, 0, 0, 0) }
        guard geteuid() == uid_t(nobody) else { return nil }
        return body()
    }
}

/// `body` run as this user, or, as root (whom no permission stops), on a thread switched to `nobody`;
/// a recorded failure, not a pass, when that switch is impossible.
func asUserPermissionsStop<T: Sendable>(
    _ body: @escaping @Sendable () -> T, sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    guard geteuid() == 0 else { return body() }
    return try #require(asUnprivilegedUser(body), "could not switch a thread to an unprivileged user", sourceLocation: sourceLocation)
}
