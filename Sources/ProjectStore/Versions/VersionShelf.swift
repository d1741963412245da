import Foundation

/// What snapshot and restore do with one project's versions, through the `VersionFolder` seam:
/// numbering, the same text stored once, a file unchanged kept no second time, today's text kept
/// before a restore.
public struct VersionShelf: Sendable {
    public let folder: any VersionFolder
    let machine: Machine
    let clock: @Sendable () -> Date
    let newID: @Sendable () -> String

    public init(
        folder: any VersionFolder, machine: Machine, clock: @escaping @Sendable () -> Date = { Date() },
        newID: @escaping @Sendable () -> String = VersionRecord.newID
    ) {
        self.folder = folder
        self.machine = machine
        self.clock = clock
        self.newID = newID
    }

    /// What a snapshot did with one file.
    public enum Kept: Sendable, Equatable {
        case kept(NumberedVersion)
        /// The file holds its newest version's text: nothing was kept.
        case unchanged(NumberedVersion)

        /// The version holding the file's text now, new or not: what a submission pins.
        public var version: NumberedVersion {
            switch self {
            case .kept(let version), .unchanged(let version): version
            }
        }
    }

    public func list() throws(VersionError) -> VersionList { VersionList(try folder.records()) }

    /// Keeps the text of each file now, unless it is its newest version's; with no files, every text
    /// file of the project. Every file is read and checked before anything is written.
    public func keep(files named: [String], note: String?) throws(VersionError) -> [Kept] {
        try folder.exclusively { () throws(VersionError) in
            let files = named.isEmpty ? try folder.textFiles().sorted() : Self.withoutRepeats(named)
            var texts: [(file: String, bytes: [UInt8])] = []
            for file in files {
                guard let bytes = try folder.contents(of: file) else { throw .noFile(file: file) }
                texts.append((file, bytes))
            }
            return try keep(texts, note: note)
        }
    }

    /// The most a kept text may hold: 256 MB, far beyond any manuscript, so that a file of gigabytes
    /// put in a text's place is refused rather than read.
    public static let textLimit = 256 << 20

    /// A kept text's bytes, checked against the hash its name is: a text that fails is never used,
    /// and `.keptText` names it.
    public func text(_ name: String) throws(VersionError) -> [UInt8] {
        // A name that is no hash (from a record another machine wrote) is never read: it could name
        // a path anywhere.
        guard let digest = VersionRecord.digest(ofTextName: name) else {
            throw .keptText(path: folder.path(ofText: name), problem: .changed)
        }
        let bytes = try folder.text(name)
        guard TextDigest.hex(of: bytes) == digest else { throw .keptText(path: folder.path(ofText: name), problem: .changed) }
        return bytes
    }

    /// Whether `name` holds `bytes`, whose hash it is: then it holds them whole and intact.
    private func holds(_ name: String, _ bytes: [UInt8]) -> Bool {
        guard VersionRecord.digest(ofTextName: name) != nil, let held = try? folder.text(name) else { return false }
        return held == bytes
    }

    /// A kept text that fails its check, and the versions that name it.
    public struct FailingText: Sendable, Equatable {
        public let text: String
        public let path: String
        public let problem: KeptTextProblem
        /// Oldest first, by file.
        public let versions: [NumberedVersion]
    }

    /// Every kept text a version names (a version of `file`, when given) that is not the text it is
    /// named for, by path, and how many texts were checked.
    public func check(file: String? = nil) throws(VersionError) -> (checked: Int, failing: [FailingText]) {
        let list = try list()
        var byText: [String: [NumberedVersion]] = [:]
        for file in file.map({ [$0] }) ?? list.byFile.keys.sorted() {
            for version in list.versions(of: file) { byText[version.record.text, default: []].append(version) }
        }
        var failing: [FailingText] = []
        for (name, versions) in byText {
            do throws(VersionError) {
                _ = try text(name)
            } catch {
                guard case .keptText(let path, let problem) = error else { throw error }
                failing.append(FailingText(text: name, path: path, problem: problem, versions: versions))
            }
        }
        return (byText.count, failing.sorted { $0.path < $1.path })
    }

