import Foundation
import ProjectStore
import ProjectStoreFile

/// Where a command records the words it counted, and how (docs/progress.md).
extension CommandContext {
    /// The progress files of this store: in the shared root when there is one, else beside the store.
    /// Those kept beside the store before the root was shared are brought into it.
    func progressFolder(_ store: ProjectStore, _ catalog: ProjectCatalog) throws -> ProgressFiles {
        guard let storePath else { throw CommandError.noStoreLocation }
        let digests = ProgressFiles.digestFolder(storePath: storePath)
        let beside = ProgressFiles(folder: ProgressFiles.folder(sharedRoot: nil, storePath: storePath), digests: digests)
        guard let root = store.sharedRoot(of: catalog) else { return beside }
        let shared = ProgressFiles(folder: ProgressFiles.folder(sharedRoot: root, storePath: storePath), digests: digests)
        try shared.adopt(beside)
        return shared
    }

    /// Whether the days are computed machine by machine: in a shared root kept in git, where `sync`
    /// tells the words that arrive from those written (docs/progress.md, "Arrivals").
    func daysByMachine(_ store: ProjectStore, _ catalog: ProjectCatalog) -> Bool {
        guard let root = store.sharedRoot(of: catalog) else { return false }
        return GitBackfill.isRepository(root)
    }

    /// The days of the projects given, machine by machine where `daysByMachine` says so.
    func writingDays(_ folder: ProgressFiles, projects: Set<UUID>, store: ProjectStore, catalog: ProjectCatalog) throws -> WritingDays {
        guard daysByMachine(store, catalog) else { return WritingDays(try folder.records(), projects: projects) }
        return WritingDays(machines: try folder.recordsByMachine(), projects: projects)
    }

    /// `sync`'s count before its merge (docs/progress.md, "Arrivals"): each project whose words
    /// differ from this machine's latest count is recorded in the log at once, at `merge` less a
    /// second, so what this machine wrote is counted before anything arrives. Returns the words.
    func countBeforeMerge(store: ProjectStore, merge: Date) -> [UUID: Int] {
        guard let catalog = try? store.catalog(), let folder = try? progressFolder(store, catalog) else { return [:] }
        let words = quietCounts(of: catalog, store: store)
        let machine = MachineFile.machine(environment: environment).id
        let latest = (try? folder.latest(of: machine)) ?? []
        var log: [WordCount] = []
        var kept = latest
        for count in wordCounts(words, at: merge.addingTimeInterval(-1)) {
            let previous = latest.first { $0.project == count.project }
            if previous?.words == count.words { continue }
            // The latest goes into the log first, as a newer hour would put it there.
            if let previous { log.append(previous) }
            log.append(count)
            kept.removeAll { $0.project == count.project }
            kept.append(count)
        }
        if !log.isEmpty { try? folder.append(ProgressRecords(counts: log), latest: kept, of: machine) }
        return words
    }

    /// `sync`'s count after its merge: each project whose words the merge changed (or brought) is
    /// recorded as an arrival at `merge`, its latest count put in the log before it. An arrival
    /// comes before any other count of its second, so a count made after the merge, in the same
    /// second, is after it.
    func recordArrivals(store: ProjectStore, merge: Date, before: [UUID: Int]) {
        guard let catalog = try? store.catalog(), let folder = try? progressFolder(store, catalog) else { return }
        let arrivals = wordCounts(quietCounts(of: catalog, store: store), at: merge).filter { before[$0.project] != $0.words }
        guard !arrivals.isEmpty else { return }
        let machine = MachineFile.machine(environment: environment).id
        let latest = (try? folder.latest(of: machine)) ?? []
        let arrived = Set(arrivals.map(\.project))
        try? folder.append(
            ProgressRecords(counts: latest.filter { arrived.contains($0.project) }, arrivals: arrivals),
            latest: latest.filter { !arrived.contains($0.project) }, of: machine)
    }

