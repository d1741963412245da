import ProjectStore
import ProjectStoreFile

/// `project show` for people: labelled lines, details indented under their label.
struct ProjectDetailView {
    let localizer: Localizer
    let dates: DateText
    let progress: ProgressText

    /// `words` is the folder counted, `nil` when there is none to count; `today` is the writer's
    /// day, from which the days left are counted. With `width` (a terminal's), values are broken
    /// at spaces to fit it, each line under the first.
    func render(
        _ project: Project, count: Int, folder: FolderState, words: FolderCount?, today: CalendarDay, notArrived: Bool = false,
        width lineWidth: Int? = nil, writtenToday: Int = 0
    ) -> String {
        let details = project.details.map { TerminalText.visible($0, keepingNewlines: true) }
        var rows: [(String, String)] = [
            ("show.name", TerminalText.visible(project.name)),
            ("show.type", localizer.text(project.kind.nameKey)),
            ("show.created", dates.dateAndTime(project.created)),
            ("show.position", localizer.text("show.position.value", ["position": String(project.position), "count": String(count)])),
            ("show.details", details ?? localizer.text("show.details.none")),
            ("show.folder", folderText(folder, project: project, notArrived: notArrived)),
        ]
        if let words, case let copies = FileTreeView.conflictCopies(in: words), !copies.isEmpty {
            rows.append(("show.conflicts", copies.map { TerminalText.visible($0) }.joined(separator: "\n")))
        }
        rows += progress.rows(project, count: words, today: today, writtenToday: writtenToday)
        rows.append(("show.id", project.id.lowercasedString))
        let labels = rows.map { localizer.text($0.0) }
        let width = labels.map(TerminalText.width).max() ?? 0
        let valueWidth = lineWidth.map { max($0 - width - 2, Self.narrowestValues) }
        var text = ""
        for (label, (_, value)) in zip(labels, rows) {
            let indent = "\n" + String(repeating: " ", count: width + 2)
            text += TerminalText.padded(label, to: width) + "  "
            let lines = value.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                valueWidth.map { TerminalText.wrapped(String(line), to: $0) } ?? [String(line)]
            }
            text += lines.joined(separator: indent) + "\n"
        }
        return text
    }

    /// The fewest cells a value's lines keep however narrow the terminal.
    static let narrowestValues = 20

    /// `notArrived`: the folder is another machine's, which the sync tool has not brought yet.
    private func folderText(_ folder: FolderState, project: Project, notArrived: Bool) -> String {
        switch folder {
        case .none: localizer.text("show.folder.none", ["name": project.name])
        case .present(let path): TerminalText.visible(path)
        case .missing(let path) where notArrived: localizer.text("show.folder.not-arrived", ["path": TerminalText.visible(path)])
        case .missing(let path): localizer.text("show.folder.missing", ["path": TerminalText.visible(path)])
        }
    }
}
