import ProjectStore

/// `project list` for people: one project a line, columns aligned by display width.
struct ProjectListView {
    let localizer: Localizer
    let dates: DateText

    /// With `positions`, each line starts with the project's place in the writer's order.
    func render(_ projects: [Project], positions: Bool) -> String {
        let kindNames = Dictionary(uniqueKeysWithValues: ProjectKind.allCases.map { ($0, localizer.text($0.nameKey)) })
        let names = projects.map { TerminalText.visible($0.name) }
        let nameWidth = names.map(TerminalText.width).max() ?? 0
        let kindWidth = kindNames.values.map(TerminalText.width).max() ?? 0
        let positionWidth = String(projects.map(\.position).max() ?? 0).count
        var text = ""
        text.reserveCapacity(projects.count * (nameWidth + kindWidth + 24))
        for (project, name) in zip(projects, names) {
            if positions {
                let number = String(project.position)
                text += String(repeating: " ", count: positionWidth - number.count) + number + "  "
            }
            text += TerminalText.padded(name, to: nameWidth) + "  "
            text += TerminalText.padded(kindNames[project.kind]!, to: kindWidth) + "  "
            text += dates.date(project.created) + "\n"
        }
        return text
    }
}
