import ProjectStore
import ProjectStoreFile

extension CommandContext {
    /// Counts the words in a project's folder. What inside could not be read is named on standard
    /// error, once each, and left out of the counts; only the folder itself failing is an error.
    func countWords(of project: Project, in folder: String) throws(CommandError) -> FolderCount {
        let count: FolderCount
        do {
            count = try FolderWordCount.count(
                folder: folder, preferredFolders: kindFolderNames(of: project.kind),
                collator: NameCollator(locale: locales.collation))
        } catch {
            throw .folderUncountable(project, error)
        }
        for problem in count.problems {
            terminal.error(ErrorReport.describe(problem, in: folder, localizer) + "\n")
        }
        return count
    }

    /// The kind's folders as `add` names them in the user's language: the top of the manuscript.
    func kindFolderNames(of kind: ProjectKind) -> [String] {
        kind.folders.map { FolderName.safe(localizer.text("kind-folder.\($0.rawValue)")) }
    }

    var numbers: NumberText { NumberText(locale: locales.numbers) }

    var dateText: DateText { DateText(locale: locales.formatting) }

    var progressText: ProgressText { ProgressText(localizer: localizer, numbers: numbers, dates: dateText) }
}
