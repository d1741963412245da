import Foundation
import ProjectStore
import ProjectStoreFile

/// `project progress [<project>] [--days N] [--year] [--goal <words>] [--json | --csv]`: the words
/// written each day, in every project or the one named, from what the tool recorded on every
/// machine (docs/progress.md).
enum ProgressCommand: Command {
    static let days = OptionSpec.value("days", valueName: "placeholder.n", help: "progress.option.days")
    static let year = OptionSpec.flag("year", help: "progress.option.year")
    static let goal = OptionSpec.value("goal", valueName: "placeholder.words", help: "progress.option.goal")
    static let json = OptionSpec.flag("json", help: "progress.option.json")
    static let csv = OptionSpec.flag("csv", help: "progress.option.csv")
    static let defaultDays = 30
    /// The longest period: a hundred years of days. A period is a value a day (and a row a day and
    /// project in CSV): `--days 100000000` would fill gigabytes with days before anything was written.
    static let maximumDays = 36_525

    static let spec = CommandSpec(
        name: "progress", summary: "progress.summary", discussion: "progress.discussion",
        arguments: [.optional("placeholder.project", help: "progress.argument.project")],
        options: [days, year, goal, json, csv],
        examples: "progress.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let dayCount: Int
        do {
            dayCount = try invocation.number(days) ?? defaultDays
        } catch {
            throw invocation.badValue(days, expected: .dayCount(maximum: context.numbers.string(maximumDays)))
        }
        guard (1...maximumDays).contains(dayCount) else {
            throw invocation.badValue(days, expected: .dayCount(maximum: context.numbers.string(maximumDays)))
        }
        if invocation.isSet(json) && invocation.isSet(csv) {
            throw UsageError.conflictingOptions([json, csv].map { "--" + $0.long }, command: spec.name)
        }
        // Read before the store is opened: a goal refused leaves every file as it was.
        let goalSet = try goalWords(invocation, numbers: context.numbers)
        let store = try context.store
        let catalog = try store.catalog()
        let projects = try invocation.argument(0).map { [try catalog.project(.named($0))] } ?? catalog.projects
        let folder = try context.progressFolder(store, catalog)
        let now = context.clock()
        let machine = MachineFile.machine(environment: context.environment).id
        if case .set(let words) = goalSet {
            try folder.setGoal(words, at: Int(now.timeIntervalSince1970.rounded(.down)), of: machine)
            if let words {
                context.say("progress.goal-set", ["words": context.progressText.words(words)])
            } else {
                context.say("progress.goal-cleared")
            }
            return
        }
        let counts = context.countWords(of: projects, root: store.root(of: catalog))
        context.recordWords(counts, store: store, catalog: catalog)
        // Read once: each machine's apart where the days are computed machine by machine.
        let byMachine = context.daysByMachine(store, catalog)
        var machines = byMachine ? try folder.recordsByMachine() : nil
        var records = try machines.map { $0.reduce(into: ProgressRecords()) { $0.add($1) } } ?? folder.records()
        // Each project's past is read from git once, when it first appears: a folder with a year of
        // history adopted after the first `progress` gets its year too.
        let done = Set(records.projectBackfills.map(\.project))
        let waiting = catalog.projects.filter { $0.folder != nil && !done.contains($0.id) }
        if !waiting.isEmpty, let root = store.root(of: catalog)?.path,
           let backfill = GitBackfill(root: root, projects: catalog.projects, changes: (try? store.historyChanges().changes) ?? [], context: context) {
            let found = try backfillFromGit(backfill, projects: waiting, records: records, into: folder, machine: machine, now: now, context: context)
            records.add(found)
            // What was found went into this machine's log: read again, so its chain holds it.
            if byMachine && !found.counts.isEmpty { machines = try folder.recordsByMachine() }
        }
        let offset = context.offsetMinutes(at: now)
        let today = DayNumber.of(time: Int(now.timeIntervalSince1970.rounded(.down)), offsetMinutes: offset)
        let summary = ProgressSummary(
            records: records, scope: projects.map { .init(project: $0, words: counts[$0.id]) }, today: today, days: dayCount,
            offsetMinutes: offset, machines: machines)
        if invocation.isSet(json) {
            context.terminal.output(utf8: ProgressJSON.encode(summary, backfilledFrom: records.backfilledFrom))
        } else if invocation.isSet(csv) {
            context.terminal.output(utf8: ProgressJSON.csv(summary, projects: projects))
        } else {
            let colour = context.terminal.outputIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
            let view = ProgressView(localizer: context.localizer, text: context.progressText, colour: colour)
            context.terminal.output(view.render(summary, width: context.lineWidth, year: invocation.isSet(year)))
            if summary.days.firstDay == nil {
                // Records of projects no longer in the list are kept: undo or undelete brings them back.
                let kept = invocation.argument(0) == nil && (!records.counts.isEmpty || !records.dayEnds.isEmpty || !records.sessions.isEmpty)
                context.say(kept ? "progress.nothing-in-list" : "progress.nothing-yet")
            }
        }
    }

    /// `--goal` read as `--target` is, held to the goal's range, its mistakes told as a goal's:
    /// words a day, 0 clears it.
    private static func goalWords(_ invocation: Invocation, numbers: NumberText) throws(UsageError) -> ProjectEdit.Field<Int> {
        do {
            return try invocation.wordTarget(goal, numbers: numbers, kept: .dailyGoal)
        } catch {
            guard case .badValue(let option, let value, let expected, let command) = error else { throw error }
            let example = numbers.string(1_667)
            switch expected {
            case .wordTarget: throw UsageError.badValue(option: option, value: value, expected: .dailyGoal(grouped: example, decimal: false), command: command)
            case .wholeWords: throw UsageError.badValue(option: option, value: value, expected: .dailyGoal(grouped: example, decimal: true), command: command)
            default: throw error
            }
        }
    }

    /// Reads the root's git history before each waiting project's first count, keeps what it found
    /// with the mark that each was done, and says how far back it went.
    private static func backfillFromGit(
        _ backfill: GitBackfill, projects: [Project], records: ProgressRecords, into folder: ProgressFiles, machine: UUID, now: Date,
        context: CommandContext
    ) throws -> ProgressRecords {
        let firstCounts = records.firstCountTimes
        let found = backfill.counts(of: Dictionary(projects.map { ($0.id, firstCounts[$0.id]) }, uniquingKeysWith: { a, _ in a }))
        let today = DayNumber.of(time: Int(now.timeIntervalSince1970.rounded(.down)), offsetMinutes: context.offsetMinutes(at: now))
        let reached = found.days.min() ?? today
        let kept = ProgressRecords(
            counts: found.counts,
            projectBackfills: projects.map { project in
                ProjectBackfill(project: project.id, day: found.counts.filter { $0.project == project.id }.map(\.day).min() ?? today)
            })
        try folder.append(kept, latest: nil, of: machine)
        if !found.days.isEmpty {
            context.warn("progress.backfill", count: Set(found.days).count, [
                "date": context.dateText.day(DayNumber.calendarDay(reached)), "count": context.numbers.string(Set(found.days).count),
            ])
        }
        return kept
    }
}
