import ProjectStore

/// `project show` for people: labelled lines, details indented under their label.
struct ProjectDetailView {
    let localizer: Localizer
    let dates: DateText

    func render(_ project: Project, count: Int, folder: FolderState) -> String {
        let details = project.details.map { TerminalText.visible($0, keepingNewlines: true) }
        let rows: [(String, String)] = [
            ("show.name", TerminalText.visible(project.name)),
            ("show.type", localizer.text(project.kind.nameKey)),
            ("show.created", dates.dateAndTime(project.created)),
            ("show.position", localizer.text("show.position.value", ["position": String(project.position), "count": String(count)])),
            ("show.details", details ?? localizer.text("show.details.none")),
            ("show.folder", folderText(folder, project: project)),
            ("show.id", project.id.lowercasedString),
        ]
        let labels = rows.map { localizer.text($0.0) }
        let width = labels.map(TerminalText.width).max() ?? 0
        var text = ""
        for (label, (_, value)) in zip(labels, rows) {
            let indent = "\n" + String(repeating: " ", count: width + 2)
            text += TerminalText.padded(label, to: width) + "  "
            text += value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: indent) + "\n"
        }
        return text
    }

    private func folderText(_ folder: FolderState, project: Project) -> String {
        switch folder {
        case .none: localizer.text("show.folder.none", ["name": project.name])
        case .present(let path): TerminalText.visible(path)
        case .missing(let path): localizer.text("show.folder.missing", ["path": TerminalText.visible(path)])
        }
    }
}
