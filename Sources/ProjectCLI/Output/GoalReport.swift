import Foundation
import ProjectStore

extension CommandContext {
    /// One sentence for each of the target and the due date that `edit` or `add` set or cleared. A
    /// due date already past is kept (a missed deadline is worth recording) and said to be past.
    func reportGoals(of project: Project, changed edit: ProjectEdit) {
        if edit.target != .keep {
            if let target = project.target {
                say("target.set", ["name": project.name, "words": progressText.words(target)])
            } else {
                say("target.cleared", ["name": project.name])
            }
        }
        if edit.due != .keep {
            if let due = project.due {
                let daysPast = due.days(until: CalendarDay(Date(), in: locales.timeZone.zone))
                if daysPast > 0 {
                    say("due.set.passed", count: daysPast, ["name": project.name, "date": dateText.day(due), "count": numbers.string(daysPast)])
                } else {
                    say("due.set", ["name": project.name, "date": dateText.day(due)])
                }
            } else {
                say("due.cleared", ["name": project.name])
            }
        }
    }
}
