import Foundation

/// A project's versions and files in memory, for tests: several shelves given one are machines
/// whose sync engine delivers at once. It refuses to keep a text twice, as the disk's read-only
/// files would, so a test finds any attempt to rewrite one.
public final class MemoryVersionFolder: VersionFolder, @unchecked Sendable {
    private let lock = NSLock()
    public private(set) var files: [String: [UInt8]]
    public private(set) var texts: [String: [UInt8]] = [:]
    /// Each machine's records, in the order it appended them.
    public private(set) var recordsByMachine: [UUID: [VersionRecord]] = [:]
    /// How many times a text was written: once each, ever.
    public private(set) var textWrites = 0

    public init(files: [String: String] = [:]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    private func locked<T>(_ body: () throws(VersionError) -> T) throws(VersionError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public func setFile(_ file: String, to text: String?) {
        lock.lock()
        files[file] = text.map { Array($0.utf8) }
        lock.unlock()
    }

    public func records() throws(VersionError) -> [VersionRecord] {
        try locked { () throws(VersionError) in Array(recordsByMachine.values.joined()) }
    }

    public func append(_ records: [VersionRecord], machine: Machine) throws(VersionError) {
        try locked { () throws(VersionError) in recordsByMachine[machine.id, default: []] += records }
    }

    /// What stands in a kept text's place instead of a file: a link, a pipe, a file too large.
    public private(set) var standIns: [String: KeptTextProblem] = [:]

    /// A kept text changed in place (`nil`: taken away), as an editor forcing its way in would.
    public func changeText(_ name: String, to text: String?) {
        lock.lock()
        texts[name] = text.map { Array($0.utf8) }
        lock.unlock()
    }

    /// Something other than a plain file put in a kept text's place.
    public func putInPlace(of name: String, _ standIn: KeptTextProblem) {
        lock.lock()
        standIns[name] = standIn
        lock.unlock()
    }

    /// A text is written once, ever, unless what holds its name is not it (cut short, changed,
    /// something else in its place), as on disk.
    public func keep(_ bytes: [UInt8], as name: String) throws(VersionError) {
        try locked { () throws(VersionError) in
            if standIns[name] == nil, let held = texts[name], VersionRecord.digest(ofTextName: name) == TextDigest.hex(of: held) {
                throw .unwritable(path: name, code: 13)
            }
            standIns[name] = nil
            texts[name] = bytes
            textWrites += 1
        }
    }

    public func text(_ name: String) throws(VersionError) -> [UInt8] {
        try locked { () throws(VersionError) in
            if let standIn = standIns[name] { throw .keptText(path: path(ofText: name), problem: standIn) }
            guard let text = texts[name] else { throw .keptText(path: path(ofText: name), problem: .missing) }
            return text
        }
    }

    public func contents(of file: String) throws(VersionError) -> [UInt8]? {
        try locked { () throws(VersionError) in files[file] }
    }

    public func write(_ bytes: [UInt8], to file: String) throws(VersionError) {
        try locked { () throws(VersionError) in files[file] = bytes }
    }

    public func remove(_ file: String) throws(VersionError) {
        try locked { () throws(VersionError) in files[file] = nil }
    }

    public func textFiles() throws(VersionError) -> [String] {
        try locked { () throws(VersionError) in
            files.keys.filter { file in
                file.split(separator: "/").last.map { TextFileKind.syntax(forFileName: String($0)) != nil } ?? false
            }
        }
    }

    public func path(ofText name: String) -> String { ".versions/texts/" + name }

    private let exclusive = NSLock()

    public func exclusively<T>(_ body: () throws(VersionError) -> T) throws(VersionError) -> T {
        exclusive.lock()
        defer { exclusive.unlock() }
        return try body()
    }
}
