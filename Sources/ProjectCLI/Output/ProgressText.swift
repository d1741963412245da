import Foundation
import ProjectStore
import ProjectStoreFile

/// Word counts, percents, targets and due dates in the user's words and number grouping: the
/// totals of `files`, the column of `list --words`, the sentences of `edit` and `add`, and `show`'s
/// rows about progress.
struct ProgressText {
    let localizer: Localizer
    let numbers: NumberText
    let dates: DateText

    /// "12,345 words", "1 mot".
    func words(_ count: Int) -> String {
        localizer.text("words.count", count: count, ["count": numbers.string(count)])
    }

    /// "12,345 words in 12 files".
    func words(_ count: Int, inFiles files: Int) -> String {
        let files = localizer.text("words.files", count: files, ["count": numbers.string(files)])
        return localizer.text("words.in-files", ["words": words(count), "files": files])
    }

    /// "45%", "45 %" in French.
    func percent(_ value: Int) -> String {
        localizer.text("words.percent", ["percent": numbers.string(value)])
    }

    /// `show`'s labelled rows for the words (when counted), the target and the due date (when set);
    /// `writtenToday`, the project's words written today, sets today's need from the morning's words
    /// as `progress` does (`TodaysNeed`).
    func rows(_ project: Project, count: FolderCount?, today: CalendarDay, writtenToday: Int = 0) -> [(String, String)] {
        var rows: [(String, String)] = []
        if let count {
            rows.append(("show.words", words(count.words, inFiles: count.countedFiles)))
            let changed = count.lastModified.map(dates.dateAndTime) ?? localizer.text("show.last-change.none")
            rows.append(("show.last-change", changed))
        }
        let progress = WritingProgress(words: count?.words ?? 0, target: project.target, due: project.due, today: today)
        if let target = project.target {
            // Without a folder to count, the target alone: a percent of nothing counted would mislead.
            if count != nil, let percent = progress.percent {
                rows.append(("show.target", localizer.text("show.target.value", ["words": words(target), "percent": self.percent(percent)])))
            } else {
                rows.append(("show.target", words(target)))
            }
        }
        if let due = project.due, let daysLeft = progress.daysLeft {
            rows.append(("show.due", dueText(date: dates.day(due), daysLeft: daysLeft, overdue: progress.isOverdue)))
            if let count, let need = TodaysNeed(project: project, words: count.words, writtenToday: writtenToday, today: today) {
                rows.append(("show.per-day", localizer.text("show.per-day.value", ["words": words(need.words)])))
            }
        }
        return rows
    }

    private func dueText(date: String, daysLeft: Int, overdue: Bool) -> String {
        let days = abs(daysLeft)
        let arguments = ["date": date, "count": numbers.string(days)]
        if daysLeft > 0 { return localizer.text("show.due.days-left", count: days, arguments) }
        if daysLeft == 0 { return localizer.text("show.due.today", ["date": date]) }
        if overdue { return localizer.text("show.due.overdue", count: days, arguments) }
        return localizer.text("show.due.passed", count: days, arguments)
    }
}
