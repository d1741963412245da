import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Helpers for the history's reliability tests: reading `history --json`, the version 2 store (with
// its revision and folders) and the files under the root, independently of the tool's own parsers.

/// One entry of `project history --json`.
struct HistoryLine: Equatable, CustomStringConvertible {
    var time: String
    var command: String
    var projects: [String]
    var summary: String
    var undone: Bool

    /// The change itself, whether undone or not: what stays the same when it is undone or redone.
    var change: String { "\(time) \(command) \(projects) \(summary)" }

    var description: String { "\(command): \(summary)\(undone ? " (undone)" : "")" }

    /// The array `history --json` prints, newest first.
    static func list(_ bytes: [UInt8]) throws -> [HistoryLine] {
        guard let array = try JSONSerialization.jsonObject(with: Data(bytes)) as? [Any] else {
            throw SpawnError("history --json is not an array: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return try array.map { object in
            guard let fields = object as? [String: Any], let time = fields["time"] as? String,
                  let command = fields["command"] as? String, let projects = fields["projects"] as? [String],
                  let summary = fields["summary"] as? String, let undone = fields["undone"] as? Bool
            else { throw SpawnError("not a history entry: \(object)") }
            return HistoryLine(time: time, command: command, projects: projects, summary: summary, undone: undone)
        }
    }
}

/// A project as the version 2 store file records it.
struct StoreProject: Equatable {
    var id: String
    var name: String
    var details: String?
    var position: Int
    /// Relative to the root when inside it, absolute outside; `nil` for a list entry only.
    var folder: String?
    var managed: Bool
}

/// The store file (version 2), read with Foundation's JSON parser.
struct StoreFile {
    var revision: Int
    var sort: String
    var projects: [StoreProject]

    init(_ bytes: [UInt8]) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              object["version"] as? Int == 3, let sort = object["sort"] as? String,
              let list = object["projects"] as? [[String: Any]]
        else { throw SpawnError("not a version 2 store: \(String(decoding: bytes.prefix(200), as: UTF8.self))") }
        self.sort = sort
        // A store no change has written since its history began may have no revision yet.
        revision = object["revision"] as? Int ?? 0
        projects = try list.map { fields in
            guard let id = fields["id"] as? String, let name = fields["name"] as? String,
                  let position = fields["position"] as? Int
            else { throw SpawnError("not a project: \(fields)") }
            return StoreProject(
                id: id, name: name, details: fields["details"] as? String, position: position,
                folder: fields["folder"] as? String, managed: fields["managed"] as? Bool ?? false)
        }
    }

    func project(named name: String) -> StoreProject? { projects.first { $0.name == name } }
}

/// One test's store, its root folder and the tool that works on them.
struct HistoryFixture: Sendable {
    let folder: String
    let tool: Tool

    /// A store in `folder`, whose root is `folder/Writing` (the default `~/Writing`, HOME being `folder`).
    init(in folder: String, tool: Tool? = nil) throws {
        self.folder = folder
        self.tool = try tool ?? Tool(store: folder + "/projects.json")
    }

    var store: String { tool.store }
    var historyPath: String { store + ".history" }
    var root: String { StoreFolder.parent(store) + "/Writing" }
    var trash: String { root + "/.trash" }

