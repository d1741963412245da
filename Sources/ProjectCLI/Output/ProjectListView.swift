import Foundation
import ProjectStore

/// `project list` for people: one project a line, columns aligned by display width.
struct ProjectListView {
    let localizer: Localizer
    let dates: DateText

    /// `list --words`: the words counted, by project id (a project without a folder on disk has
    /// none), shown in a column of their own with the percent of the target.
    struct Progress {
        let text: ProgressText
        let words: [UUID: Int]
    }

    /// With `positions`, each line starts with the project's place in the writer's order. With
    /// `width` (a terminal's), lines fit it: names too long for the room left by the other columns
    /// are shortened with an ellipsis, never the other columns.
    func render(_ projects: [Project], positions: Bool, progress: Progress? = nil, width: Int? = nil) -> [UInt8] {
        let kindNames = Dictionary(uniqueKeysWithValues: ProjectKind.allCases.map { ($0, localizer.text($0.nameKey)) })
        let kindWidth = kindNames.values.map(TerminalText.width).max() ?? 0
        // Each kind's column made once, not once a line.
        let kindColumns = kindNames.mapValues { name in
            var column: [UInt8] = []
            TerminalText.appendPadded(name, to: kindWidth + 2, into: &column)
            return column
        }
        var names = projects.map { TerminalText.visible($0.name) }
        var widths = names.map(TerminalText.width)
        var nameWidth = widths.max() ?? 0
        let positionWidth = String(projects.lazy.map { $0.position }.max() ?? 0).count
        let progressColumns = progress.map { Self.columns($0, for: projects) } ?? []
        // Made once when their width is needed; a pipe's list of 100,000 makes each as it goes.
        let dateTexts = width == nil ? nil : projects.map { dates.date($0.created) }
        if let width, let dateTexts {
            let others = (positions ? positionWidth + 2 : 0) + 2 + kindWidth + 2
                + (dateTexts.map(TerminalText.width).max() ?? 0) + (progressColumns.map(TerminalText.width).max() ?? 0)
            let room = max(width - others, Self.narrowestNames)
            if nameWidth > room {
                nameWidth = room
                for index in names.indices where widths[index] > room {
                    names[index] = TerminalText.truncated(names[index], to: room)
                    widths[index] = TerminalText.width(names[index])
                }
            }
        }
        // Built as bytes: a list of 100,000 projects is 100,000 lines.
        var text: [UInt8] = []
        text.reserveCapacity(projects.count * (positionWidth + nameWidth + kindWidth + 24))
        for index in projects.indices {
            if positions {
                let number = String(projects[index].position)
                text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: positionWidth - number.utf8.count))
                text.append(contentsOf: number.utf8)
                text.append(contentsOf: "  ".utf8)
            }
            text.append(contentsOf: names[index].utf8)
            text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: nameWidth - widths[index] + 2))
            text.append(contentsOf: kindColumns[projects[index].kind]!)
            text.append(contentsOf: (dateTexts?[index] ?? dates.date(projects[index].created)).utf8)
            if progress != nil { text.append(contentsOf: progressColumns[index].utf8) }
            text.append(UInt8(ascii: "\n"))
        }
        return text
    }

    /// The fewest cells a name keeps however narrow the terminal: past that, lines run over
    /// rather than names become unreadable.
    static let narrowestNames = 12

    /// "  12,345  45%" for each project, the numbers right-aligned; "—" for a project not counted,
    /// and no percent without a target.
    private static func columns(_ progress: Progress, for projects: [Project]) -> [String] {
        let words = projects.map { project in progress.words[project.id].map(progress.text.words) ?? "—" }
        let percents = projects.map { project -> String in
            guard let target = project.target, let count = progress.words[project.id] else { return "" }
            return progress.text.percent(count * 100 / target)
        }
        let wordsWidth = words.map(TerminalText.width).max() ?? 0
        let percentWidth = percents.map(TerminalText.width).max() ?? 0
        return zip(words, percents).map { words, percent in
            var column = "  " + String(repeating: " ", count: wordsWidth - TerminalText.width(words)) + words
            if !percent.isEmpty {
                column += "  " + String(repeating: " ", count: percentWidth - TerminalText.width(percent)) + percent
            }
            return column
        }
    }
}
