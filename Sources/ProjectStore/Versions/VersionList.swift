/// Every version of a project's files, numbered per file in the order every machine agrees on:
/// the same records give the same numbers on every machine, whatever order they arrived in.
public struct VersionList: Sendable {
    /// Each file's versions, oldest first.
    public let byFile: [String: [NumberedVersion]]

    public init(_ records: [VersionRecord]) {
        var grouped: [String: [VersionRecord]] = [:]
        for record in records { grouped[record.file, default: []].append(record) }
        byFile = grouped.mapValues { records in
            records.sorted(by: VersionRecord.precedes).enumerated().map { NumberedVersion(record: $1, number: $0 + 1) }
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