    private func keep(_ texts: [(file: String, bytes: [UInt8])], note: String?) throws(VersionError) -> [Kept] {
        var records = try folder.records()
        let before = VersionList(records)
        var clockReading = before.latestClock
        var made: [VersionRecord] = []
        var unchanged: [String: NumberedVersion] = [:]
        var stored = Set<String>()
        for (file, bytes) in texts {
            let name = VersionRecord.textName(of: bytes, file: file)
            // Unchanged only when the newest version's text is there and intact: a text gone, or
            // changed since it was kept, is kept again.
            let intact = stored.contains(name) || holds(name, bytes)
            if let newest = before.newest(of: file), newest.record.text == name, intact {
                unchanged[file] = newest
                continue
            }
            if !intact { try folder.keep(bytes, as: name) }
            stored.insert(name)
            let now = clock()
            let reading = HybridTime.next(at: now, after: clockReading)
            clockReading = reading
            let syntax = TextFileKind.syntax(forFileName: file) ?? .plainText
            made.append(VersionRecord(
                id: newID(), file: file, text: name, clock: reading, time: now, machine: machine,
                words: WordCounter.count(bytes, syntax: syntax), note: note))
        }
        if !made.isEmpty { try folder.append(made, machine: machine) }
        records += made
        let after = VersionList(records)
        return texts.map { text in
            if let same = unchanged[text.file] { return .unchanged(same) }
            return .kept(after.newest(of: text.file)!)
        }
    }

    /// The version of each file a submission sent on `day` pins: the one `named` (number or id, for
    /// one file only); else, for a day before `today`, the newest version kept on or before it
    /// (`dayOf` gives a version's day on the writer's calendar), since a send recorded late sent
    /// the text of then; else today's text, kept now as `keep` keeps it.
    public func sent(
        files: [String], on day: CalendarDay, today: CalendarDay, named: String?, dayOf: (Date) -> CalendarDay, note: String?
    ) throws(VersionError) -> [NumberedVersion] {
        let files = files.isEmpty ? try folder.textFiles().sorted() : Self.withoutRepeats(files)
        let list = try list()
        // A version already kept is pinned only if its text is still the one kept, checked by its hash.
        if let named {
            guard files.count == 1 else { throw .versionOfOneFile(count: files.count) }
            let version = try list.version(of: files[0], named: named)
            _ = try text(version.record.text)
            return [version]
        }
        var chosen: [String: NumberedVersion] = [:]
        if day < today {
            for file in files {
                chosen[file] = list.versions(of: file).last { dayOf($0.record.time) <= day }
                if let version = chosen[file] { _ = try text(version.record.text) }
            }
        }
        let toKeep = files.filter { chosen[$0] == nil }
        let kept = toKeep.isEmpty ? [] : try keep(files: toKeep, note: note)
        for (file, made) in zip(toKeep, kept) { chosen[file] = made.version }
        return files.map { chosen[$0]! }
    }

    /// What a restore did: the version kept of today's text first (none when it was already the
    /// newest version, or the file was gone), and the version now in the file.
    public struct Restored: Sendable, Equatable {
        public let keptFirst: NumberedVersion?
        /// The version holding the text the file had (kept first or already the newest); `nil` when
        /// the file was gone.
        public let before: NumberedVersion?
        public let restored: NumberedVersion
        /// The file was not there: the restore brought it back.
        public let broughtBack: Bool
    }

    /// Makes `file` hold the version named (number or id) again, keeping today's text first as a
    /// version noted `note(number)`.
    public func restore(_ file: String, version name: String, note: (Int) -> String) throws(VersionError) -> Restored {
        try folder.exclusively { () throws(VersionError) in
            let list = try list()
            let wanted = try list.version(of: file, named: name)
            let bytes = try text(wanted.record.text)
            let today = try folder.contents(of: file)
            var kept: Kept?
            if let today { kept = try keep([(file, today)], note: note(wanted.number)).first }
            var keptFirst: NumberedVersion?
            if case .kept(let version) = kept { keptFirst = version }
            try folder.write(bytes, to: file)
            return Restored(keptFirst: keptFirst, before: kept?.version, restored: wanted, broughtBack: today == nil)
        }
    }

    /// Makes `file` hold the version of id `to` (gone for `nil`) where it holds the version of id
    /// `from` (is gone, for `nil`): how `undo` and `redo` take a restore back and apply it again.
    /// `false`, and nothing written, when the file holds anything else: text typed since.
    public func exchange(_ file: String, from: String?, to: String?) throws(VersionError) -> Bool {
        try folder.exclusively { () throws(VersionError) in
            let list = try list()
            func textName(_ id: String?) throws(VersionError) -> String? {
                guard let id else { return nil }
                return try list.version(of: file, named: id).record.text
            }
            let (expected, wanted) = (try textName(from), try textName(to))
            let today = try folder.contents(of: file)
            guard today.map({ VersionRecord.textName(of: $0, file: file) }) == expected else { return false }
            if let wanted { try folder.write(try text(wanted), to: file) } else { try folder.remove(file) }
            return true
        }
    }

    private static func withoutRepeats(_ files: [String]) -> [String] {
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }
}
