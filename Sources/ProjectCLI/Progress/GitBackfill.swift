import Foundation
import ProjectStore
import ProjectStoreFile

/// The words of each project at the last commit of each day of a root's git history, before the
/// first recorded count: read once, kept as counts, marked done (docs/progress.md, "Backfill").
struct GitBackfill {
    let git: Git
    /// Each project's folder, relative to the root, at each commit's moment.
    let timeline: FolderTimeline

    /// `nil` when the root is not a git repository of its own, or git is not installed. `changes`:
    /// the store's history, which says where a renamed project's folder was before.
    init?(root: String, projects: [Project], changes: [Change], context: CommandContext) {
        guard FileManager.default.fileExists(atPath: root + "/.git"),
              let git = Git(root: root, environment: context.environment, interactive: false)
        else { return nil }
        self.git = git
        timeline = FolderTimeline(now: projects, changes: changes)
    }

    /// The counts, one a project and day, and the days read; nothing when the history has no commit
    /// before `before`.
    func counts(before: Int?) -> (counts: [WordCount], days: [Int]) {
        let log = git.run(["log", "--first-parent", "--format=%H %ct %cI"])
        guard log.succeeded else { return ([], []) }
        let all = log.lines.compactMap(Self.commit)
        let commits = BackfillCommits.lastOfEachDay(all, before: before)
        var wordsOfBlob: [String: Int] = [:]
        var counts: [WordCount] = []
        for commit in commits {
            let folders = timeline.folders(at: commit.time)
            guard !folders.isEmpty else { continue }
            let tree = git.run(["ls-tree", "-r", "-z", commit.id, "--"] + folders.map(\.path))
            guard tree.succeeded else { continue }
            var words: [UUID: Int] = Dictionary(folders.map { ($0.id, 0) }, uniquingKeysWith: { a, _ in a })
            for entry in tree.output.split(separator: "\0") {
                // `<mode> blob <id>\t<path>`
                guard let tab = entry.firstIndex(of: "\t") else { continue }
                let fields = entry[..<tab].split(separator: " ")
                let path = String(entry[entry.index(after: tab)...])
                let name = path.split(separator: "/").last.map(String.init) ?? path
                guard fields.count == 3, fields[1] == "blob", !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                      let syntax = TextFileKind.syntax(forFileName: name),
                      let project = folders.first(where: { path.hasPrefix($0.path + "/") })
                else { continue }
                let blob = String(fields[2])
                if wordsOfBlob[blob] == nil {
                    wordsOfBlob[blob] = git.contents(blob).map { WordCounter.count(Array($0), syntax: syntax) } ?? 0
                }
                words[project.id, default: 0] += wordsOfBlob[blob] ?? 0
            }
            for (project, total) in words.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                counts.append(WordCount(project: project, time: commit.time, offsetMinutes: commit.offsetMinutes, words: total))
            }
        }
        // Before the history's first commit there was no text: each project starts from 0 there, so
        // the words of the first day with a commit are that day's (a lower count at the same moment
        // is the earlier one).
        if let oldest = all.min(by: { $0.time < $1.time }), !counts.isEmpty {
            let projects = Set(counts.map(\.project)).sorted { $0.uuidString < $1.uuidString }
            counts.insert(contentsOf: projects.map { WordCount(project: $0, time: oldest.time, offsetMinutes: oldest.offsetMinutes, words: 0) }, at: 0)
        }
        return (counts, commits.map(\.day))
    }

    /// `<id> <seconds> <ISO 8601 date with its offset>`, as `git log --format="%H %ct %cI"` writes it.
    static func commit(_ line: String) -> BackfillCommits.Commit? {
        let fields = line.split(separator: " ")
        guard fields.count == 3, let time = Int(fields[1]) else { return nil }
        let date = fields[2]
        guard date.hasSuffix("Z") == false, date.count >= 6 else { return .init(id: String(fields[0]), time: time, offsetMinutes: 0) }
        let zone = date.suffix(6)
        guard let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2)) else { return nil }
        let offset = hours * 60 + minutes
        return .init(id: String(fields[0]), time: time, offsetMinutes: zone.first == "-" ? -offset : offset)
    }
}
