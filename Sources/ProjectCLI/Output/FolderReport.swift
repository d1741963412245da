import ProjectStore

/// What a change did to a project's folder, in one sentence.
struct FolderReport {
    let localizer: Localizer

    func sentence(_ outcome: FolderOutcome) -> String {
        switch outcome {
        case .made(let path, let wanted):
            FolderPath.lastComponent(of: path) == wanted
                ? localizer.text("folder.made", ["path": path])
                : localizer.text("folder.made-other-name", ["path": path, "wanted": wanted])
        case .attached(let path): localizer.text("folder.attached", ["path": path])
        case .detached(let path): localizer.text("folder.detached", ["path": path])
        case .renamed(_, let path): localizer.text("folder.renamed", ["path": path])
        case .trashed(_, let path, let files): localizer.text("folder.trashed", count: files, ["path": path])
        case .kept(let path): localizer.text("folder.kept", ["path": path])
        case .notFound(let path): localizer.text("folder.not-found", ["path": path])
        }
    }
}

extension CommandContext {
    func report(_ outcome: FolderOutcome?) {
        guard let outcome else { return }
        terminal.output(FolderReport(localizer: localizer).sentence(outcome) + "\n")
    }
}
