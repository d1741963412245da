import Foundation

/// One version of one file, as its machine recorded it: never changed once written.
public struct VersionRecord: Sendable, Equatable {
    /// Twelve hexadecimal digits made at random: the name that never changes meaning.
    public let id: String
    /// The file, relative to the project's folder, `/` between folders.
    public let file: String
    /// The kept text's name in the shelf: its digest and the file's extension.
    public let text: String
    public let clock: HybridTime
    public let time: Date
    public let machine: Machine
    public let words: Int
    public let note: String?

    public init(id: String, file: String, text: String, clock: HybridTime, time: Date, machine: Machine, words: Int, note: String?) {
        self.id = id
        self.file = file
        self.text = text
        self.clock = clock
        self.time = time
        self.machine = machine
        self.words = words
        self.note = note
    }

    /// The order every machine agrees on: hybrid clock, then machine id, then id.
    static func precedes(_ lhs: VersionRecord, _ rhs: VersionRecord) -> Bool {
        if lhs.clock != rhs.clock { return lhs.clock < rhs.clock }
        if lhs.machine.id != rhs.machine.id { return lhs.machine.id.uuidString < rhs.machine.id.uuidString }
        return lhs.id < rhs.id
    }

    /// A new random id.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() & 0xffff_ffff_ffff
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// Whether `text` has the form of an id (and so is not taken for a number).
    public static func looksLikeID(_ text: String) -> Bool {
        text.utf8.count == 12 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The hash a kept text's name is (its 64 lowercase hexadecimal digits), `nil` for a name that is
    /// not one this tool makes: anything after the digits is an extension, a dot and no `/`.
    public static func digest(ofTextName name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 64, bytes[..<64].allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        let rest = bytes[64...]
        guard rest.isEmpty || (rest.first == UInt8(ascii: ".") && rest.count > 1 && !rest.contains(UInt8(ascii: "/")) && !rest.contains(0)) else {
            return nil
        }
        return String(decoding: bytes[..<64], as: UTF8.self)
    }

    /// The name a text is kept under: its digest, and the extension of the file it came from.
    public static func textName(of bytes: [UInt8], file: String) -> String {
        let digest = TextDigest.hex(of: bytes)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return digest }
        return digest + name[dot...].lowercased()
    }
}

/// A version with its number among its file's versions.
public struct NumberedVersion: Sendable, Equatable {
    public let record: VersionRecord
    public let number: Int
}