    func storeFile() throws -> StoreFile { try StoreFile(#require(fileBytes(store), "the store \(store) is missing")) }

    /// `history --json`, newest first, which must succeed.
    func history(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [HistoryLine] {
        let outcome = try tool.run("history", "--json")
        guard outcome.status == 0 else {
            Issue.record("\(context): history --json failed: \(outcome)", sourceLocation: sourceLocation)
            throw SpawnError("\(context): history --json failed")
        }
        return try HistoryLine.list(outcome.stdout)
    }

    /// `project export`, which must succeed.
    func export(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let outcome = try tool.run("export")
        guard outcome.status == 0 else {
            Issue.record("\(context): export failed: \(outcome)", sourceLocation: sourceLocation)
            throw SpawnError("\(context): export failed")
        }
        return outcome.stdout
    }

    /// The absolute path of a recorded folder.
    func path(of folder: String) -> String { folder.hasPrefix("/") ? folder : root + "/" + folder }

    /// Every project's recorded folder exists, and the store holds no intent left over: records an
    /// issue for each that does not, and returns whether all was well.
    @discardableResult
    func checkFolders(_ store: StoreFile, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var good = true
        for project in store.projects {
            guard let folder = project.folder, !isRealFolder(path(of: folder)) else { continue }
            Issue.record("\(context): the folder \(folder) of “\(project.name)” is missing", sourceLocation: sourceLocation)
            good = false
        }
        if access(self.store + ".intent", F_OK) == 0 {
            Issue.record("\(context): an intent was left beside the store", sourceLocation: sourceLocation)
            good = false
        }
        return good
    }

    /// Every file the test placed (named `placed-…`) is there exactly once, in a project's folder or
    /// in the trash: nothing of the writer's lost, nothing copied. Returns whether all was well.
    @discardableResult
    func checkPlacedFiles(_ names: [String], _ store: StoreFile, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var good = true
        let found = filesUnder(root)
        let folders = store.projects.compactMap(\.folder).map { path(of: $0) + "/" }
        for name in names {
            let places = found.filter { ($0 as NSString).lastPathComponent == name }
            guard places.count == 1, let place = places.first else {
                Issue.record("\(context): \(name) is found \(places.count) times: \(places)", sourceLocation: sourceLocation)
                good = false
                continue
            }
            if !place.hasPrefix(trash + "/") && !folders.contains(where: { place.hasPrefix($0) }) {
                Issue.record("\(context): \(name) is at \(place), in no project's folder nor the trash", sourceLocation: sourceLocation)
                good = false
            }
        }
        return good
    }

    /// The history file itself after a successful change: a header, then whole events in revision
    /// order, none beyond the store's revision (an event a crash left ahead of the store is dropped
    /// by the next change). Returns the number of events.
    @discardableResult
    func checkHistoryFile(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let bytes = try #require(fileBytes(historyPath), "\(context): no history file", sourceLocation: sourceLocation)
        #expect(bytes.last == 0x0A, "\(context): the history does not end with a whole line", sourceLocation: sourceLocation)
        let lines = bytes.split(separator: 0x0A)
        #expect(lines.first.map { Array($0) } == Array("{\"history\": 2}".utf8), "\(context): the history's header is not version 2", sourceLocation: sourceLocation)
        var revisions: [Int] = []
        for line in lines.dropFirst() {
            guard let event = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], let revision = event["rev"] as? Int else {
                Issue.record("\(context): an event is not whole: \(String(decoding: line.prefix(120), as: UTF8.self))", sourceLocation: sourceLocation)
                continue
            }
            revisions.append(revision)
        }
        #expect(revisions == revisions.sorted(), "\(context): the events are not in revision order: \(revisions)", sourceLocation: sourceLocation)
        let storeRevision = try storeFile().revision
        #expect(revisions.allSatisfy { $0 <= storeRevision }, "\(context): an event is ahead of the store's revision \(storeRevision): \(revisions.suffix(3))", sourceLocation: sourceLocation)
        return revisions.count
    }

    /// The root's folders and files (paths relative to it, folders ending in `/`), the trash left out.
    func rootTree() -> [String] {
        filesUnder(root, folders: true).filter { !$0.hasPrefix(trash + "/") && $0 != trash + "/" }
            .map { String($0.dropFirst(root.count + 1)) }.sorted()
    }
}

/// Whether `path` is a folder (not following a last symbolic link).
func isRealFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
}

/// Every file under `folder` (absolute paths), and with `folders`, every folder too, ending in `/`.
func filesUnder(_ folder: String, folders: Bool = false) -> [String] {
    var found: [String] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        let path = folder + "/" + name
        if isRealFolder(path) {
            if folders { found.append(path + "/") }
            found += filesUnder(path, folders: folders)
        } else {
            found.append(path)
        }
    }
    return found
}

/// The median of some durations, the typical time of a command here and now.
func median(_ values: [Double]) -> Double {
    values.isEmpty ? 0.05 : values.sorted()[values.count / 2]
}

func seconds(since start: ContinuousClock.Instant) -> Double { (ContinuousClock.now - start).seconds }

func formatted(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
