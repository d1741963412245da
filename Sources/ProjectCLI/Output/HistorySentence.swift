import ProjectStore

/// One recorded change in one sentence, as `history` lists it and `redo` says it, or, `undone`, as
/// `undo` says it was taken back. A command this version does not know is described by its count.
struct HistorySentence {
    let localizer: Localizer

    func describe(_ entry: History.Entry, undone: Bool = false) -> String {
        let record = entry.record
        let first = record.projects.first
        let name = TerminalText.visible((first?.after ?? first?.before)?.name ?? "")
        let single = record.projects.count == 1
        switch entry.command {
        case "add" where single:
            return localizer.text(undone ? "history.add.undo" : "history.add", ["name": name])
        case "delete" where single:
            return localizer.text(undone ? "history.delete.undo" : "history.delete", ["name": name])
        case "edit" where single:
            return localizer.text(undone ? "history.edit.undo" : "history.edit", ["name": name])
        case "rename" where single:
            let names = ["old": TerminalText.visible(first?.before?.name ?? ""), "new": TerminalText.visible(first?.after?.name ?? "")]
            return localizer.text(undone ? "history.rename.undo" : "history.rename", names)
        case "move" where single:
            let places = ["name": name, "from": String(first?.before?.position ?? 0), "to": String(first?.after?.position ?? 0)]
            return localizer.text(undone ? "history.move.undo" : "history.move", places)
        case "import":
            let count = record.projects.count
            return undone ? localizer.text("history.import.undo", count: count) : localizer.text("history.import", count: count)
        case "sort":
            let order = localizer.text((record.order.map { undone ? $0.before : $0.after } ?? .standard).nameKey)
            return localizer.text(undone ? "history.sort.undo" : "history.sort", ["order": order])
        case "root":
            let root = record.root.map { undone ? $0.before : $0.after } ?? nil
            let path = root.map { TerminalText.visible($0) } ?? localizer.text("history.root.default")
            return localizer.text(undone ? "history.root.undo" : "history.root", ["path": path])
        default:
            let count = max(record.projects.count, 1)
            let command = ["command": entry.command]
            return undone
                ? localizer.text("history.other.undo", count: count, command) : localizer.text("history.other", count: count, command)
        }
    }
}
