import Foundation
import ProjectStore
import ProjectStoreFile

/// `project show <project> [--json]`: everything about one project, its folder, its words and how
/// far it is from its target and due date included.
enum ShowCommand: Command {
    static let json = OptionSpec.flag("json", help: "show.option.json")

    static let spec = CommandSpec(
        name: "show", summary: "show.summary",
        arguments: [.required("placeholder.project", help: "argument.project")],
        options: [json],
        examples: "show.examples")

    static func run(_ invocation: Invocation, in context: CommandContext) throws {
        let store = try context.store
        let catalog = try store.catalog()
        let project = try catalog.project(.named(invocation.argument(0)!))
        let folder = store.folderState(of: project, in: catalog)
        var words: FolderCount?
        if case .present(let path) = folder {
            // A folder that cannot be read is told on standard error; the rest is still shown.
            do {
                let count = try context.countWords(of: project, in: path)
                context.recordWords([project.id: count.words], store: store, catalog: catalog)
                words = count
            } catch {
                context.terminal.error(ErrorReport(error, localizer: context.localizer).text)
            }
        }
        if invocation.isSet(json) {
            let path = project.folder?.path(in: store.root(of: catalog))
            let json = ProjectJSON.encode(project, folderPath: path, words: .counted(words?.words))
            context.terminal.output(String(decoding: json, as: UTF8.self) + "\n")
        } else {
            let progress = context.progressText
            let view = ProjectDetailView(localizer: context.localizer, dates: progress.dates, progress: progress)
            let today = CalendarDay(context.clock(), in: context.locales.timeZone.zone)
            context.terminal.output(view.render(
                project, count: catalog.projects.count, folder: folder, words: words, today: today,
                notArrived: store.folderHasNotArrived(project, in: catalog), width: context.lineWidth,
                writtenToday: words == nil ? 0 : writtenToday(project, store: store, catalog: catalog, context: context)))
            // Where its pieces were sent and where each stands, newest first.
            let sent = SubmissionListing(catalog: catalog, today: today).rows(pendingOnly: false, project: project.id)
            if !sent.isEmpty {
                context.terminal.output("\n" + context.localizer.text("submissions.heading") + "\n")
                SubmissionTable(context: context).render(sent).write(to: context.terminal)
            }
        }
    }

    /// The project's words written today, from the records of progress, so that today's need is
    /// the one `progress` shows; read only for a project with a target and a due date.
    private static func writtenToday(_ project: Project, store: ProjectStore, catalog: ProjectCatalog, context: CommandContext) -> Int {
        guard project.target != nil, project.due != nil, let folder = try? context.progressFolder(store, catalog),
              let days = try? context.writingDays(folder, projects: [project.id], store: store, catalog: catalog)
        else { return 0 }
        let now = context.clock()
        let today = DayNumber.of(time: Int(now.timeIntervalSince1970.rounded(.down)), offsetMinutes: context.offsetMinutes(at: now))
        return days.words(of: project.id, on: today)
    }
}
