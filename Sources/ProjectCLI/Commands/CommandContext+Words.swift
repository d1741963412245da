import Foundation
import ProjectStore
import ProjectStoreFile

extension CommandContext {
    /// Counts the words in a project's folder. What inside could not be read is named on standard
    /// error, once each, and left out of the counts; only the folder itself failing is an error.
    func countWords(of project: Project, in folder: String) throws(CommandError) -> FolderCount {
        let count: FolderCount
        do {
            // A novel's chapters in the order compile takes them, whatever language named the folder.
            let chapters = ManuscriptOrder.chaptersFolder(of: project.kind).map { Self.namesOnDisk(of: $0, firstIn: localizer.language) }
            count = try FolderWordCount.count(
                folder: folder, preferredFolders: kindFolderNames(of: project.kind), chapterFolders: chapters ?? [],
                collator: NameCollator(locale: locales.collation))
        } catch {
            throw .folderUncountable(project, error)
        }
        reportProblems(in: count)
        return count
    }

    /// The words of several projects' folders, counted at once (`list --words`); problems are named
    /// as with one, project after project.
    func countWords(of folders: [(project: Project, path: String)]) -> [Result<FolderCount, CommandError>] {
        let counts = FolderWordCount.count(
            folders: folders.map { ($0.path, kindFolderNames(of: $0.project.kind)) }, collation: locales.collation)
        return zip(folders, counts).map { folder, count in
            count.map { count in
                reportProblems(in: count)
                return count
            }.mapError { .folderUncountable(folder.project, $0) }
        }
    }

    /// The words of each project whose folder is on disk (`list --words`, `progress`); a folder that cannot be read is named on
    /// standard error and counts as none, so one bad folder does not hide the others.
    func countWords(of projects: [Project], root: FolderRoot?) -> [UUID: Int] {
        let present = projects.compactMap { project -> (project: Project, path: String)? in
            guard let path = project.folder?.path(in: root), folders.entry(at: path) == .folder else { return nil }
            return (project, path)
        }
        var counts: [UUID: Int] = [:]
        for (folder, count) in zip(present, countWords(of: present)) {
            switch count {
            case .success(let count): counts[folder.project.id] = count.words
            case .failure(let error): terminal.error(ErrorReport(error, localizer: localizer).text)
            }
        }
        return counts
    }

    private func reportProblems(in count: FolderCount) {
        for problem in count.problems {
            terminal.error(ErrorReport.describe(problem, in: count.folder, localizer) + "\n")
        }
    }

    /// The kind's folders as `add` names them in the user's language: the top of the manuscript.
    func kindFolderNames(of kind: ProjectKind) -> [String] {
        kind.folders.map { FolderName.safe(localizer.text("kind-folder.\($0.rawValue)")) }
    }

    /// The names a kind's folder may have on disk, `language`'s first: a project made in French
    /// has `Chapitres`, whatever language the writer uses today.
    static func namesOnDisk(of kindFolder: KindFolder, firstIn language: String) -> [String] {
        let languages = [language] + Localizer.languages.filter { $0 != language }
        return languages.map { FolderName.safe(Localizer(language: $0).text("kind-folder.\(kindFolder.rawValue)")) }
    }

    /// The language a project's manuscript folder was named in when `add` made it (`Chapitres` is
    /// French), found among the folders whose names differ in every language.
    static func language(ofManuscriptFolder name: String?) -> String? {
        guard let name = name?.lowercased() else { return nil }
        let folders: [KindFolder] = [.chapters, .acts, .draft, .ready]
        return Localizer.languages.first { language in
            folders.contains { FolderName.safe(Localizer(language: language).text("kind-folder.\($0.rawValue)")).lowercased() == name }
        }
    }

    var numbers: NumberText { NumberText(locale: locales.numbers) }

    /// Dates in the writer's locale and zone; the first use says when the zone could not be used.
    var dateText: DateText {
        noteUnusableTimeZone()
        return DateText(locale: locales.formatting, timeZone: locales.timeZone.zone)
    }

    var progressText: ProgressText { ProgressText(localizer: localizer, numbers: numbers, dates: dateText) }
}
