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
        guard Self.isRepository(root),
              let git = Git(root: root, environment: context.environment, interactive: false)
        else { return nil }
        self.git = git
        timeline = FolderTimeline(now: projects, changes: changes)
    }

    /// Whether `root` is a git repository of its own.
    static func isRepository(_ root: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/.git")
    }

    /// The counts of the projects given, one a project and day, for the commits before each one's
    /// first count (`nil`: none yet, every commit), and the days read; nothing when the history has
    /// no such commit.
    func counts(of projects: [UUID: Int?]) -> (counts: [WordCount], days: [Int]) {
        let log = git.run(["log", "--first-parent", "--format=%H %ct %cI"])
        guard log.succeeded, !projects.isEmpty else { return ([], []) }
        let all = log.lines.compactMap(Self.commit)
        let latest = projects.values.contains { $0 == nil } ? nil : projects.values.compactMap { $0 }.max()
        let commits = BackfillCommits.lastOfEachDay(all, before: latest)
        let renames = folderRenames()
        var wordsOfBlob: [String: Int] = [:]
        var counts: [WordCount] = []
        var days: [Int] = []
        for commit in commits {
            let folders = timeline.folders(at: commit.time).compactMap { folder -> (id: UUID, path: String)? in
                guard let first = projects[folder.id], first.map({ commit.time < $0 }) ?? true else { return nil }
                return (folder.id, renames.folder(folder.path, at: commit.time))
            }
            guard !folders.isEmpty else { continue }
            let tree = git.run(["ls-tree", "-r", "-z", commit.id, "--"] + folders.map(\.path))
            guard tree.succeeded else { continue }
            days.append(commit.day)
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
        return (counts, days)
    }

    /// Folders git saw renamed, as `git log -M` finds renames: each commit whose files moved from one
    /// folder into another that its parent did not have.
    func folderRenames() -> FolderRenames {
        let log = git.run(["-c", "core.quotePath=false", "log", "--first-parent", "-M", "--diff-filter=R", "--name-status", "--format=@%H %ct"])
        guard log.succeeded else { return FolderRenames(renames: []) }
        var renames: [FolderRenames.Rename] = []
        var commit: (id: String, time: Int)?
        var seen: Set<String> = []
        for line in log.lines {
            if line.hasPrefix("@") {
                let fields = line.dropFirst().split(separator: " ")
                commit = fields.count == 2 ? Int(fields[1]).map { (String(fields[0]), $0) } : nil
                seen = []
                continue
            }
            // `R<score>\t<old path>\t<new path>`
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let commit, fields.count == 3, fields[0].hasPrefix("R") else { continue }
            let (old, new) = (fields[1].split(separator: "/"), fields[2].split(separator: "/"))
            // The deepest folders that differ, the rest of the path the same: `Draft/a.md` → `Novel/a.md`.
            var common = 0
            while common < min(old.count, new.count) - 1 && old[old.count - 1 - common] == new[new.count - 1 - common] { common += 1 }
            guard common > 0 else { continue }
            let from = old.dropLast(common).joined(separator: "/"), to = new.dropLast(common).joined(separator: "/")
            guard from != to, !seen.contains(to) else { continue }
            seen.insert(to)
            // A folder renamed is new in that commit; files moved into a folder that was there are not.
            let before = git.run(["ls-tree", "-d", commit.id + "^", "--", to])
            guard before.succeeded, before.output.isEmpty else { continue }
            renames.append(.init(time: commit.time, from: from, to: to))
        }
        return FolderRenames(renames: renames)
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

/// Folder renames git saw, newest first: where a folder was before each.
struct FolderRenames {
    struct Rename {
        let time: Int
        let from: String
        let to: String
    }

    let renames: [Rename]

    /// Where `folder` (as the store's history has it at `time`) was in git at `time`: followed back
    /// through each rename git saw after it.
    func folder(_ folder: String, at time: Int) -> String {
        var folder = folder
        for rename in renames where rename.time > time && rename.to == folder { folder = rename.from }
        return folder
    }
}