    /// The words of every project whose folder is there, counted quietly: a folder that cannot be
    /// read is for `files` to name, not `sync`.
    private func quietCounts(of catalog: ProjectCatalog, store: ProjectStore) -> [UUID: Int] {
        let root = store.root(of: catalog)
        let present = catalog.projects.compactMap { project -> (project: Project, path: String)? in
            guard let path = project.folder?.path(in: root), folders.entry(at: path) == .folder else { return nil }
            return (project, path)
        }
        let results = FolderWordCount.count(folders: present.map { ($0.path, kindFolderNames(of: $0.project.kind)) }, collation: locales.collation)
        var words: [UUID: Int] = [:]
        for (folder, result) in zip(present, results) {
            if case .success(let count) = result { words[folder.project.id] = count.words }
        }
        return words
    }

    /// The zone's offset from UTC at `date`, in minutes: it fixes the day a count falls on.
    func offsetMinutes(at date: Date) -> Int {
        locales.timeZone.zone.secondsFromGMT(for: date) / 60
    }

    /// Counts made now, as records.
    func wordCounts(_ words: [UUID: Int], at date: Date) -> [WordCount] {
        let time = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = offsetMinutes(at: date)
        return words.sorted { $0.key.uuidString < $1.key.uuidString }.map {
            WordCount(project: $0.key, time: time, offsetMinutes: offset, words: $0.value)
        }
    }

    /// Records what a command counted. Progress is a record kept on the side: a folder that cannot
    /// be written costs the record, never the command its result.
    func recordWords(_ words: [UUID: Int], store: ProjectStore, catalog: ProjectCatalog) {
        guard !words.isEmpty, let folder = try? progressFolder(store, catalog) else { return }
        try? folder.record(wordCounts(words, at: clock()), of: MachineFile.machine(environment: environment).id)
    }

    /// Records the project's words after a compile: the manuscript's files as compile counted them,
    /// the rest of the folder (notes, what the manuscript leaves out) read now, so what is recorded
    /// is the count `files` makes and no file is read twice. Nothing is said of a file that could
    /// not be read: that is `files`'s to say, and compile's result does not depend on it.
    func recordWords(of project: Project, in folder: String, compiled manuscript: Manuscript, store: ProjectStore, catalog: ProjectCatalog) {
        guard let count = try? FolderWordCount.count(
            folder: folder, preferredFolders: [], collator: NameCollator(locale: locales.collation), counted: manuscript.wordsByFile)
        else { return }
        recordWords([project.id: count.words], store: store, catalog: catalog)
    }
}

/// A writing session (`project open`): the project counted when the program starts and again when
/// it ends, and the words the files that changed gained and lost in between.
struct SessionRecorder {
    let context: CommandContext
    let store: ProjectStore
    let catalog: ProjectCatalog
    let project: Project
    let folder: String
    private let start: Date
    private let before: (count: FolderCount, snapshot: TextSnapshot)?

    /// Counts the project and keeps its text: called before the program starts.
    init(_ context: CommandContext, store: ProjectStore, catalog: ProjectCatalog, project: Project, folder: String) {
        self.context = context
        self.store = store
        self.catalog = catalog
        self.project = project
        self.folder = folder
        start = context.clock()
        before = (try? context.countWords(of: project, in: folder)).map { ($0, TextSnapshot($0)) }
        if let before { context.recordWords([project.id: before.count.words], store: store, catalog: catalog) }
    }

    /// Counts again, records the session and says what it wrote.
    func finish() {
        guard let before, let after = try? context.countWords(of: project, in: folder) else { return }
        let end = context.clock()
        let change = before.snapshot.changes(to: after)
        let session = WritingSession(
            project: project.id, start: Int(start.timeIntervalSince1970.rounded(.down)), end: Int(end.timeIntervalSince1970.rounded(.down)),
            offsetMinutes: context.offsetMinutes(at: end), added: change.added, removed: change.removed)
        let machine = MachineFile.machine(environment: context.environment).id
        guard let progress = try? context.progressFolder(store, catalog) else { return }
        // The end count goes into the log at once, beside the session: it closes what the session measured.
        let outcome = CountThrottle.record(context.wordCounts([project.id: after.words], at: end), latest: (try? progress.latest(of: machine)) ?? [])
        try? progress.append(ProgressRecords(counts: outcome.settled, sessions: [session]), latest: outcome.latest, of: machine)
        let text = context.progressText
        context.say("progress.session", [
            "added": text.words(change.added), "removed": text.words(change.removed), "words": text.words(after.words),
        ])
    }
}
