import Foundation
import ProjectStore

/// What the submission commands share: today on the writer's calendar, their words, their values typed.
extension CommandContext {
    var today: CalendarDay { CalendarDay(clock(), in: locales.timeZone.zone) }

    var submissionWords: SubmissionWords {
        let dates = dateText
        return SubmissionWords(localizer: localizer, day: { dates.day($0) })
    }
}

extension Invocation {
    /// A day as `YYYY-MM-DD`.
    func day(_ option: OptionSpec) throws(UsageError) -> CalendarDay? {
        guard let text = value(option) else { return nil }
        // Only `market --deadline` is cleared by an empty value, and it reads that before asking.
        guard let day = CalendarDay(parsing: text) else { throw badValue(option, expected: .day) }
        return day
    }

    /// One of `choices`, as typed in any letter case.
    func choice<Choice: RawRepresentable & CaseIterable>(_ option: OptionSpec, of _: Choice.Type) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        guard let text = value(option) else { return nil }
        guard let found = Choice(rawValue: text.lowercased()) else {
            throw badValue(option, expected: .oneOf(Choice.allCases.map(\.rawValue)))
        }
        return found
    }

    /// `yes` or `no`.
    func yesNo(_ option: OptionSpec) throws(UsageError) -> Bool? {
        guard let text = value(option) else { return nil }
        guard let value = MarketField.yesNo(text) else { throw badValue(option, expected: .oneOf(MarketField.yesNoWords)) }
        return value
    }
}

extension CommandContext {
    /// Where each piece's version sent is kept, for a project whose folder is there, by row and piece:
    /// read once a project, so that a script can open what was sent (an accepted version) whatever
    /// the file became.
    func versionPaths(of rows: [ListedSubmission], in store: ProjectStore, _ catalog: ProjectCatalog) -> [[String?]] {
        var paths = rows.map { [String?](repeating: nil, count: $0.pieces.count) }
        var lists: [UUID: (VersionPlace, VersionList)?] = [:]
        for row in rows.indices {
            let id = rows[row].submission.project
            if lists[id] == nil {
                let found = try? store.existingFolder(of: .id(id), in: catalog)
                lists[id] = found.flatMap { project, folder in
                    let place = versionPlace(project, folder: folder)
                    return (try? place.shelf.list()).map { (place, $0) }
                }
            }
            guard let (place, list) = lists[id] ?? nil else { continue }
            for (position, listed) in rows[row].pieces.enumerated() {
                let sent = rows[row].sent(listed)
                if let version = try? list.version(of: sent.file, named: sent.version) {
                    paths[row][position] = place.shelf.folder.path(ofText: version.record.text)
                }
            }
        }
        return paths
    }
}
