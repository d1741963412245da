import ProjectStore

/// `project list` for people: one project a line, columns aligned by display width.
struct ProjectListView {
    let localizer: Localizer
    let dates: DateText

    /// With `positions`, each line starts with the project's place in the writer's order.
    func render(_ projects: [Project], positions: Bool) -> [UInt8] {
        let kindNames = Dictionary(uniqueKeysWithValues: ProjectKind.allCases.map { ($0, localizer.text($0.nameKey)) })
        let names = projects.map { TerminalText.visible($0.name) }
        let widths = names.map(TerminalText.width)
        let nameWidth = widths.max() ?? 0
        let kindWidth = kindNames.values.map(TerminalText.width).max() ?? 0
        let positionWidth = String(projects.map(\.position).max() ?? 0).count
        // Built as bytes: a list of 100,000 projects is 100,000 lines.
        var text: [UInt8] = []
        text.reserveCapacity(projects.count * (positionWidth + nameWidth + kindWidth + 24))
        for (index, project) in projects.enumerated() {
            if positions {
                let number = String(project.position)
                text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: positionWidth - number.utf8.count))
                text.append(contentsOf: number.utf8)
                text.append(contentsOf: "  ".utf8)
            }
            text.append(contentsOf: names[index].utf8)
            text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: nameWidth - widths[index] + 2))
            TerminalText.appendPadded(kindNames[project.kind]!, to: kindWidth + 2, into: &text)
            text.append(contentsOf: dates.date(project.created).utf8)
            text.append(UInt8(ascii: "\n"))
        }
        return text
    }
}
