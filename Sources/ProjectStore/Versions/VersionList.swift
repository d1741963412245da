/// Every version of a project's files, numbered per file in the order every machine agrees on:
/// the same records give the same numbers on every machine, whatever order they arrived in.
public struct VersionList: Sendable {
    /// Each file's versions, oldest first.
    public let byFile: [String: [NumberedVersion]]

    public init(_ records: [VersionRecord]) {
        // Indices are grouped and sorted, not records: a record is a dozen fields to copy.
        var grouped: [String: [Int]] = [:]
        for (index, record) in records.enumerated() { grouped[record.file, default: []].append(index) }
        byFile = grouped.mapValues { indices in
            indices.sorted { VersionRecord.precedes(records[$0], records[$1]) }.enumerated().map {
                NumberedVersion(record: records[$1], number: $0 + 1)
            }
        }
    }

    public func versions(of file: String) -> [NumberedVersion] { byFile[file] ?? [] }

    public func newest(of file: String) -> NumberedVersion? { byFile[file]?.last }

    /// All versions, newest first (by hybrid clock, as numbered), for `versions`.
    public var newestFirst: [NumberedVersion] {
        byFile.values.joined().sorted { VersionRecord.precedes($1.record, $0.record) }
    }

    /// The version a writer named by number or by id.
    public func version(of file: String, named name: String) throws(VersionError) -> NumberedVersion {
        let versions = versions(of: file)
        if let number = Int(name), !VersionRecord.looksLikeID(name), let found = versions.first(where: { $0.number == number }) {
            return found
        }
        if let found = versions.first(where: { $0.record.id == name.lowercased() }) { return found }
        throw .unknownVersion(file: file, name: name, count: versions.count)
    }

    /// The highest clock among every version: a new one comes after all of them.
    public var latestClock: HybridTime? { byFile.values.joined().map(\.record.clock).max() }
}
